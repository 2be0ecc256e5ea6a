import type { PageQuery } from './types';

/*
 * The audit log's vocabulary, owned here so the API's filters and the web's wording agree: every action
 * name the API writes, the kind it belongs to, what it says in words, and how a row's outcome is read.
 */

/**
 * What an audited action did. `device-write` changes a device (an ONU rebooted or deleted on its OLT);
 * `device-check` asks devices and changes nothing on them; `admin` changes the account's records (staff,
 * roles, branches, OLTs, stored ONU data); `account` is sign-up, profile and password changes.
 */
export const AUDIT_KINDS = ['device-write', 'device-check', 'admin', 'account'] as const;
export type AuditKind = (typeof AUDIT_KINDS)[number];

export const AUDIT_KIND_LABELS: Record<AuditKind, string> = {
  'device-write': 'Device writes',
  'device-check': 'Device checks',
  admin: 'Admin changes',
  account: 'Account and profile',
};

/** What became of the action, where its row says so. */
export const AUDIT_OUTCOMES = ['ok', 'failed', 'no-effect-seen'] as const;
export type AuditOutcome = (typeof AUDIT_OUTCOMES)[number];

export const AUDIT_OUTCOME_LABELS: Record<AuditOutcome, string> = {
  ok: 'OK',
  failed: 'Failed',
  'no-effect-seen': 'No effect seen',
};

interface AuditActionInfo {
  kind: AuditKind;
  /** The action in words, as the Audit Log shows it. */
  label: string;
  /** The action's outcome whatever its row holds (a refusal is a failure by its name). */
  outcome?: AuditOutcome;
}

/** Every action name the API writes (grep `action:` in apps/api/src). */
export const AUDIT_ACTIONS = {
  'onu.reboot': { kind: 'device-write', label: 'Reboot ONU' },
  'onu.clear': { kind: 'device-write', label: 'Delete ONU on the OLT' },

  'onu.read-signal': { kind: 'device-check', label: 'Read ONU signal' },
  'onu.realtime': { kind: 'device-check', label: 'Read ONU realtime data' },
  /** Written by the worker when a reboot's watch ends: what it saw (down and back, or no effect). */
  'onu.reboot.verified': { kind: 'device-check', label: 'Reboot verified' },
  'olt.probe': { kind: 'device-check', label: 'Probe OLT' },
  'olt.port-check.refused': { kind: 'device-check', label: 'Port check refused', outcome: 'failed' },
  'switch.check.refused': { kind: 'device-check', label: 'Switch check refused', outcome: 'failed' },
  'scan.mac-find': { kind: 'device-check', label: 'Find MAC' },
  'scan.inactive': { kind: 'device-check', label: 'Scan for inactive ONUs' },

  'user.create': { kind: 'admin', label: 'Create user' },
  'user.update': { kind: 'admin', label: 'Edit user' },
  'user.status': { kind: 'admin', label: 'Change user status' },
  'user.delete': { kind: 'admin', label: 'Delete user' },
  'role.create': { kind: 'admin', label: 'Create role' },
  'role.update': { kind: 'admin', label: 'Edit role' },
  'role.active': { kind: 'admin', label: 'Switch role on or off' },
  'role.delete': { kind: 'admin', label: 'Delete role' },
  'branch.create': { kind: 'admin', label: 'Create branch' },
  'branch.update': { kind: 'admin', label: 'Edit branch' },
  'branch.delete': { kind: 'admin', label: 'Delete branch' },
  'olt.create': { kind: 'admin', label: 'Add OLT' },
  'olt.update': { kind: 'admin', label: 'Edit OLT' },
  'olt.delete': { kind: 'admin', label: 'Delete OLT' },
  'olt-permission.add': { kind: 'admin', label: 'Grant OLT permission' },
  'olt-permission.remove': { kind: 'admin', label: 'Remove OLT permission' },
  'onu.update-data': { kind: 'admin', label: 'Edit ONU data' },
  'onu.delete-record': { kind: 'admin', label: 'Forget stored ONU record' },
  'session-events.delete': { kind: 'admin', label: 'Delete session drops' },
  'ingest-key.rotate': { kind: 'admin', label: 'Rotate ingest key' },
  'share.create': { kind: 'admin', label: 'Create share link' },
  'share.revoke': { kind: 'admin', label: 'Revoke share link' },
  'share.token.update': { kind: 'admin', label: 'Update share token' },
  'tenant.create': { kind: 'admin', label: 'Create ISP account' },
  'tenant.update': { kind: 'admin', label: 'Edit ISP account' },
  'tenant.status': { kind: 'admin', label: 'Change ISP account status' },
  'monitor-server.create': { kind: 'admin', label: 'Add monitored server' },
  'monitor-server.update': { kind: 'admin', label: 'Edit monitored server' },
  'monitor-server.delete': { kind: 'admin', label: 'Delete monitored server' },
  'pop.create': { kind: 'admin', label: 'Add POP' },
  'pop.update': { kind: 'admin', label: 'Edit POP' },
  'pop.delete': { kind: 'admin', label: 'Delete POP' },
  'pop-source.create': { kind: 'admin', label: 'Add POP power source' },
  'pop-source.update': { kind: 'admin', label: 'Edit POP power source' },
  'pop-source.delete': { kind: 'admin', label: 'Delete POP power source' },
  'service.create': { kind: 'admin', label: 'Add service' },
  'service.update': { kind: 'admin', label: 'Edit service' },
  'service.delete': { kind: 'admin', label: 'Delete service' },
  'switch.create': { kind: 'admin', label: 'Add switch' },
  'switch.update': { kind: 'admin', label: 'Edit switch' },
  'switch.delete': { kind: 'admin', label: 'Delete switch' },
  /** The tenant's PPP secret on the platform's VPN concentrator, made or removed (Profile → Add VPN). */
  'vpn.create': { kind: 'admin', label: 'Add VPN' },
  'vpn.remove': { kind: 'admin', label: 'Remove VPN' },
  'invoice.create': { kind: 'admin', label: 'Issue invoice' },
  'invoice.cancel': { kind: 'admin', label: 'Cancel invoice' },
  'payment.refund': { kind: 'admin', label: 'Refund payment' },

  'tenant.register': { kind: 'account', label: 'Register account' },
  'tenant.complete-profile': { kind: 'account', label: 'Complete ISP profile' },
  'profile.update': { kind: 'account', label: 'Edit profile' },
  'profile.photo': { kind: 'account', label: 'Change profile photo' },
  'user.email-change': { kind: 'account', label: 'Change email' },
  'user.password-change': { kind: 'account', label: 'Change password' },
  'user.password-reset': { kind: 'account', label: 'Reset password' },
} as const satisfies Record<string, AuditActionInfo>;

export type KnownAuditAction = keyof typeof AUDIT_ACTIONS;

/** An action name not in the catalogue (written by a newer feature) counts as an admin change. */
const FALLBACK_KIND: AuditKind = 'admin';

const infoOf = (action: string): AuditActionInfo | undefined =>
  Object.prototype.hasOwnProperty.call(AUDIT_ACTIONS, action)
    ? (AUDIT_ACTIONS as Record<string, AuditActionInfo>)[action]
    : undefined;

export function auditKindOf(action: string): AuditKind {
  return infoOf(action)?.kind ?? FALLBACK_KIND;
}

export function isDeviceWrite(action: string): boolean {
  return auditKindOf(action) === 'device-write';
}

/**
 * How to filter by kind: the action names of that kind, or (for the kind unknown names fall into) the
 * names of every other kind to leave out.
 */
export function auditKindFilter(kind: AuditKind): { in: string[] } | { notIn: string[] } {
  const names = Object.keys(AUDIT_ACTIONS) as string[];
  if (kind === FALLBACK_KIND) return { notIn: names.filter((a) => auditKindOf(a) !== kind) };
  return { in: names.filter((a) => auditKindOf(a) === kind) };
}

/** `onu.reboot` → 'Reboot ONU'; an unknown `share.create` → 'Share create'. */
export function describeAuditAction(action: string): string {
  const known = infoOf(action)?.label;
  if (known) return known;
  const words = action.replace(/[._-]+/g, ' ').trim();
  return words ? words[0].toUpperCase() + words.slice(1) : action;
}

/** The known actions whose words contain `term` (case-insensitive), for searching by what the log shows. */
export function auditActionsWorded(term: string): string[] {
  const t = term.trim().toLowerCase();
  if (!t) return [];
  return (Object.keys(AUDIT_ACTIONS) as string[]).filter((a) =>
    describeAuditAction(a).toLowerCase().includes(t),
  );
}

/**
 * The outcome a row records, or null when it does not say. Device work stores `{ ok, code?, error? }`
 * in `after`: a failure whose worker could not confirm the reboot or clear (`OUTCOME_UNKNOWN`), or whose
 * write the OLT took without any change following (`NO_EFFECT`), saw no effect; any other `ok: false`
 * failed. Admin rows carry no outcome of their own.
 */
export function auditOutcomeOf(action: string, after: Record<string, unknown> | null): AuditOutcome | null {
  const fixed = infoOf(action)?.outcome;
  if (fixed) return fixed;
  if (!after || typeof after.ok !== 'boolean') return null;
  if (after.ok) return 'ok';
  return after.code === 'OUTCOME_UNKNOWN' || after.code === 'NO_EFFECT' ? 'no-effect-seen' : 'failed';
}

export interface AuditRow {
  id: string;
  at: string;
  actorId: string | null;
  actorName: string;
  /** `<entity>.<verb>`, e.g. `user.create`, `role.update`, `onu.reboot` (see `AUDIT_ACTIONS`). */
  action: string;
  kind: AuditKind;
  /** A reboot or delete sent to a device. */
  deviceWrite: boolean;
  outcome: AuditOutcome | null;
  entityType: string;
  entityId: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  /** Where the request came from, when it was recorded. */
  ip: string | null;
}

/** `GET /audit`: every filter optional; newest first. `from` ≤ `to`, ISO date-times with a zone. */
export interface AuditQuery extends PageQuery {
  entityType?: string;
  entityId?: string;
  actorId?: string;
  action?: string;
  kind?: AuditKind;
  from?: string;
  to?: string;
}

/** Longest list of actors or actions the filter pickers get. */
export const AUDIT_FACET_LIMIT = 200;

/** `GET /audit/facets`: who appears in the tenant's log and which actions it holds, for the pickers. */
export interface AuditFacets {
  actors: { id: string; name: string }[];
  actions: string[];
}

/** An ISO 8601 date-time with its zone: `2026-01-15T08:30:00Z`, `2026-01-15T14:30:00.000+06:00`. */
export const DATE_TIME_PATTERN =
  /^(\d{4})-(\d{2})-(\d{2})T([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d)(?:\.\d{1,6})?)?(Z|[+-](?:[01]\d|2[0-3]):[0-5]\d)$/;

export function isDateTime(value: string): boolean {
  const m = DATE_TIME_PATTERN.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const day = new Date(0);
  day.setUTCFullYear(y, mo - 1, d);
  return day.getUTCFullYear() === y && day.getUTCMonth() === mo - 1 && day.getUTCDate() === d;
}
