import 'reflect-metadata';
import { loadConfigOrExit } from '@pondesk/server-config';
import { WORKER_DRAIN_MS } from '@pondesk/server-queue';
import { createWorker } from './bootstrap';
import { WORKER_ID } from './heartbeat/heartbeat.service';

/**
 * The worker drains its jobs for WORKER_DRAIN_MS at SIGTERM (then hands the rest back) and closes its
 * connections; should anything hang past this, it exits anyway, before a container runtime's SIGKILL.
 */
const SHUTDOWN_DEADLINE_MS = WORKER_DRAIN_MS + 3000;

function exitAfterDeadline(): void {
  setTimeout(() => {
    process.stderr.write(`Worker shutdown took longer than ${SHUTDOWN_DEADLINE_MS} ms; exiting\n`);
    process.exit(1);
  }, SHUTDOWN_DEADLINE_MS).unref();
}

async function main(): Promise<void> {
  const config = loadConfigOrExit();
  await createWorker(config);
  // Alongside Nest's shutdown hooks, which do the drain and close the app.
  process.once('SIGTERM', exitAfterDeadline);
  process.once('SIGINT', exitAfterDeadline);
  process.stdout.write(`PonDesk worker ${WORKER_ID} started\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`Worker failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
