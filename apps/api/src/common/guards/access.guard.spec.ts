import { ForbiddenException, UnauthorizedException, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { Authenticated, PlatformAdmin, Public, RequirePermission } from '../auth/auth.decorators';
import type { AccessTokenService } from '../auth/access-token.service';
import type { Actor } from '../auth/actor';
import { AccessGuard, bearerToken } from './access.guard';

// Handlers only carry metadata here; their bodies never run.
class Routes {
  undeclared(): string {
    return 'undeclared';
  }
  @Public() open(): string {
    return 'open';
  }
  @Authenticated() signedIn(): string {
    return 'signedIn';
  }
  @RequirePermission(2000) admin(): string {
    return 'admin';
  }
  @RequirePermission(2007, 2003) onuPage(): string {
    return 'onuPage';
  }
  @PlatformAdmin() platform(): string {
    return 'platform';
  }
}

const tenantActor: Actor = {
  kind: 'tenant',
  userId: 'u',
  tenantId: 't',
  sessionId: 's',
  username: 'x',
  permissions: [2006],
  ip: null,
};

function context(handler: keyof Routes, authorization?: string): ExecutionContext {
  const req = { headers: authorization ? { authorization } : {}, ip: '127.0.0.1' };
  return {
    getType: () => 'http',
    getHandler: () => Routes.prototype[handler],
    getClass: () => Routes,
    switchToHttp: () => ({ getRequest: () => req }),
  } as unknown as ExecutionContext;
}

function guardWith(actor: Actor | Error): AccessGuard {
  const tokens = {
    resolve: jest.fn(async () => {
      if (actor instanceof Error) throw actor;
      return actor;
    }),
  } as unknown as AccessTokenService;
  return new AccessGuard(new Reflector(), tokens);
}

describe('AccessGuard', () => {
  it('refuses a route that declares no access rule, even with a valid token (deny by default)', async () => {
    await expect(
      guardWith(tenantActor).canActivate(context('undeclared', 'Bearer abc')),
    ).rejects.toBeInstanceOf(ForbiddenException);
  });

  it('lets anyone through a public route without looking at tokens', async () => {
    await expect(guardWith(new Error('must not be called')).canActivate(context('open'))).resolves.toBe(true);
  });

  it('answers 401 without a bearer token', async () => {
    await expect(guardWith(tenantActor).canActivate(context('signedIn'))).rejects.toBeInstanceOf(
      UnauthorizedException,
    );
    await expect(guardWith(tenantActor).canActivate(context('signedIn', 'Basic abc'))).rejects.toBeInstanceOf(
      UnauthorizedException,
    );
  });

  it('answers 403 when the role lacks the code, and passes when it holds it', async () => {
    await expect(guardWith(tenantActor).canActivate(context('admin', 'Bearer abc'))).rejects.toBeInstanceOf(
      ForbiddenException,
    );
    const admin = { ...tenantActor, permissions: [2000] } as Actor;
    await expect(guardWith(admin).canActivate(context('admin', 'Bearer abc'))).resolves.toBe(true);
  });

  it('admits a role holding any one of several codes, and refuses one holding none', async () => {
    await expect(guardWith(tenantActor).canActivate(context('onuPage', 'Bearer abc'))).rejects.toBeInstanceOf(
      ForbiddenException,
    );
    for (const code of [2003, 2007]) {
      const holder = { ...tenantActor, permissions: [code] } as Actor;
      await expect(guardWith(holder).canActivate(context('onuPage', 'Bearer abc'))).resolves.toBe(true);
    }
  });

  it('keeps platform and tenant routes apart', async () => {
    const platform: Actor = { kind: 'platform', sessionId: 's', username: 'platform', ip: null };
    await expect(guardWith(platform).canActivate(context('admin', 'Bearer abc'))).rejects.toBeInstanceOf(
      ForbiddenException,
    );
    await expect(
      guardWith(tenantActor).canActivate(context('platform', 'Bearer abc')),
    ).rejects.toBeInstanceOf(ForbiddenException);
    await expect(guardWith(platform).canActivate(context('platform', 'Bearer abc'))).resolves.toBe(true);
  });

  it('reads only well-formed bearer headers', () => {
    expect(bearerToken('Bearer a.b.c')).toBe('a.b.c');
    expect(bearerToken('bearer  a.b.c ')).toBe('a.b.c');
    expect(bearerToken('Bearer a b')).toBeNull();
    expect(bearerToken(undefined)).toBeNull();
  });
});
