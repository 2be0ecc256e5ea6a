import type { ArgumentsHost } from '@nestjs/common';
import { QueryFailedError } from 'typeorm';
import { AllExceptionsFilter } from './all-exceptions.filter';

function answer(exception: unknown): { status: number; body: Record<string, unknown> } {
  const out = { status: 0, body: {} as Record<string, unknown> };
  const res = {
    headersSent: false,
    setHeader: () => undefined,
    status(code: number) {
      out.status = code;
      return this;
    },
    json(body: Record<string, unknown>) {
      out.body = body;
      return this;
    },
  };
  const req = { method: 'POST', originalUrl: '/api/v1/things', path: '/api/v1/things' };
  const host = {
    getType: () => 'http',
    switchToHttp: () => ({ getResponse: () => res, getRequest: () => req }),
  } as unknown as ArgumentsHost;
  const filter = new AllExceptionsFilter();
  (filter as unknown as { logger: { error: () => void; warn: () => void } }).logger = {
    error: () => undefined,
    warn: () => undefined,
  };
  filter.catch(exception, host);
  return out;
}

const dbError = (code: string, extra: Record<string, unknown> = {}) =>
  new QueryFailedError(
    'INSERT INTO secret_table VALUES ($1)',
    ['v'],
    Object.assign(new Error('pg says'), { code, ...extra }),
  );

describe('database errors caused by input', () => {
  it('answer 400 without SQL, naming the column when Postgres tells it', () => {
    for (const code of ['22P02', '22001', '22003', '22021', '22008']) {
      const { status, body } = answer(dbError(code));
      expect(status).toBe(400);
      expect(JSON.stringify(body)).not.toMatch(/INSERT|secret_table|pg says/);
      expect(body.fields).toEqual([{ field: 'body', message: expect.any(String) }]);
    }
    expect(answer(dbError('23502', { column: 'snmp_port' })).body.fields).toEqual([
      { field: 'snmpPort', message: 'SNMP Port holds a value that cannot be stored' },
    ]);
  });

  it('answer 409 for a unique violation nobody foresaw, and 500 for the rest', () => {
    expect(answer(dbError('23505')).status).toBe(409);
    const other = answer(dbError('40P01'));
    expect(other.status).toBe(500);
    expect(JSON.stringify(other.body)).not.toMatch(/INSERT|pg says/);
  });
});
