import 'reflect-metadata';
import { loadConfigOrExit } from '@pondesk/server-config';
import { createWorker } from './bootstrap';
import { WORKER_ID } from './heartbeat/heartbeat.service';

async function main(): Promise<void> {
  const config = loadConfigOrExit();
  await createWorker(config);
  process.stdout.write(`PonDesk worker ${WORKER_ID} started\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`Worker failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
