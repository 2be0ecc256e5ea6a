/** Reading the real device data in ../shared/device-data (tests only). */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { deviceDataDir } from '@pondesk/device-snmp';

export const DEVICE_DATA_DIR = deviceDataDir();

export function deviceDataPath(rel: string): string {
  const p = join(DEVICE_DATA_DIR, rel);
  if (!existsSync(p)) throw new Error(`device data missing: ${p} (set PONDESK_DEVICE_DATA)`);
  return p;
}

/** The text after the `# ---- verbatim data below` line of a CLI sample. */
export function cliSample(rel: string): string {
  const text = readFileSync(deviceDataPath(join('cli', rel)), 'utf8');
  const at = text.indexOf('# ---- verbatim data below');
  if (at < 0) throw new Error(`${rel}: no verbatim marker`);
  return text.slice(text.indexOf('\n', at) + 1);
}

export interface SnmprecRecord {
  oid: string;
  /** ASN.1 tag (`4x` hex strings are OCTET STRING = 4). */
  type: number;
  /** Text value; hex-encoded octets are decoded to latin1. */
  value: string;
}

/** `oid|type|value` lines of an snmpsim recording. */
export function readSnmprec(rel: string): SnmprecRecord[] {
  const out: SnmprecRecord[] = [];
  for (const line of readFileSync(deviceDataPath(join('snmp', rel)), 'latin1').split('\n')) {
    const m = /^([\d.]+)\|(\d+)(x?)\|(.*)$/.exec(line.replace(/\r$/, ''));
    if (!m) continue;
    const value = m[3] === 'x' ? Buffer.from(m[4] as string, 'hex').toString('latin1') : (m[4] as string);
    out.push({ oid: (m[1] as string).replace(/^\./, ''), type: Number(m[2]), value });
  }
  return out;
}
