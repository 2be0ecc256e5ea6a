import { Server, connect, type Socket } from 'node:net';
import { TcpEndpoint } from './tcp-endpoint';

class Echo extends TcpEndpoint {
  up = true;
  constructor() {
    super({ host: '127.0.0.1', port: 0, isReachable: () => this.up });
  }
  protected override createServer(): Server {
    return new Server();
  }
  protected override onSocket(socket: Socket): void {
    socket.on('data', (d) => socket.write(d));
  }
}

/** Connects and resolves with what the server answered to `ping` before the socket closed or 200 ms passed. */
function exchange(port: number): Promise<{ answer: string; closed: boolean }> {
  return new Promise((resolve) => {
    const c = connect(port, '127.0.0.1');
    let answer = '';
    let closed = false;
    c.on('data', (d) => (answer += d.toString()));
    c.on('error', () => undefined);
    c.on('close', () => {
      closed = true;
      resolve({ answer, closed });
    });
    c.write('ping');
    setTimeout(() => {
      c.destroy();
      resolve({ answer, closed });
    }, 200);
  });
}

describe('TcpEndpoint', () => {
  let ep: Echo;
  beforeEach(async () => {
    ep = new Echo();
    await ep.start();
  });
  afterEach(() => ep.stop());

  it('listens on the port the OS picked and serves admitted sockets', async () => {
    expect(ep.port).toBeGreaterThan(0);
    expect((await exchange(ep.port)).answer).toBe('ping');
  });

  it('closes connections at once while unreachable', async () => {
    ep.up = false;
    expect(await exchange(ep.port)).toEqual({ answer: '', closed: true });
  });

  it('drops open sessions', async () => {
    const c = connect(ep.port, '127.0.0.1');
    await new Promise((r) => c.once('connect', r));
    const closed = new Promise((r) => c.once('close', r));
    await new Promise((r) => setTimeout(r, 20));
    ep.dropAll();
    await expect(closed).resolves.toBeDefined();
  });
});
