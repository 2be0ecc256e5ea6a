import { Body, Controller, HttpCode, HttpException, HttpStatus, Post, Req, Res } from '@nestjs/common';
import {
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiHeader,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnsupportedMediaTypeResponse,
} from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { IDENTITY_MESSAGES, type AuthResponse, type MessageResponse } from '@pondesk/contracts';
import { Authenticated, Public } from '../../common/auth/auth.decorators';
import { CurrentActor, type Actor } from '../../common/auth/actor';
import { AuthService, type IssuedSession } from './auth.service';
import {
  ForgotPasswordDto,
  LoginDto,
  LogoutDto,
  RefreshDto,
  RegisterDto,
  ResetPasswordDto,
  SignUpDto,
} from './dto/auth.dto';
import { sessionEnded } from '../identity/identity.exception';
import type { ClientInfo } from '../identity/session.service';
import {
  assertCsrfHeader,
  assertJsonBody,
  clearRefreshCookie,
  CSRF_HEADER,
  CSRF_HEADER_VALUE,
  readRefreshCookie,
  REFRESH_COOKIE,
  REFRESH_COOKIE_PATH,
  rememberRequested,
  REMEMBER_HEADER,
  setRefreshCookie,
} from './refresh-cookie';

export function clientOf(req: Request): ClientInfo {
  const ua = req.headers['user-agent'];
  return { ip: req.ip ?? null, userAgent: typeof ua === 'string' ? ua : null };
}

const COOKIE_DOC = `Sets the refresh token as the cookie \`${REFRESH_COOKIE}\` (HttpOnly; SameSite=Strict; Path=${REFRESH_COOKIE_PATH}; Secure over HTTPS; 30 days, or the browser session with \`${REMEMBER_HEADER}: false\`); the JSON carries only the access token. JSON bodies only (415 otherwise).`;

/**
 * Puts the refresh token of a sign-in into the cookie and answers the rest: the JSON never carries it,
 * so no script (nor an XSS) can read or keep it.
 */
function signedIn(req: Request, res: Response, issued: IssuedSession, remember: boolean): AuthResponse {
  const { refreshToken, ...body } = issued;
  setRefreshCookie(req, res, refreshToken, remember);
  return body;
}

@ApiTags('auth')
@Controller('auth')
export class AuthController {
  constructor(private readonly auth: AuthService) {}

  @Post('register')
  @Public()
  @ApiOperation({
    summary: 'Full registration form: creates an ISP account and its admin, and signs in',
    description: COOKIE_DOC,
  })
  @ApiCreatedResponse({ description: 'AuthResponse' })
  @ApiConflictResponse({ description: 'Username or email already registered' })
  @ApiUnsupportedMediaTypeResponse({ description: 'Body not sent as application/json' })
  async register(
    @Body() body: RegisterDto,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<AuthResponse> {
    assertJsonBody(req);
    const issued = await this.auth.register(
      { username: body.name, email: body.email, password: body.password, usernameField: 'name' },
      clientOf(req),
      IDENTITY_MESSAGES.registeredFull,
    );
    return signedIn(req, res, issued, true);
  }

  @Post('sign-up')
  @Public()
  @ApiOperation({
    summary: 'Simple sign-up form: creates an ISP account and its admin, and signs in',
    description: COOKIE_DOC,
  })
  @ApiCreatedResponse({ description: 'AuthResponse' })
  @ApiUnsupportedMediaTypeResponse({ description: 'Body not sent as application/json' })
  async signUp(
    @Body() body: SignUpDto,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<AuthResponse> {
    assertJsonBody(req);
    const issued = await this.auth.register(
      { username: body.username, email: body.email, password: body.password, usernameField: 'username' },
      clientOf(req),
      IDENTITY_MESSAGES.registeredSimple,
    );
    return signedIn(req, res, issued, true);
  }

  @Post('login')
  @Public()
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary: 'Sign in by username or email',
    description: COOKIE_DOC,
  })
  @ApiOkResponse({ description: 'AuthResponse' })
  @ApiTooManyRequestsResponse({
    description: 'Too many failed attempts from this address or for this account',
  })
  @ApiHeader({
    name: REMEMBER_HEADER,
    required: false,
    description: '`false`: the refresh cookie lasts the browser session ("remember me" off)',
  })
  @ApiUnsupportedMediaTypeResponse({ description: 'Body not sent as application/json' })
  async login(
    @Body() body: LoginDto,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<AuthResponse> {
    assertJsonBody(req);
    const issued = await this.auth.login(body.username, body.password, clientOf(req));
    return signedIn(req, res, issued, rememberRequested(req));
  }

  @Post('refresh')
  @Public()
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary: 'Trade the refresh cookie for a new access token and refresh cookie (the old one stops working)',
    description: `Browsers: the \`${REFRESH_COOKIE}\` cookie, with the header \`${CSRF_HEADER}: ${CSRF_HEADER_VALUE}\` (403 without it). Other clients may instead send the token they got in the cookie as \`refreshToken\` in the body (no header needed: a body is no ambient credential). Answers a rotated cookie.`,
  })
  @ApiHeader({
    name: CSRF_HEADER,
    required: false,
    description: `\`${CSRF_HEADER_VALUE}\` (with the cookie)`,
  })
  @ApiOkResponse({ description: 'AuthResponse' })
  @ApiForbiddenResponse({ description: `Cookie sent without ${CSRF_HEADER}: ${CSRF_HEADER_VALUE}` })
  async refresh(
    @Body() body: RefreshDto,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<AuthResponse> {
    const cookie = readRefreshCookie(req);
    let presented = body.refreshToken;
    let remember = true;
    if (presented === undefined && cookie) {
      assertCsrfHeader(req);
      presented = cookie.token;
      remember = cookie.remember;
    }
    if (!presented) throw sessionEnded();
    try {
      return signedIn(req, res, await this.auth.refresh(presented), remember);
    } catch (error) {
      // A dead cookie is of no further use; dropping it spares the browser presenting it again.
      const ended = error instanceof HttpException && error.getStatus() === HttpStatus.UNAUTHORIZED;
      if (ended && cookie && presented === cookie.token) clearRefreshCookie(req, res);
      throw error;
    }
  }

  @Post('logout')
  @Authenticated()
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiOperation({
    summary: 'End the session: its refresh and access tokens stop working',
    description: `Also ends the session of the \`${REFRESH_COOKIE}\` cookie (or of \`refreshToken\` in the body) when it is the caller's own, and clears the cookie.`,
  })
  @ApiNoContentResponse()
  async logout(
    @CurrentActor() actor: Actor,
    @Body() body: LogoutDto,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<void> {
    // The bearer token authenticates this call, so the cookie needs no CSRF header here.
    const refreshToken = body.refreshToken ?? readRefreshCookie(req)?.token;
    clearRefreshCookie(req, res);
    await this.auth.logout(actor.sessionId, actor.kind === 'tenant' ? actor.userId : null, refreshToken);
  }

  @Post('password/forgot')
  @Public()
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'Mail a password-reset link (valid 30 minutes, single use)' })
  @ApiOkResponse({ description: 'MessageResponse' })
  @ApiTooManyRequestsResponse({ description: 'Too many requests from this address or for this email' })
  forgot(@Body() body: ForgotPasswordDto, @Req() req: Request): Promise<MessageResponse> {
    // The port this server answered on, never the Host header the client chose.
    return this.auth.forgotPassword(body.email, clientOf(req), req.socket.localPort);
  }

  @Post('password/reset')
  @Public()
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary: 'Set a new password with the mailed token; signs in and ends other sessions',
    description: COOKIE_DOC,
  })
  @ApiOkResponse({ description: 'AuthResponse' })
  @ApiUnsupportedMediaTypeResponse({ description: 'Body not sent as application/json' })
  async reset(
    @Body() body: ResetPasswordDto,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<AuthResponse> {
    assertJsonBody(req);
    return signedIn(req, res, await this.auth.resetPassword(body, clientOf(req)), true);
  }
}
