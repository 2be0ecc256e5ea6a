import type { NestExpressApplication } from '@nestjs/platform-express';
import { JwtService } from '@nestjs/jwt';
import { loadConfig, type AppConfig } from '@pondesk/server-config';
import { testEnv } from '@pondesk/server-testing';
import type { AccessTokenClaims } from '@pondesk/contracts';
import { createApp } from '../../src/bootstrap';

export function testConfig(overrides: Record<string, string> = {}): AppConfig {
  return loadConfig(testEnv({ PORT: '0', ...overrides }));
}

export interface RunningApi {
  app: NestExpressApplication;
  url: string;
  config: AppConfig;
  close(): Promise<void>;
}

/** The real AppModule on a free port, against the run's database and the machine's Redis. */
export async function startApi(overrides: Record<string, string> = {}): Promise<RunningApi> {
  const config = testConfig(overrides);
  const app = await createApp(config);
  await app.listen(0, '127.0.0.1');
  const url = (await app.getUrl()).replace('[::1]', '127.0.0.1');
  return { app, url, config, close: () => app.close() };
}

export function accessToken(config: AppConfig, claims: Omit<AccessTokenClaims, 'typ'>): string {
  return new JwtService().sign({ ...claims, typ: 'access' }, { secret: config.JWT_SECRET, expiresIn: '5m' });
}
