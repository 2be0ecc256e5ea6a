import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { SnmprecBuilder, startSnmpSimulator, writeDataDir } from '@pondesk/device-snmp/testing';
import { VsolEponDriver, profiles } from '@pondesk/device-drivers';
import { SnmpClient, isUnder } from '@pondesk/device-snmp';
import type { Benchmark } from '../bench-types';

const run = promisify(execFile);
const PONS = 8;
const PER_PON = 125;
const MAX_REPS = 40;
const ROUNDS = 5;

/** A V-SOL EPON OLT with 1,000 ONUs, written with the profile's own encoders; only the columns the driver reads. */
function thousandOnuOlt(): SnmprecBuilder {
  const p = profiles.vsolEpon;
  const o = p.oids;
  const b = new SnmprecBuilder();
  for (let pon = 1; pon <= PONS; pon++) {
    for (let onu = 1; onu <= PER_PON; onu++) {
      const i = p.onuIndex.encode(pon, onu);
      const online = (pon * 7 + onu) % 9 !== 0;
      const mac = `30:d1:7e:${pon.toString(16).padStart(2, '0')}:${(onu >> 8).toString(16).padStart(2, '0')}:${(onu & 255).toString(16).padStart(2, '0')}`;
      b.set(`${o.authStatus}.${i}`, 'int', online ? 1 : 0);
      b.set(`${o.authMac}.${i}`, 'str', mac);
      b.set(`${o.authDescription}.${i}`, 'str', onu % 3 === 0 ? 'NULL' : `pppoe-${pon}-${onu}`);
      b.set(`${o.authDeregReason}.${i}`, 'int', onu % 2);
      b.set(`${o.authDistance}.${i}`, 'gauge', 100 + ((onu * 37) % 4000));
      b.set(`${o.authLastRegTime}.${i}`, 'str', '2026/08/06 08:29:31');
      b.set(`${o.authLastDeregTime}.${i}`, 'str', '2026/08/06 08:16:57');
      if (online) {
        b.set(`${o.opmTemperature}.${i}`, 'str', p.scale.temperatureC.encode(30 + (onu % 20)));
        b.set(`${o.opmVoltage}.${i}`, 'str', p.scale.voltageV.encode(3.3));
        b.set(`${o.opmBias}.${i}`, 'str', p.scale.biasMa.encode(11.5));
        b.set(`${o.opmTxPower}.${i}`, 'str', p.scale.txDbm.encode(2.5));
        b.set(`${o.opmRxPower}.${i}`, 'str', p.scale.rxDbm.encode(-14 - (onu % 14)));
      }
    }
  }
  return b;
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** The columns and GET OIDs a driver call reads, found by watching its SNMP client. */
async function watchReads<T>(fn: () => Promise<T>): Promise<{ walked: string[]; got: string[] }> {
  const walked = new Set<string>();
  const got = new Set<string>();
  const { walkColumns, get, getNext } = SnmpClient.prototype;
  SnmpClient.prototype.walkColumns = function (this: SnmpClient, roots, options) {
    roots.forEach((r) => walked.add(r));
    return walkColumns.call(this, roots, options);
  };
  SnmpClient.prototype.get = function (this: SnmpClient, oids) {
    oids.forEach((o) => got.add(o));
    return get.call(this, oids);
  };
  SnmpClient.prototype.getNext = function (this: SnmpClient, oids) {
    oids.forEach((o) => got.add(o));
    return getNext.call(this, oids);
  };
  try {
    await fn();
  } finally {
    Object.assign(SnmpClient.prototype, { walkColumns, get, getNext });
  }
  return { walked: [...walked], got: [...got] };
}

export const benchmarks: Benchmark[] = [
  {
    name: 'snmp.walk_vs_snmpbulkwalk',
    unit: 'ratio',
    budget: 1.5,
    better: 'lower',
    description:
      'time for VsolEponDriver.listOnus() to read a 1,000-ONU table (auth + optics columns) divided by the time ' +
      `Debian snmpbulkwalk -Cr${MAX_REPS} takes to walk the same varbinds (its process start, timed as a one-varbind snmpget, subtracted), ` +
      `same snmpsimd agent, same run; median of ${ROUNDS} interleaved rounds after a warm-up`,
    async run(log) {
      const data = writeDataDir({ olt1000: thousandOnuOlt() });
      const sim = await startSnmpSimulator({
        dataDir: data.dir,
        probeCommunity: 'olt1000',
      });
      try {
        const conn = {
          host: sim.host,
          snmp: { port: sim.port, community: 'olt1000', maxRepetitions: MAX_REPS, timeoutMs: 5000 },
        };
        const subtree = '1.3.6.1.4.1.37950.1.1.5.12';
        const walkArgs = [
          '-v2c',
          `-Cr${MAX_REPS}`,
          '-c',
          'olt1000',
          '-On',
          '-Oq',
          `${sim.host}:${sim.port}`,
          subtree,
        ];
        // The process start of the tool, with a one-varbind exchange: subtracted from each of its walks.
        const startArgs = [
          '-v2c',
          '-c',
          'olt1000',
          '-On',
          '-Oq',
          `${sim.host}:${sim.port}`,
          '1.3.6.1.2.1.1.3.0',
        ];
        // Warm-up: snmpsimd indexes the file on first use. The driver's reads, watched on the way: the one
        // walk of the subtree must hold every value the driver reads, and nothing it does not.
        await run('snmpbulkwalk', walkArgs, { maxBuffer: 64 * 1024 * 1024 });
        const warm = new VsolEponDriver(conn);
        const reads = await watchReads(() => warm.listOnus());
        await warm.close();
        const outside = [...reads.walked, ...reads.got].filter((o) => !isUnder(o, subtree));
        log(
          `driver reads ${reads.walked.length} columns (${reads.walked.filter((o) => isUnder(o, subtree)).length} under ${subtree}; ` +
            `outside it, empty in this agent: ${outside.join(' ') || 'none'}) and ${reads.got.length} GET OIDs; snmpbulkwalk reads ${subtree}`,
        );
        const ours: number[] = [];
        const theirs: number[] = [];
        const starts: number[] = [];
        for (let r = 0; r < ROUNDS; r++) {
          const d = new VsolEponDriver(conn);
          let t = process.hrtime.bigint();
          const onus = await d.listOnus();
          ours.push(Number(process.hrtime.bigint() - t) / 1e6);
          await d.close();
          if (onus.length !== PONS * PER_PON)
            throw new Error(`driver read ${onus.length} ONUs, expected ${PONS * PER_PON}`);
          t = process.hrtime.bigint();
          const { stdout } = await run('snmpbulkwalk', walkArgs, { maxBuffer: 64 * 1024 * 1024 });
          const walkMs = Number(process.hrtime.bigint() - t) / 1e6;
          t = process.hrtime.bigint();
          await run('snmpget', startArgs);
          starts.push(Number(process.hrtime.bigint() - t) / 1e6);
          theirs.push(walkMs - starts[r]);
          const lines = stdout.split('\n').filter(Boolean).length;
          log(
            `round ${r + 1}: driver ${ours[r].toFixed(0)} ms, snmpbulkwalk ${walkMs.toFixed(0)} ms (${lines} varbinds) ` +
              `less its process start ${starts[r].toFixed(0)} ms = ${theirs[r].toFixed(0)} ms`,
          );
        }
        const ratio = median(ours) / median(theirs);
        log(
          `median driver ${median(ours).toFixed(0)} ms / snmpbulkwalk without its start ${median(theirs).toFixed(0)} ms = ${ratio.toFixed(3)}`,
        );
        return ratio;
      } finally {
        await sim.stop();
        data.remove();
      }
    },
  },
];
