import { join, resolve } from 'node:path';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import type { NextFunction, Request, Response } from 'express';
import helmet from 'helmet';
import { Logger } from 'nestjs-pino';
import type { AppConfig } from '@pondesk/server-config';
import { RedisConnections } from '@pondesk/server-queue';
import { AppModule } from './app.module';
import { safeBodyParsers } from './common/http/body-parsers';
import { compressJson } from './common/http/compress-json';
import { createValidationPipe } from './common/http/validation.pipe';
import { webAppHandler } from './common/http/web-app';
import { RedisIoAdapter } from './modules/realtime/redis-io.adapter';
import { ingestFastPath } from './modules/sessions/ingest-fast-path';
import { INGEST_PATH } from './modules/sessions/ingest-setup.service';

export const API_PREFIX = 'api/v1';

export function buildOpenApi(app: NestExpressApplication): OpenAPIObject {
  const doc = new DocumentBuilder()
    .setTitle('PonDesk API')
    .setDescription('REST API of the PonDesk console. Access tokens go in `Authorization: Bearer …`.')
    .setVersion('1')
    .addBearerAuth()
    .build();
  return SwaggerModule.createDocument(app, doc);
}

/** The built web app, served at `/` (see `webAppHandler`); nothing when the folder holds no build. */
function serveWebApp(app: NestExpressApplication, dir: string): void {
  const handler = webAppHandler(dir);
  if (handler) app.use(handler);
}

/** Express's `trust proxy` from TRUST_PROXY: no proxy unless configured (X-Forwarded-For is forgeable). */
export function trustProxySetting(value: string | undefined): boolean | number | string {
  if (value === undefined || value === '' || value === 'false') return false;
  if (/^\d+$/.test(value)) return Number(value);
  return value;
}

/**
 * Security headers on every answer. The web app passes this CSP: its scripts, fonts and images are its
 * own files, except the photos of the platform's 'other services', which the platform administrator may
 * link from any https address; MUI (emotion) injects style elements, hence 'unsafe-inline' for styles only;
 * the socket is same-origin. HSTS only on requests that arrived over TLS (directly or via a trusted proxy).
 */
export function securityHeaders() {
  const headers = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    strictTransportSecurity: false,
    referrerPolicy: { policy: 'no-referrer' },
  });
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.secure) res.setHeader('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    headers(req, res, next);
  };
}

export async function createApp(config: AppConfig): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config), {
    bufferLogs: true,
    bodyParser: false,
  });
  app.useLogger(app.get(Logger));
  app.enableShutdownHooks();
  app.disable('x-powered-by');
  app.set('trust proxy', trustProxySetting(config.TRUST_PROXY));
  // Routers' session events skip the rest of the pipeline (see `ingestFastPath`): no page, no browser.
  app.use(INGEST_PATH, ingestFastPath(app));
  app.use(securityHeaders());
  app.use('/api', compressJson());
  app.use(safeBodyParsers);
  app.setGlobalPrefix(API_PREFIX);
  app.useGlobalPipes(createValidationPipe());
  app.useWebSocketAdapter(new RedisIoAdapter(app, app.get(RedisConnections)));
  const doc = buildOpenApi(app);
  SwaggerModule.setup('api/docs', app, doc, {
    jsonDocumentUrl: 'api/docs-json',
    customSiteTitle: 'PonDesk API',
  });
  serveWebApp(app, resolve(config.WEB_DIST_DIR ?? join(process.cwd(), 'dist', 'web')));
  return app;
}
