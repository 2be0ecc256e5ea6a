import 'reflect-metadata';
import type { Server } from 'node:http';
import type { INestApplication } from '@nestjs/common';
import { loadConfigOrExit } from '@pondesk/server-config';
import { createApp } from './bootstrap';

/**
 * How long in-flight requests get to finish after SIGTERM. Requests that wait for the worker (a device
 * action) may take longer; the rest of the 10 s a container runtime allows is for closing the app.
 */
const HTTP_DRAIN_MS = 7000;
/** Past this the process exits whatever is still closing. */
const SHUTDOWN_DEADLINE_MS = 9500;

/**
 * SIGTERM/SIGINT: stop accepting connections, let the requests in flight finish (up to HTTP_DRAIN_MS),
 * and only then close the app (queues, Redis, database). Nest's own signal handling closes the modules
 * first and the HTTP server last, so a request in flight would meet a closed queue or connection.
 */
function drainOnSignals(app: INestApplication, nestListeners: Map<NodeJS.Signals, NodeJS.SignalsListener[]>) {
  const server = app.getHttpServer() as Server;
  let inFlight = 0;
  const idle: (() => void)[] = [];
  server.on('request', (_req, res) => {
    inFlight++;
    res.once('close', () => {
      inFlight--;
      if (inFlight === 0) idle.splice(0).forEach((done) => done());
    });
  });
  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    setTimeout(() => {
      process.stderr.write(`API shutdown took longer than ${SHUTDOWN_DEADLINE_MS} ms; exiting\n`);
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS).unref();
    // No new connections; idle keep-alive ones are closed, busy ones close after their answer.
    server.close();
    server.closeIdleConnections();
    if (inFlight > 0)
      await new Promise<void>((done) => {
        idle.push(done);
        setTimeout(done, HTTP_DRAIN_MS).unref();
      });
    server.closeAllConnections();
    await app.close();
    process.stdout.write(`PonDesk API stopped (${signal})\n`);
    process.exit(0);
  };
  for (const [signal, listeners] of nestListeners) {
    for (const l of listeners) process.removeListener(signal, l);
    process.on(signal, (s: NodeJS.Signals) => void stop(s));
  }
}

async function main(): Promise<void> {
  const config = loadConfigOrExit();
  const signals: NodeJS.Signals[] = ['SIGTERM', 'SIGINT'];
  const before = new Map(signals.map((s) => [s, process.listeners(s)]));
  const app = await createApp(config);
  // The listeners `enableShutdownHooks` added; the drain takes their place.
  const nest = new Map(
    signals.map((s) => [s, process.listeners(s).filter((l) => !before.get(s)?.includes(l))]),
  );
  drainOnSignals(app, nest);
  await app.listen(config.PORT, '0.0.0.0');
  const url = await app.getUrl();
  process.stdout.write(
    `PonDesk API listening on ${url.replace('[::1]', 'localhost').replace('0.0.0.0', 'localhost')}\n`,
  );
}

main().catch((error: unknown) => {
  process.stderr.write(`API failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
