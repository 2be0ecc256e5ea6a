/**
 * Recording hook: `ponctl record` sees every varbind the SNMP clients receive while it reads a device.
 * Off unless a caller runs code inside `observeSnmp`; a client looks the observer up once, when it is made.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { RawVarbind } from 'net-snmp';
import { normalizeOid } from './oid';
import { toSnmpValue, type SnmpVarbind } from './snmp-value';

/** Called with the varbinds of each answer (GET, GETNEXT, every GETBULK/GETNEXT step of a walk). */
export type SnmpObserver = (varbinds: readonly SnmpVarbind[]) => void;

const scope = new AsyncLocalStorage<SnmpObserver>();

/** Runs `fn`; every SnmpClient created inside it reports what it receives to `observer`. */
export function observeSnmp<T>(observer: SnmpObserver, fn: () => Promise<T>): Promise<T> {
  return scope.run(observer, fn);
}

/** The observer of the calling context, or null (the usual case: nothing is recorded). */
export function currentSnmpObserver(): SnmpObserver | null {
  return scope.getStore() ?? null;
}

/** Hands an answer's raw varbinds (a GETBULK's rows flattened) to the observer as typed varbinds. */
export function reportAnswer(observer: SnmpObserver, answer: unknown): void {
  if (!Array.isArray(answer)) return;
  const raw = (answer as unknown[]).flat() as RawVarbind[];
  observer(
    raw
      .filter((vb) => vb !== null && typeof vb === 'object' && typeof vb.oid === 'string')
      .map((vb) => ({ oid: normalizeOid(vb.oid), value: toSnmpValue(vb) })),
  );
}
