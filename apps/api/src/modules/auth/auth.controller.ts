import { Body, Controller, HttpCode, HttpStatus, Post, Req } from '@nestjs/common';
import {
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiTooManyRequestsResponse,
} from '@nestjs/swagger';
import type { Request } from 'express';
import { IDENTITY_MESSAGES, type AuthResponse, type MessageResponse } from '@pondesk/contracts';
import { Authenticated, Public } from '../../common/auth/auth.decorators';
import { CurrentActor, type Actor } from '../../common/auth/actor';
import { AuthService } from './auth.service';
import {
  ForgotPasswordDto,
  LoginDto,
  LogoutDto,
  RefreshDto,
  RegisterDto,
  ResetPasswordDto,
  SignUpDto,
} from './dto/auth.dto';
import type { ClientInfo } from '../identity/session.service';

export function clientOf(req: Request): ClientInfo {
  const ua = req.headers['user-agent'];
  return { ip: req.ip ?? null, userAgent: typeof ua === 'string' ? ua : null };
}

@ApiTags('auth')
@Controller('auth')
export class AuthController {
  constructor(private readonly auth: AuthService) {}

  @Post('register')
  @Public()
  @ApiOperation({ summary: 'Full registration form: creates an ISP account and its admin, and signs in' })
  @ApiCreatedResponse({ description: 'AuthResponse' })
  @ApiConflictResponse({ description: 'Username or email already registered' })
  register(@Body() body: RegisterDto, @Req() req: Request): Promise<AuthResponse> {
    return this.auth.register(
      { username: body.name, email: body.email, password: body.password, usernameField: 'name' },
      clientOf(req),
      IDENTITY_MESSAGES.registeredFull,
    );
  }

  @Post('sign-up')
  @Public()
  @ApiOperation({ summary: 'Simple sign-up form: creates an ISP account and its admin, and signs in' })
  @ApiCreatedResponse({ description: 'AuthResponse' })
  signUp(@Body() body: SignUpDto, @Req() req: Request): Promise<AuthResponse> {
    return this.auth.register(
      { username: body.username, email: body.email, password: body.password, usernameField: 'username' },
      clientOf(req),
      IDENTITY_MESSAGES.registeredSimple,
    );
  }

  @Post('login')
  @Public()
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'Sign in by username or email' })
  @ApiOkResponse({ description: 'AuthResponse' })
  @ApiTooManyRequestsResponse({
    description: 'Too many failed attempts from this address or for this account',
  })
  login(@Body() body: LoginDto, @Req() req: Request): Promise<AuthResponse> {
    return this.auth.login(body.username, body.password, clientOf(req));
  }

  @Post('refresh')
  @Public()
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary: 'Trade a refresh token for a new access and refresh token (the old one stops working)',
  })
  @ApiOkResponse({ description: 'AuthResponse' })
  refresh(@Body() body: RefreshDto): Promise<AuthResponse> {
    return this.auth.refresh(body.refreshToken);
  }

  @Post('logout')
  @Authenticated()
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiOperation({ summary: 'End the session: its refresh and access tokens stop working' })
  @ApiNoContentResponse()
  async logout(@CurrentActor() actor: Actor, @Body() body: LogoutDto): Promise<void> {
    await this.auth.logout(actor.sessionId, actor.kind === 'tenant' ? actor.userId : null, body.refreshToken);
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
  @ApiOperation({ summary: 'Set a new password with the mailed token; signs in and ends other sessions' })
  @ApiOkResponse({ description: 'AuthResponse' })
  reset(@Body() body: ResetPasswordDto, @Req() req: Request): Promise<AuthResponse> {
    return this.auth.resetPassword(body, clientOf(req));
  }
}
