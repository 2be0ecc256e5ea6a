import type { SwitchCheckResponse } from '@pondesk/contracts';

/**
 * The SNMP Port field's live check (spec 3 §4: open is valid, closed invalid, anything else neutral).
 * Each state carries the address it is about, so an answer for an address no longer in the form is dropped.
 */
export type SwitchCheckPhase = 'idle' | 'waiting' | 'checking' | 'open' | 'closed' | 'error';

export interface SwitchCheckState {
  phase: SwitchCheckPhase;
  key: string | null;
  latencyMs: number | null;
  message: string | null;
}

export type SwitchCheckAction =
  | { type: 'input'; key: string | null }
  | { type: 'started'; key: string }
  | { type: 'result'; key: string; response: SwitchCheckResponse }
  | { type: 'failed'; key: string; message: string };

export const IDLE_CHECK: SwitchCheckState = { phase: 'idle', key: null, latencyMs: null, message: null };

export function switchCheckReducer(state: SwitchCheckState, action: SwitchCheckAction): SwitchCheckState {
  switch (action.type) {
    case 'input':
      if (action.key === state.key) return state;
      return action.key ? { ...IDLE_CHECK, phase: 'waiting', key: action.key } : IDLE_CHECK;
    case 'started':
      return action.key === state.key ? { ...state, phase: 'checking', message: null } : state;
    case 'result':
      if (action.key !== state.key) return state;
      return {
        ...state,
        phase: action.response.status,
        latencyMs: action.response.latencyMs,
        message: action.response.error ?? null,
      };
    case 'failed':
      return action.key === state.key
        ? { ...state, phase: 'error', latencyMs: null, message: action.message }
        : state;
  }
}

/** True valid, false invalid, null neutral (not checked, checking, or the check could not run). */
export function checkValidity(check: SwitchCheckState): boolean | null {
  if (check.phase === 'open') return true;
  if (check.phase === 'closed') return false;
  return null;
}

/** The words under the SNMP Port field. */
export function checkText(check: SwitchCheckState): string {
  switch (check.phase) {
    case 'idle':
      return 'Not checked: enter the IP, the community and the port';
    case 'waiting':
    case 'checking':
      return 'Checking SNMP…';
    case 'open':
      return check.latencyMs === null ? 'SNMP answered' : `SNMP answered in ${check.latencyMs} ms`;
    case 'closed':
      return `No SNMP answer${check.message ? `: ${check.message}` : ''}`;
    case 'error':
      return `The check could not run: ${check.message ?? 'error'}`;
  }
}
