import { connect } from 'node:net';
import type { PortCheckResult } from '@pondesk/server-queue';

/** A TCP connect to host:port: `open` when it is accepted within the timeout, else `closed`. */
export function checkPort(host: string, port: number, timeoutMs = 3000): Promise<PortCheckResult> {
  return new Promise((resolve) => {
    const t0 = performance.now();
    const socket = connect({ host, port });
    const done = (result: PortCheckResult) => {
      socket.destroy();
      resolve(result);
    };
    socket.setTimeout(timeoutMs, () =>
      done({ status: 'closed', latencyMs: null, error: `no answer within ${timeoutMs} ms` }),
    );
    socket.once('connect', () =>
      done({ status: 'open', latencyMs: Math.round((performance.now() - t0) * 10) / 10 }),
    );
    socket.once('error', (e: NodeJS.ErrnoException) =>
      done({ status: 'closed', latencyMs: null, error: e.code ?? e.message }),
    );
  });
}
