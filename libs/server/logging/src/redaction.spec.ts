import { Writable } from 'node:stream';
import pino from 'pino';
import { basePinoOptions, redactUrl } from './pino-options';

function capture(): { logger: pino.Logger; lines: () => Record<string, unknown>[] } {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, cb) {
      chunks.push(String(chunk));
      cb();
    },
  });
  const logger = pino(basePinoOptions('info', 'test'), stream);
  return {
    logger,
    lines: () =>
      chunks
        .join('')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l)),
  };
}

describe('log redaction', () => {
  it('censors passwords, tokens and SNMP communities at any of the usual depths', () => {
    const { logger, lines } = capture();
    logger.info(
      {
        password: 'p1',
        body: { refreshToken: 't1', community: 'public-secret' },
        job: { data: { telnetPassword: 'x' } },
      },
      'hello',
    );
    const [line] = lines();
    const text = JSON.stringify(line);
    expect(text).not.toMatch(/p1|t1|public-secret/);
    expect(line.password).toBe('[redacted]');
    expect((line.body as Record<string, unknown>).community).toBe('[redacted]');
    expect(line.msg).toBe('hello');
    expect(line.level).toBe('info');
  });

  it('censors the Authorization header of a logged request', () => {
    const { logger, lines } = capture();
    logger.info({ req: { headers: { authorization: 'Bearer abc.def' }, url: '/x' } });
    expect(JSON.stringify(lines()[0])).not.toContain('abc.def');
  });

  it('censors the share token header of a logged request', () => {
    const { logger, lines } = capture();
    logger.info({ req: { headers: { 'x-share-token': 'shr_0123456789abcdef0123456789abcdef' }, url: '/x' } });
    expect(JSON.stringify(lines()[0])).not.toContain('0123456789abcdef');
  });
});

describe('URL redaction', () => {
  it('censors an ingest key passed in the query string and keeps the rest of the URL', () => {
    expect(redactUrl('/api/v1/ingest/session-events?key=pdk_s3cr3t&x=1')).toBe(
      '/api/v1/ingest/session-events?key=%5Bredacted%5D&x=1',
    );
    expect(redactUrl('/api/v1/onus?search=key%3D1&page=2')).toBe('/api/v1/onus?search=key%3D1&page=2');
    expect(redactUrl('/x?a=1&Token=abc')).toBe('/x?a=1&Token=%5Bredacted%5D');
  });

  it("censors the token in a shared view's address and nothing else of it", () => {
    expect(redactUrl('/share/Ab_cd-0123456789abcdef0123456789/ports?page=2')).toBe(
      '/share/%5Bredacted%5D/ports?page=2',
    );
    expect(redactUrl('/share-olt/5')).toBe('/share-olt/5');
    expect(redactUrl('/api/v1/shared/view')).toBe('/api/v1/shared/view');
  });
});
