/**
 * One PPPoE session event as a MikroTik PPP profile's on-up / on-down script posts it with `/tool fetch`
 * (RouterOS variable names, form-encoded), and how a simulated subscriber's fields are derived.
 */
import { parsePppoeIds } from '@pondesk/contracts';

export type SessionAction = 'up' | 'down';

export interface SessionEvent {
  action: SessionAction;
  /** The PPPoE user (`$user`). */
  user: string;
  /** The subscriber router's MAC (`$"caller-id"`): upper-case colon form as RouterOS writes it, or ''. */
  callerId: string;
  /** The address the BRAS gave the session (`$"remote-address"`). */
  remoteAddress: string;
  /** The BRAS's `/system identity`. */
  router: string;
}

/** The simulated BRAS in front of an OLT. */
export const brasIdentity = (oltName: string): string => `BRAS-${oltName}`;

/** The ONU's PPPoE id as the console reads it from the description (its first), or null. */
export function pppoeIdOf(description: string | null, own: readonly string[] = []): string | null {
  return parsePppoeIds(description, own)[0] ?? null;
}

/** `a0:94:6a:89:97:d0` → `A0:94:6A:89:97:D0`; '' when there is none. */
export function callerIdOf(mac: string | null | undefined): string {
  if (!mac) return '';
  const hex = mac.replace(/[^0-9a-f]/gi, '');
  if (hex.length !== 12) return '';
  return hex.toUpperCase().replace(/(..)(?!$)/g, '$1:');
}

/**
 * A stable address per subscriber in 100.64.0.0/10 (carrier-grade NAT space, as BRAS pools use): 8 bits of
 * device position, 6 of PON port, 8 of ONU id.
 */
export function remoteAddressOf(deviceIndex: number, ponPort: number, onuId: number): string {
  const n = ((deviceIndex & 0xff) << 14) | ((ponPort & 0x3f) << 8) | (onuId & 0xff);
  return [100, 64 | (n >>> 16), (n >>> 8) & 0xff, n & 0xff].join('.');
}

/** The form body of the post, in the order the scripts build it. */
export function sessionEventBody(e: SessionEvent): string {
  return new URLSearchParams([
    ['action', e.action],
    ['user', e.user],
    ['caller-id', e.callerId],
    ['remote-address', e.remoteAddress],
    ['router', e.router],
  ]).toString();
}
