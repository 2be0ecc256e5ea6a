import {
  WRITE_VERDICTS,
  type OltWritePaths,
  type OnuWriteKind,
  type OnuWriteRequest,
  type OnuWriteVerified,
  type WritePathInfo,
  type WriteTransport,
  type WriteVerdict,
} from '@pondesk/contracts';
import { ApiError } from '../../shared/http-client';

/** How a write reaches the OLT, in the operator's words. */
export const TRANSPORT_WORDS: Record<WriteTransport, string> = {
  snmp: 'Sent over SNMP',
  cli: 'Sent over telnet',
  http: "Sent over the OLT's web interface",
};

const KIND_WORDS: Record<OnuWriteKind, string> = {
  reboot: 'reboot',
  delete: 'delete',
  clearPort: 'port clear',
};

/** Said plainly before an inferred command is sent: nobody has seen it work. */
export const inferredWarning = (kind: OnuWriteKind) =>
  `This OLT's ${KIND_WORDS[kind]} command is inferred: it has never been seen working on a real device. It may do nothing, or something else.`;

export const ACCEPT_INFERRED_LABEL = 'Send the inferred command anyway';

/** The steps as they will be sent to this ONU: `<p>` is its PON port, `<o>` its id; `<idx>` stays (the OLT's). */
export function stepsFor(path: WritePathInfo, onu: { ponPort: number; onuId: number }): string[] {
  return path.steps.map((s) => s.replaceAll('<p>', String(onu.ponPort)).replaceAll('<o>', String(onu.onuId)));
}

/**
 * Whether a write may be sent now, and with which body:
 * - `loading`: the OLT's paths are not known yet;
 * - `missing`: no path with evidence (the reason is the server's);
 * - `needs-consent`: the path is inferred and the operator has not ticked the checkbox;
 * - `ready`: send `request`.
 */
export type WriteGate =
  | { state: 'loading' }
  | { state: 'missing'; reason: string }
  | { state: 'needs-consent'; path: WritePathInfo }
  | { state: 'ready'; path: WritePathInfo; request: OnuWriteRequest };

const NO_PATH = 'No command with evidence is known for this OLT';

export function writeGate(
  paths: OltWritePaths | undefined,
  kind: OnuWriteKind,
  acceptedInferred: boolean,
): WriteGate {
  if (!paths) return { state: 'loading' };
  const path = paths[kind];
  if (!path) return { state: 'missing', reason: paths.missing[kind] ?? NO_PATH };
  if (path.evidence !== 'inferred') return { state: 'ready', path, request: {} };
  return acceptedInferred
    ? { state: 'ready', path, request: { acceptInferred: true } }
    : { state: 'needs-consent', path };
}

export type VerdictSeverity = 'success' | 'warning' | 'error';

/** Seen working is a success; the ONU lost or gone is unclear; nothing changed on the OLT is a failure. */
export const VERDICT_SEVERITY: Record<WriteVerdict, VerdictSeverity> = {
  confirmed: 'success',
  offline: 'warning',
  gone: 'warning',
  no_effect_seen: 'error',
};

/** The toast for a verdict from the server: its own message, or nothing for a verdict this console does not know. */
export function verdictToast(
  event: Pick<OnuWriteVerified, 'verdict' | 'message'>,
): { severity: VerdictSeverity; message: string } | null {
  if (!(WRITE_VERDICTS as readonly string[]).includes(event.verdict)) return null;
  return { severity: VERDICT_SEVERITY[event.verdict], message: event.message };
}

/**
 * The server refused an inferred command without consent: the OLT's path changed since the dialog read it
 * (e.g. its credentials were edited). The dialog reads the paths again and asks.
 */
export const refusedAsInferred = (error: unknown) =>
  error instanceof ApiError && error.body.code === 'WRITE_INFERRED_NOT_ACCEPTED';
