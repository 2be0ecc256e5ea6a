import { createServer, type Server } from 'node:net';
import { checkPort } from './port-check';

describe('checkPort', () => {
  let server: Server;
  let port: number;
  beforeAll(async () => {
    server = createServer((s) => s.end());
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    port = (server.address() as { port: number }).port;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('reports a listening port open with its latency', async () => {
    const result = await checkPort('127.0.0.1', port);
    expect(result.status).toBe('open');
    expect(result.latencyMs).toBeGreaterThanOrEqual(0);
  });

  it('reports a refused port closed with the reason', async () => {
    const closed = await new Promise<number>((resolve) => {
      const s = createServer();
      s.listen(0, '127.0.0.1', () => {
        const p = (s.address() as { port: number }).port;
        s.close(() => resolve(p));
      });
    });
    await expect(checkPort('127.0.0.1', closed)).resolves.toEqual({
      status: 'closed',
      latencyMs: null,
      error: 'ECONNREFUSED',
    });
  });
});
