/**
 * Loopback addresses for the simulated fleet. Network safety: the simulator listens and sends on this
 * machine's loopback only (127.0.0.0/8), so a demo or a test never reaches a real network.
 */
import { isIPv4 } from 'node:net';

/** `127.0.1.1` → its 32-bit number; null for anything that is not a dotted IPv4 address. */
export function ipv4ToInt(address: string): number | null {
  if (!isIPv4(address)) return null;
  return address.split('.').reduce((n, part) => n * 256 + Number(part), 0);
}

export function intToIpv4(n: number): string {
  return [n >>> 24, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff].join('.');
}

/** A dotted IPv4 address in 127.0.0.0/8. */
export function isLoopbackIpv4(address: string): boolean {
  const n = ipv4ToInt(address);
  return n !== null && n >>> 24 === 127;
}

const LOOPBACK_FIRST = 127 * 2 ** 24 + 1;
/** 127.255.255.254: the last host address of the block. */
const LOOPBACK_LAST = 128 * 2 ** 24 - 2;

/**
 * `count` consecutive loopback addresses from `base` (`127.0.1.1`, `127.0.1.2`, …), carrying into the next
 * octet past .255 (`127.0.1.255` is followed by `127.0.2.0`). Throws when `base` is not in 127.0.0.0/8 or the
 * run would leave it; `what` names the setting in the message.
 */
export function loopbackRange(base: string, count: number, what: string): string[] {
  const first = ipv4ToInt(base);
  if (first === null || first >>> 24 !== 127)
    throw new Error(`${what} must be an IPv4 address in 127.0.0.0/8 (loopback), not ${base}`);
  if (first < LOOPBACK_FIRST) throw new Error(`${what} must not be 127.0.0.0`);
  if (count > 0 && first + count - 1 > LOOPBACK_LAST)
    throw new Error(
      `${what} ${base} + ${count} addresses runs past 127.255.255.254: pick a lower base or a smaller fleet`,
    );
  return Array.from({ length: count }, (_, i) => intToIpv4(first + i));
}
