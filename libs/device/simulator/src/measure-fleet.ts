/**
 * `node tools/run-ts.cjs libs/device/simulator/src/measure-fleet.ts [--fleet FILE | --control URL] [--concurrency N] [--rounds N]`
 * Starts a fleet in this process (free ports) — or, with `--control`, reads the device list of a fleet running in
 * another process — then reads every OLT's ONU list through the real drivers over SNMP and prints start time, walk
 * time, ONUs/s and memory. Used for the bench fleet's figures in the README.
 */
import { isOltBrand, type OltBrandCode, type OltModeCode } from '@pondesk/contracts';
import { createOltDriver } from '@pondesk/device-drivers';
import { BENCH_FLEET_PATH, startFleet } from './fleet/fleet-runner';
import type { SimDeviceInfo } from './fleet/sim-device';

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(name);
  return i >= 0 ? (process.argv[i + 1] ?? fallback) : fallback;
}

const mb = (n: number): string => `${Math.round(n / 1024 / 1024)} MB`;

async function main(): Promise<void> {
  const file = arg('--fleet', BENCH_FLEET_PATH);
  const concurrency = Number(arg('--concurrency', '8'));
  const rounds = Number(arg('--rounds', '2'));
  const control = arg('--control', '');
  const t0 = Date.now();
  const fleet = control ? null : await startFleet(file, { ports: 'free', controlPort: 0 });
  const devices: SimDeviceInfo[] = fleet
    ? fleet.devices
    : ((await (await fetch(`${control}/devices`)).json()) as SimDeviceInfo[]);
  const olts = devices.filter(
    (d): d is SimDeviceInfo & { brand: OltBrandCode; mode: OltModeCode } =>
      isOltBrand(d.brand) && d.mode !== null,
  );
  const total = olts.reduce((n, d) => n + d.onus, 0);
  process.stdout.write(
    `${fleet ? `started ${devices.length} devices in ${Date.now() - t0} ms` : `attached to ${devices.length} devices`} ` +
      `(${total} ONUs); rss ${mb(process.memoryUsage().rss)}\n`,
  );
  for (let round = 1; round <= rounds; round++) {
    const t1 = Date.now();
    let read = 0;
    let failed = 0;
    const queue = [...olts];
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        for (let d = queue.shift(); d; d = queue.shift()) {
          const drv = createOltDriver(d.brand, d.mode, {
            host: d.host,
            snmp: { port: d.snmpPort, community: d.community, timeoutMs: 5000 },
          });
          try {
            const n = (await drv.listOnus()).length;
            read += n;
          } catch {
            failed++;
          } finally {
            await drv.close();
          }
        }
      }),
    );
    const ms = Date.now() - t1;
    process.stdout.write(
      `round ${round}: ${read} ONUs from ${olts.length - failed}/${olts.length} OLTs in ${ms} ms ` +
        `(${Math.round((read / ms) * 1000)} ONUs/s, concurrency ${concurrency}); rss ${mb(process.memoryUsage().rss)}, ` +
        `heap ${mb(process.memoryUsage().heapUsed)}\n`,
    );
  }
  await fleet?.stop();
}

main().catch((e: unknown) => {
  process.stderr.write(`${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
  process.exit(1);
});
