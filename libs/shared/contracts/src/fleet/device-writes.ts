/**
 * Device writes (reboot, delete, clear a port) and how sure we are of their syntax. Every path a driver may
 * take is declared with the evidence behind it, taken from the device-data notes (CLI-ACTIONS.md):
 * - `seen`: the command and its effect were seen on a real device or printed in the vendor's manual;
 * - `production`: third-party software runs it against real OLTs;
 * - `inferred`: nobody shows it; the syntax is our best reading of a manual or a sibling model.
 *
 * Routes:
 *   GET  /olts/:id/write-paths          [2003|2007|2010] → OltWritePaths (for the OLT's stored credentials)
 *   POST /onus/:id/reboot  body OnuWriteRequest   [2007|2003] → OnuWriteStarted
 *   POST /onus/:id/clear   body OnuWriteRequest        [2010] → OnuActionResult
 * A write whose path is `inferred` is refused with 409 WRITE_INFERRED_NOT_ACCEPTED unless the request says
 * `acceptInferred: true` (the console asks a second time, naming the inferred command); a write with no path
 * at all is refused with 409 WRITE_UNSUPPORTED.
 *
 * A reboot is confirmed only by the ONU going offline and coming back; the verdict comes later as the
 * socket event `onu.write.verified` (and in the audit log). A delete is confirmed by the ONU leaving the OLT's
 * table before the request answers; otherwise it fails with WRITE_NO_EFFECT.
 */

export const WRITE_EVIDENCE = ['seen', 'production', 'inferred'] as const;
export type WriteEvidence = (typeof WRITE_EVIDENCE)[number];

export const ONU_WRITE_KINDS = ['reboot', 'delete', 'clearPort'] as const;
export type OnuWriteKind = (typeof ONU_WRITE_KINDS)[number];

export type WriteTransport = 'snmp' | 'cli' | 'http';

/** One way of doing one write on one brand and mode. */
export interface WritePathInfo {
  kind: OnuWriteKind;
  via: WriteTransport;
  evidence: WriteEvidence;
  /**
   * What is sent, step by step, with `<p>` for the PON port, `<o>` for the ONU id and `<idx>` for an SNMP
   * index, e.g. `['config', 'interface EPON0/<p>', 'no epon bind-onu sequence <o>', 'exit', 'exit', 'write all']`.
   */
  steps: string[];
  /** Where the syntax comes from, in words (e.g. 'Ubilling and switcher-core, run on live OLTs'). */
  source: string;
}

/** The path each write takes on one OLT with its stored credentials; null: no path with evidence here. */
export interface OltWritePaths {
  reboot: WritePathInfo | null;
  delete: WritePathInfo | null;
  clearPort: WritePathInfo | null;
  /** Why a write has no path (missing credentials, or nothing known for this brand and mode). */
  missing: Partial<Record<OnuWriteKind, string>>;
}

export interface OnuWriteRequest {
  /** The operator has read that this OLT's command is inferred and wants it sent anyway. */
  acceptInferred?: boolean;
}

export interface OnuWriteStarted {
  ok: true;
  message: string;
  /** The reboot was sent; the verdict follows as `onu.write.verified`. */
  verification: 'watching';
  path: WritePathInfo;
}

/**
 * - `confirmed`: the effect was seen (a rebooted ONU went offline and came back; a deleted ONU left the table);
 * - `offline`: a rebooted ONU went offline and had not come back when the watch ended;
 * - `no_effect_seen`: nothing changed on the OLT within the watch; the write may not have worked;
 * - `gone`: the ONU or its OLT disappeared while being watched.
 */
export const WRITE_VERDICTS = ['confirmed', 'offline', 'no_effect_seen', 'gone'] as const;
export type WriteVerdict = (typeof WRITE_VERDICTS)[number];

/** Socket event `onu.write.verified`, sent to the OLT's room. */
export interface OnuWriteVerified {
  onuId: string;
  oltId: string;
  kind: OnuWriteKind;
  verdict: WriteVerdict;
  ifName: string;
  message: string;
  at: string;
}

export const WRITE_VERDICT_MESSAGES: Record<WriteVerdict, (ifName: string) => string> = {
  confirmed: () => 'Reboot Successfully',
  offline: (n) => `${n} went offline after the reboot and has not come back yet`,
  no_effect_seen: (n) => `No effect seen: ${n} stayed online after the reboot was sent`,
  gone: (n) => `${n} is no longer listed by its OLT`,
};

export const EVIDENCE_LABELS: Record<WriteEvidence, string> = {
  seen: 'seen on a real device',
  production: 'used by production tools on real OLTs',
  inferred: 'inferred (never seen on a device)',
};
