/**
 * snmpsim's `.snmprec` lines (`oid|tag|value`) both ways, for recordings: what an SNMP client received becomes a
 * line, and a line becomes a value the simulator's agent can send. Tags: 2 INTEGER, 4 OCTET STRING (text),
 * 4x OCTET STRING (hex), 6 OID, 64 IpAddress, 65 Counter32, 66 Gauge32, 67 TimeTicks, 70 Counter64.
 */
import { compareOids, type SnmpValue } from '@pondesk/device-snmp';
import { Asn } from '../snmp/virtual-mib';

/** Counter64's tag (net-snmp's ObjectType.Counter64); the simulated MIBs never needed it. */
export const COUNTER64 = 70;

/** One recorded instance, typed for net-snmp's agent (Counter64 as its big-endian integer bytes). */
export interface SnmprecEntry {
  oid: string;
  type: number;
  value: number | string | Buffer;
}

/** Plain text only when it reads back byte for byte: printable ASCII on one line. */
const isPlainText = (b: Buffer): boolean => b.every((c) => c >= 0x20 && c < 0x7f);

/** The line for a received value, or null for what a recording cannot hold (end markers, null, opaque). */
export function snmprecLine(oid: string, v: SnmpValue): string | null {
  switch (v.type) {
    case 'integer':
      return `${oid}|2|${v.value}`;
    case 'octets':
      return isPlainText(v.value)
        ? `${oid}|4|${v.value.toString('latin1')}`
        : `${oid}|4x|${v.value.toString('hex')}`;
    case 'oid':
      return `${oid}|6|${v.value}`;
    case 'ipAddress':
      return `${oid}|64|${v.value}`;
    case 'counter32':
      return `${oid}|65|${v.value}`;
    case 'gauge32':
      return `${oid}|66|${v.value}`;
    case 'timeticks':
      return `${oid}|67|${v.value}`;
    case 'counter64':
      return `${oid}|70|${v.value.toString()}`;
    default:
      return null;
  }
}

/** Lines sorted by OID (snmpsim needs the order), one per OID. */
export function formatSnmprec(lines: ReadonlyMap<string, string>): string {
  const oids = [...lines.keys()].sort(compareOids);
  return oids.map((o) => lines.get(o)).join('\n') + (oids.length > 0 ? '\n' : '');
}

/** A non-negative integer as BER INTEGER content: minimal big-endian bytes, a leading 0 when the top bit is set. */
function unsignedBytes(n: bigint): Buffer {
  let hex = n.toString(16);
  if (hex.length % 2) hex = `0${hex}`;
  const b = Buffer.from(hex, 'hex');
  return b[0] !== undefined && b[0] & 0x80 ? Buffer.concat([Buffer.from([0]), b]) : b;
}

function entryValue(tag: string, text: string): Omit<SnmprecEntry, 'oid'> | null {
  switch (tag) {
    case '2':
      return { type: Asn.Integer, value: Number(text) };
    case '4':
      return { type: Asn.OctetString, value: Buffer.from(text, 'latin1') };
    case '4x':
      return { type: Asn.OctetString, value: Buffer.from(text, 'hex') };
    case '6':
      return { type: Asn.Oid, value: text.replace(/^\./, '') };
    case '64':
      return { type: Asn.IpAddress, value: text };
    case '65':
      return { type: Asn.Counter, value: Number(text) };
    case '66':
      return { type: Asn.Gauge, value: Number(text) };
    case '67':
      return { type: Asn.TimeTicks, value: Number(text) };
    case '70':
      return /^\d+$/.test(text) ? { type: COUNTER64, value: unsignedBytes(BigInt(text)) } : null;
    default:
      return null;
  }
}

/** Every line this module writes (and snmpsim's plain forms of those tags); other tags are skipped. */
export function parseSnmprec(text: string): SnmprecEntry[] {
  const out: SnmprecEntry[] = [];
  for (const line of text.split('\n')) {
    const m = /^\.?([\d.]+)\|(\d+x?)\|(.*)$/.exec(line.replace(/\r$/, ''));
    if (!m) continue;
    const v = entryValue(m[2] as string, m[3] as string);
    if (v) out.push({ oid: m[1] as string, ...v });
  }
  return out;
}
