import { Writable } from 'node:stream';
import { Body, Controller, Get, Logger as NestLogger, Module, Post, RequestMethod } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { APP_FILTER } from '@nestjs/core';
import { IsEmail, IsInt, IsString, Max, Min, MinLength } from 'class-validator';
import { Logger, LoggerModule } from 'nestjs-pino';
import request from 'supertest';
import { httpLoggerOptions } from '@pondesk/server-logging';
import type { ApiErrorBody } from '@pondesk/contracts';
import { AllExceptionsFilter } from '../src/common/filters/all-exceptions.filter';
import { createValidationPipe } from '../src/common/http/validation.pipe';
import { safeBodyParsers } from '../src/common/http/body-parsers';
import { Public } from '../src/common/auth/auth.decorators';
import { startApi, type RunningApi } from './support/test-app';

class ProbeDto {
  @IsString() @MinLength(3) name!: string;
  @IsEmail() email!: string;
  @IsInt() @Min(60) @Max(86400) intervalSeconds!: number;
}

/** Every line the app logs, parsed; the app writes JSON lines to it as it would to stdout. */
const logLines: Record<string, unknown>[] = [];
const logStream = new Writable({
  write(chunk: Buffer, _enc, done) {
    for (const line of chunk.toString().split('\n')) if (line.trim()) logLines.push(JSON.parse(line));
    done();
  },
});

@Controller('probe')
class ProbeController {
  private readonly logger = new NestLogger('Probe');
  @Post() @Public() create(@Body() body: ProbeDto) {
    return body;
  }
  @Get('log') @Public() log() {
    this.logger.log(
      {
        password: 'pw-in-a-log',
        body: { refreshToken: 'rt-in-a-log', snmpCommunity: 'community-in-a-log' },
        job: { data: { community: 'nested-community', passwordConfirmation: 'pc-in-a-log' } },
      },
      'probe logged',
    );
    return { ok: true };
  }
  @Get('boom') @Public() boom(): never {
    throw new Error('database password is hunter2 at /srv/app.ts:12');
  }
}

@Module({
  imports: [
    LoggerModule.forRoot({
      pinoHttp: [httpLoggerOptions('info', 'api'), logStream],
      forRoutes: [{ path: '{*path}', method: RequestMethod.ALL }],
    }),
  ],
  controllers: [ProbeController],
  providers: [{ provide: APP_FILTER, useClass: AllExceptionsFilter }],
})
class ProbeModule {}

describe('error contract (global pipe and filter)', () => {
  let app: NestExpressApplication;

  beforeAll(async () => {
    const moduleRef = await Test.createTestingModule({ imports: [ProbeModule] }).compile();
    app = moduleRef.createNestApplication<NestExpressApplication>({ bodyParser: false, bufferLogs: true });
    app.useLogger(app.get(Logger));
    app.use(safeBodyParsers);
    app.useGlobalPipes(createValidationPipe());
    await app.init();
  });
  afterAll(() => app.close());

  it('answers 400 naming the field that failed', async () => {
    const res = await request(app.getHttpServer())
      .post('/probe')
      .send({ name: 'olt-1', email: 'not-an-email', intervalSeconds: 120 });
    expect(res.status).toBe(400);
    const body = res.body as ApiErrorBody;
    expect(body.fields).toEqual([{ field: 'email', message: 'Email must be an email' }]);
    expect(body.message).toBe('Email must be an email');
  });

  it('rejects unknown fields by name', async () => {
    const res = await request(app.getHttpServer())
      .post('/probe')
      .send({ name: 'olt-1', email: 'a@b.co', intervalSeconds: 120, isAdmin: true });
    expect(res.status).toBe(400);
    expect(res.body.fields[0].field).toBe('isAdmin');
  });

  it('answers 400 (not 500) to malformed JSON', async () => {
    const res = await request(app.getHttpServer())
      .post('/probe')
      .set('Content-Type', 'application/json')
      .send('{"name": ');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Request body is not valid JSON');
  });

  it('answers 500 with an errorId and no stack or internals; the log has the same errorId', async () => {
    const res = await request(app.getHttpServer()).get('/probe/boom').set('x-request-id', 'req-boom-0001');
    expect(res.status).toBe(500);
    expect(res.body.errorId).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.stringify(res.body)).not.toMatch(/hunter2|app\.ts|at /);
    const logged = logLines.find((l) => l.errorId === res.body.errorId);
    expect(logged).toMatchObject({
      level: 'error',
      service: 'api',
      requestId: 'req-boom-0001',
      msg: `Unhandled error ${res.body.errorId}`,
    });
    // The details stay in the log, for whoever investigates the errorId.
    expect(logged).toMatchObject({ url: '/probe/boom', err: { stack: expect.stringContaining('at ') } });
  });

  it('logs JSON lines with the request id and redacts passwords, tokens and communities', async () => {
    const res = await request(app.getHttpServer()).get('/probe/log').set('authorization', 'Bearer tok.en.x');
    expect(res.status).toBe(200);
    const id = res.headers['x-request-id'];
    const mine = logLines.filter((l) => l.requestId === id);
    expect(mine.map((l) => l.msg)).toEqual(expect.arrayContaining(['probe logged', 'request completed']));
    const text = JSON.stringify(mine);
    expect(text).not.toMatch(
      /pw-in-a-log|rt-in-a-log|community-in-a-log|nested-community|pc-in-a-log|tok\.en\.x/,
    );
    expect(mine.find((l) => l.msg === 'probe logged')).toMatchObject({ password: '[redacted]' });
  });
});

describe('the real API', () => {
  let api: RunningApi;
  beforeAll(async () => {
    api = await startApi();
  });
  afterAll(() => api.close());

  it('documents every route in OpenAPI with its auth requirement', async () => {
    const res = await fetch(`${api.url}/api/docs-json`);
    expect(res.status).toBe(200);
    const doc = (await res.json()) as {
      paths: Record<string, Record<string, { security?: unknown[]; 'x-auth'?: string }>>;
    };
    const operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops).map(([method, op]) => ({ path, method, op })),
    );
    expect(operations.length).toBeGreaterThan(0);
    expect(operations.find((o) => o.path === '/api/v1/health')?.op['x-auth']).toBe('public');
    const undocumented = operations.filter(
      ({ op }) => !op['x-auth'] || (op['x-auth'] !== 'public' && !op.security?.length),
    );
    expect(undocumented.map((o) => `${o.method.toUpperCase()} ${o.path}`)).toEqual([]);
  });

  it('serves the OpenAPI page', async () => {
    const res = await fetch(`${api.url}/api/docs`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('swagger');
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await fetch(`${api.url}/api/v1/no-such-thing`);
    expect(res.status).toBe(404);
    expect(((await res.json()) as ApiErrorBody).error).toBe('Not Found');
  });

  it('echoes a request id', async () => {
    const res = await fetch(`${api.url}/api/v1/health`, { headers: { 'x-request-id': 'req-12345678' } });
    expect(res.headers.get('x-request-id')).toBe('req-12345678');
    const fresh = await fetch(`${api.url}/api/v1/health`);
    expect(fresh.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});
