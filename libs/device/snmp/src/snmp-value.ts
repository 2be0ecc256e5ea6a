import type { RawVarbind } from 'net-snmp';

/** A typed SNMP value. OCTET STRING stays bytes; use `octetsText`/`octetsHex` to read it. */
export type SnmpValue =
  | { type: 'integer' | 'counter32' | 'gauge32' | 'timeticks'; value: number }
  | { type: 'counter64'; value: bigint }
  | { type: 'octets'; value: Buffer }
  | { type: 'oid' | 'ipAddress'; value: string }
  | { type: 'boolean'; value: boolean }
  | { type: 'null' | 'noSuchObject' | 'noSuchInstance' | 'endOfMibView' | 'opaque' };

export interface SnmpVarbind {
  oid: string;
  value: SnmpValue;
}

// ASN.1/SNMP tag numbers (RFC 2578 / RFC 3416).
const T_BOOLEAN = 1;
const T_INTEGER = 2;
const T_OCTETS = 4;
const T_NULL = 5;
const T_OID = 6;
const T_IP = 64;
const T_COUNTER32 = 65;
const T_GAUGE32 = 66;
const T_TIMETICKS = 67;
const T_OPAQUE = 68;
const T_COUNTER64 = 70;
const T_NO_SUCH_OBJECT = 128;
const T_NO_SUCH_INSTANCE = 129;
const T_END_OF_MIB = 130;

export function isEndMarker(v: SnmpValue): boolean {
  return v.type === 'endOfMibView' || v.type === 'noSuchObject' || v.type === 'noSuchInstance';
}

export function toSnmpValue(vb: RawVarbind): SnmpValue {
  switch (vb.type) {
    case T_INTEGER:
      return { type: 'integer', value: vb.value as number };
    case T_OCTETS:
      return {
        type: 'octets',
        value: Buffer.isBuffer(vb.value) ? vb.value : Buffer.from(String(vb.value ?? ''), 'latin1'),
      };
    case T_COUNTER32:
      return { type: 'counter32', value: vb.value as number };
    case T_GAUGE32:
      return { type: 'gauge32', value: vb.value as number };
    case T_TIMETICKS:
      return { type: 'timeticks', value: vb.value as number };
    case T_COUNTER64:
      return { type: 'counter64', value: bufferToBigInt(vb.value) };
    case T_OID:
      return { type: 'oid', value: String(vb.value) };
    case T_IP:
      return { type: 'ipAddress', value: String(vb.value) };
    case T_BOOLEAN:
      return { type: 'boolean', value: Boolean(vb.value) };
    case T_NULL:
      return { type: 'null' };
    case T_OPAQUE:
      return { type: 'opaque' };
    case T_NO_SUCH_OBJECT:
      return { type: 'noSuchObject' };
    case T_NO_SUCH_INSTANCE:
      return { type: 'noSuchInstance' };
    case T_END_OF_MIB:
      return { type: 'endOfMibView' };
    default:
      return { type: 'null' };
  }
}

function bufferToBigInt(raw: unknown): bigint {
  if (typeof raw === 'bigint') return raw;
  if (typeof raw === 'number') return BigInt(raw);
  if (Buffer.isBuffer(raw)) {
    let v = 0n;
    for (const b of raw) v = (v << 8n) | BigInt(b);
    return v;
  }
  return 0n;
}

/** Printable text, or null when the bytes are binary (a MAC, a packed serial). Trailing NUL/CR/LF are cut. */
export function octetsText(buf: Buffer): string | null {
  let end = buf.length;
  while (end > 0 && (buf[end - 1] === 0 || buf[end - 1] === 10 || buf[end - 1] === 13)) end--;
  for (let i = 0; i < end; i++) {
    const c = buf[i];
    if (c < 32 && c !== 9 && c !== 10 && c !== 13) return null;
    if (c === 127) return null;
  }
  return buf.toString('utf8', 0, end);
}

export function octetsHex(buf: Buffer): string {
  return buf.toString('hex');
}

/** Number from integer-like values; Counter64 beyond 2^53 stays approximate. Strings that hold a number parse too. */
export function valueNumber(v: SnmpValue | undefined): number | null {
  if (!v) return null;
  switch (v.type) {
    case 'integer':
    case 'counter32':
    case 'gauge32':
    case 'timeticks':
      return v.value;
    case 'counter64':
      return Number(v.value);
    case 'octets': {
      const t = octetsText(v.value);
      if (t === null) return null;
      const n = Number(t.trim());
      return t.trim() !== '' && Number.isFinite(n) ? n : null;
    }
    default:
      return null;
  }
}

export function valueBigInt(v: SnmpValue | undefined): bigint | null {
  if (!v) return null;
  if (v.type === 'counter64') return v.value;
  const n = valueNumber(v);
  return n === null ? null : BigInt(Math.trunc(n));
}

/** Text of any value: octets as text (binary → hex), numbers as decimal, OIDs as dotted. */
export function valueText(v: SnmpValue | undefined): string | null {
  if (!v) return null;
  switch (v.type) {
    case 'octets':
      return octetsText(v.value) ?? octetsHex(v.value);
    case 'integer':
    case 'counter32':
    case 'gauge32':
    case 'timeticks':
      return String(v.value);
    case 'counter64':
      return v.value.toString();
    case 'oid':
    case 'ipAddress':
      return v.value;
    case 'boolean':
      return String(v.value);
    default:
      return null;
  }
}

export function valueBytes(v: SnmpValue | undefined): Buffer | null {
  return v && v.type === 'octets' ? v.value : null;
}
