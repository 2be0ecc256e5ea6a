import { spawn, type ChildProcess } from 'node:child_process';
import { createConnection } from 'node:net';
import { stopProcess } from './entrypoint-process';
import { freePort, waitFor } from './net';

function portOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port }, () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });
}

/** A throwaway `redis-server` on a spare port, which tests can stop and start again. */
export class TestRedisServer {
  private process?: ChildProcess;
  constructor(readonly port: number) {}

  static async start(): Promise<TestRedisServer> {
    const server = new TestRedisServer(await freePort());
    await server.start();
    return server;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    this.process = spawn(
      'redis-server',
      ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      {
        stdio: 'ignore',
      },
    );
    this.process.on('error', (error) => {
      throw new Error(`redis-server could not start (is it installed?): ${error.message}`);
    });
    await waitFor(() => portOpen(this.port), { what: `redis-server on ${this.port}`, timeoutMs: 5000 });
  }

  async stop(): Promise<void> {
    if (!this.process) return;
    // Nothing is persisted, so there is no shutdown to wait for.
    await stopProcess(this.process, 0, 'SIGKILL');
    this.process = undefined;
  }
}
