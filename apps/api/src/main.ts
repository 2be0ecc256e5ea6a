import 'reflect-metadata';
import { loadConfigOrExit } from '@pondesk/server-config';
import { createApp } from './bootstrap';

async function main(): Promise<void> {
  const config = loadConfigOrExit();
  const app = await createApp(config);
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
