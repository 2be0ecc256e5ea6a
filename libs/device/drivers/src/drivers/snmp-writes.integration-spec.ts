/**
 * SNMP writes against a real third-party agent (snmpsimd on loopback) whose objects are typed by hand: the V-SOL
 * EPON action scalars of CLI-ACTIONS §3 accept and keep what is written (snmpsim `writecache`), under the write
 * community only. A driver that SETs any other OID, value or community hits no writable object. This proves what
 * the driver sends, not that a real V-SOL acts on it. (This snmpsim build logs but does not answer its `error`
 * variation, so the refused-SET case runs against the simulator's agent: contract/onu-writes.integration-spec.ts.)
 */
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SnmpClient } from '@pondesk/device-snmp';
import { startSnmpSimulator, type SnmpSimulator } from '@pondesk/device-snmp/testing';
import type { DeviceConnection } from '../support/connection';
import { VsolEponDriver } from './vsol-epon.driver';

const RESET_PON = '1.3.6.1.4.1.37950.1.1.5.12.1.15.1.0';
const RESET_ONU = '1.3.6.1.4.1.37950.1.1.5.12.1.15.2.0';
const DELETE_PON = '1.3.6.1.4.1.37950.1.1.5.12.1.8.1.0';
const DELETE_ONU = '1.3.6.1.4.1.37950.1.1.5.12.1.8.2.0';

const SYSTEM = ['1.3.6.1.2.1.1.1.0|4|V1600D', '1.3.6.1.2.1.1.2.0|6|1.3.6.1.4.1.37950.1.1.5.10.14.1'];

/** Community `writes`: the agent with the write objects. Community `reads`: the same box without them. */
const FILES: Record<string, string[]> = {
  writes: [
    ...SYSTEM,
    `${DELETE_PON}|2:writecache|value=0`,
    `${DELETE_ONU}|2:writecache|value=0`,
    `${RESET_PON}|2:writecache|value=0`,
    `${RESET_ONU}|2:writecache|value=0`,
  ],
  reads: SYSTEM,
};

let dir: string;
let sim: SnmpSimulator;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'pondesk-snmp-writes-'));
  chmodSync(dir, 0o755);
  for (const [name, rows] of Object.entries(FILES))
    writeFileSync(join(dir, `${name}.snmprec`), rows.join('\n') + '\n', { mode: 0o644 });
  sim = await startSnmpSimulator({ dataDir: dir, probeCommunity: 'writes' });
});

afterAll(async () => {
  await sim?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const conn = (writeCommunity: string): DeviceConnection => ({
  host: sim.host,
  snmp: { port: sim.port, community: 'reads', writeCommunity, timeoutMs: 2000, retries: 0 },
});

async function read(oids: string[]): Promise<(number | null)[]> {
  const c = new SnmpClient({ host: sim.host, port: sim.port, community: 'writes', timeoutMs: 2000 });
  try {
    const m = await c.getMap(oids);
    return oids.map((o) => {
      const v = m.get(o);
      return v?.type === 'integer' ? v.value : null;
    });
  } finally {
    c.close();
  }
}

describe('V-SOL EPON SNMP writes against snmpsimd', () => {
  it('reboot: PON and ONU go to the reset scalars in one SET, with the write community (the read view has no write objects)', async () => {
    const d = new VsolEponDriver(conn('writes'));
    try {
      await d.rebootOnu({ ponPort: 2, onuId: 5 });
      expect(await read([RESET_PON, RESET_ONU])).toEqual([2, 5]);
    } finally {
      await d.close();
    }
  });

  it('delete: PON and ONU go to the noAuthOnu scalars in one SET', async () => {
    const d = new VsolEponDriver(conn('writes'));
    try {
      await d.deleteOnu({ ponPort: 3, onuId: 7 });
      expect(await read([DELETE_PON, DELETE_ONU])).toEqual([3, 7]);
    } finally {
      await d.close();
    }
  });

  it('a write community whose view lacks the objects: the agent answers noSuchInstance → DEVICE_ERROR naming it', async () => {
    const d = new VsolEponDriver(conn('reads'));
    try {
      await expect(d.rebootOnu({ ponPort: 1, onuId: 1 })).rejects.toMatchObject({
        code: 'DRIVER_DEVICE_ERROR',
        message: `the OLT refused the SNMP write of ${RESET_PON}: noSuchInstance`,
      });
    } finally {
      await d.close();
    }
  });
});
