/** Writes `.snmprec` files (sorted by OID, snmpsim's format): synthetic agents for tests, the bench and the simulator. */
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { compareOids } from '../oid';

export type SnmprecType = 'int' | 'str' | 'hex' | 'gauge' | 'oid' | 'ticks' | 'counter64';
const TAG: Record<SnmprecType, string> = {
  int: '2',
  str: '4',
  hex: '4x',
  gauge: '66',
  oid: '6',
  ticks: '67',
  counter64: '70',
};

export class SnmprecBuilder {
  private readonly rows = new Map<string, string>();

  set(oid: string, type: SnmprecType, value: string | number | Uint8Array): this {
    const v = value instanceof Uint8Array ? Buffer.from(value).toString('hex') : String(value);
    this.rows.set(oid, `${TAG[type]}|${v}`);
    return this;
  }

  system(descr: string, objectId: string): this {
    return this.set('1.3.6.1.2.1.1.1.0', 'str', descr)
      .set('1.3.6.1.2.1.1.2.0', 'oid', objectId)
      .set('1.3.6.1.2.1.1.3.0', 'ticks', 123456)
      .set('1.3.6.1.2.1.1.5.0', 'str', 'lab-olt');
  }

  toString(): string {
    return (
      [...this.rows.keys()]
        .sort(compareOids)
        .map((oid) => `${oid}|${this.rows.get(oid)}`)
        .join('\n') + '\n'
    );
  }
}

/** A data dir readable by snmpsimd's unprivileged user. */
export function writeDataDir(files: Record<string, SnmprecBuilder>): { dir: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'pondesk-snmprec-'));
  chmodSync(dir, 0o755);
  for (const [name, b] of Object.entries(files)) {
    const path = join(dir, `${name}.snmprec`);
    mkdirSync(dirname(path), { recursive: true, mode: 0o755 });
    writeFileSync(path, b.toString(), { mode: 0o644 });
  }
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
