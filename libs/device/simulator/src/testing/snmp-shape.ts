/** Comparing simulated SNMP columns with real recordings by shape (tests only). */
import type { SnmpValue } from '@pondesk/device-snmp';

export const TAG: Record<SnmpValue['type'], number> = {
  integer: 2,
  octets: 4,
  null: 5,
  oid: 6,
  ipAddress: 64,
  counter32: 65,
  gauge32: 66,
  timeticks: 67,
  opaque: 68,
  counter64: 70,
  boolean: 1,
  noSuchObject: 128,
  noSuchInstance: 129,
  endOfMibView: 130,
};

export function valueText(v: SnmpValue): string {
  switch (v.type) {
    case 'octets':
      return v.value.toString('latin1');
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
    default:
      return '';
  }
}

/**
 * The format of a value with its particulars removed: MACs, dates, times, integers and decimals (keeping the
 * number of decimals) become tokens, so `0.03 mW (-14.61 dBm)` and `2.38 mW (3.77 dBm)` share one shape.
 */
export function shape(text: string): string {
  return text
    .replace(/[0-9a-f]{2}(?::[0-9a-f]{2}){5}/gi, '<mac>')
    .replace(/\d{4}[-/:]\d{2}[-/:]\d{2}/g, '<date>')
    .replace(/\d{2}:\d{2}:\d{2}/g, '<hms>')
    .replace(/-?\d+\.(\d+)/g, (_m, d: string) => `<f${'x'.repeat(d.length)}>`)
    .replace(/-?\d+/g, '<i>')
    .replace(/(?:<i>,)+/g, '<i>,*');
}

/** Magnitude class of each index part (ifIndex 1179 vs packed 16777473 vs `<pon>.<onu>`). */
export function indexSignature(index: string): string {
  return index
    .split('.')
    .map((p) => {
      const n = Number(p);
      return n < 256 ? 's' : n < 65536 ? 'm' : 'b';
    })
    .join('.');
}
