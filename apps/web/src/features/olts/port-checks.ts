import { isHost, parsePort } from '@pondesk/contracts';

/**
 * Reachability of the two ports the Add/Edit form checks (OLT telnet, MikroTik API), run by the
 * worker as the fields change. Results for an address that is no longer in the form are ignored.
 */
export type CheckTarget = 'olt' | 'mikrotik';
export type CheckPhase = 'idle' | 'waiting' | 'checking' | 'open' | 'closed' | 'error';

export interface CheckState {
  phase: CheckPhase;
  /** `host:port` being checked, or null when the fields do not form an address. */
  key: string | null;
  latencyMs: number | null;
  message: string | null;
}

export type ChecksState = Record<CheckTarget, CheckState>;

export type CheckAction =
  | { type: 'input'; target: CheckTarget; key: string | null }
  | { type: 'started'; target: CheckTarget; key: string }
  | {
      type: 'result';
      target: CheckTarget;
      key: string;
      status: 'open' | 'closed';
      latencyMs: number | null;
      error?: string;
    }
  | { type: 'failed'; target: CheckTarget; key: string; message: string };

const idle: CheckState = { phase: 'idle', key: null, latencyMs: null, message: null };

export const initialChecks: ChecksState = { olt: idle, mikrotik: idle };

/** The address to check, or null when host or port is empty or malformed. */
export function checkKey(host: string, port: string): string | null {
  const p = parsePort(port);
  return isHost(host) && p !== null ? `${host.trim()}:${p}` : null;
}

export function splitKey(key: string): { host: string; port: number } {
  const i = key.lastIndexOf(':');
  return { host: key.slice(0, i), port: Number(key.slice(i + 1)) };
}

export function checksReducer(state: ChecksState, action: CheckAction): ChecksState {
  const current = state[action.target];
  let next: CheckState;
  switch (action.type) {
    case 'input':
      if (action.key === current.key) return state;
      next = action.key ? { ...idle, phase: 'waiting', key: action.key } : idle;
      break;
    case 'started':
      if (action.key !== current.key) return state;
      next = { ...current, phase: 'checking', message: null };
      break;
    case 'result':
      if (action.key !== current.key) return state;
      next = {
        ...current,
        phase: action.status,
        latencyMs: action.latencyMs,
        message: action.error ?? null,
      };
      break;
    case 'failed':
      if (action.key !== current.key) return state;
      next = { ...current, phase: 'error', latencyMs: null, message: action.message };
      break;
  }
  return { ...state, [action.target]: next };
}

/** Spec §4: open is valid (true), closed invalid (false), anything else unknown (null). */
export function validity(check: CheckState): boolean | null {
  if (check.phase === 'open') return true;
  if (check.phase === 'closed') return false;
  return null;
}

/**
 * Add Olt: when the OLT's port reports open, and the MikroTik's too when the OLT has one (the
 * MikroTik is optional: an OLT without one is added on its own port check).
 */
export const canCreate = (checks: ChecksState, withMikrotik = true): boolean =>
  validity(checks.olt) === true && (!withMikrotik || validity(checks.mikrotik) === true);

/** Update Olt: unless a check reports closed. */
export const canUpdate = (checks: ChecksState): boolean =>
  validity(checks.olt) !== false && validity(checks.mikrotik) !== false;
