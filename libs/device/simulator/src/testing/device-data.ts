/** Simulator-side readers of the real device data (tests only); the locator is device-snmp's. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cliSample, deviceDataPath } from '@pondesk/device-snmp/testing';

export { cliSample, deviceDataPath };

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
