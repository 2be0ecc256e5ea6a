import type { AuditKind, AuditRow } from '@pondesk/contracts';

/** One entry's kind, as its details name it (the filter lists them in the plural). */
export const AUDIT_KIND_NAMES: Record<AuditKind, string> = {
  'device-write': 'Device write',
  'device-check': 'Device check',
  admin: 'Admin change',
  account: 'Account change',
};

/** One field of a change as the details show it: what it was, what it became. */
export interface AuditDiffRow {
  key: string;
  label: string;
  before: string;
  after: string;
  change: 'added' | 'removed' | 'changed' | 'same';
}

/** Fields that say nothing to an operator (row bookkeeping) are left out of the details. */
const HIDDEN = new Set(['tenantId', 'createdAt', 'updatedAt', 'id']);

/** Labels for field names whose words are not enough on their own. */
const LABELS: Record<string, string> = {
  ok: 'Succeeded',
  ifName: 'Port',
  pppoeIds: 'PPPoE IDs',
  oltId: 'OLT',
  oltIds: 'OLTs',
  roleId: 'Role',
  branchIds: 'Branches',
  menuCodes: 'Menus',
  snmpPort: 'SNMP port',
  ip: 'IP',
  mac: 'MAC',
  code: 'Failure code',
  error: 'Error',
};

/** `pppoeIds` → 'PPPoE IDs', `lastPolledAt` → 'Last polled at'. */
export function fieldLabel(key: string): string {
  if (LABELS[key]) return LABELS[key];
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .toLowerCase()
    .trim();
  return words ? words[0].toUpperCase() + words.slice(1) : key;
}

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/** A stored value in words: lists joined, yes/no, instants in local time, nested objects as key: value. */
export function formatAuditValue(value: unknown): string {
  if (value === undefined) return '';
  if (value === null || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') {
    if (ISO_INSTANT.test(value)) {
      const d = new Date(value);
      if (!Number.isNaN(d.getTime())) return d.toLocaleString();
    }
    return value;
  }
  if (Array.isArray(value)) return value.length ? value.map(formatAuditValue).join(', ') : 'None';
  if (typeof value === 'object')
    return Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => `${fieldLabel(k)}: ${formatAuditValue(v)}`)
      .join('; ');
  return String(value);
}

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/**
 * Before and after as one list of fields: changed fields first (in the order the row holds them), then
 * those that stayed as they were. A create has only "after", a delete only "before".
 */
export function auditDiff(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): AuditDiffRow[] {
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])].filter(
    (k) => !HIDDEN.has(k),
  );
  const rows = keys.map((key): AuditDiffRow => {
    const inBefore = !!before && key in before && before[key] !== undefined;
    const inAfter = !!after && key in after && after[key] !== undefined;
    const b = inBefore ? before[key] : undefined;
    const a = inAfter ? after[key] : undefined;
    const change =
      before && after
        ? !inBefore
          ? 'added'
          : !inAfter
            ? 'removed'
            : same(b, a)
              ? 'same'
              : 'changed'
        : after
          ? 'added'
          : 'removed';
    return { key, label: fieldLabel(key), before: formatAuditValue(b), after: formatAuditValue(a), change };
  });
  return [...rows.filter((r) => r.change !== 'same'), ...rows.filter((r) => r.change === 'same')];
}

/** One side of a device action's row (what it was aimed at, or what came back) as fields in words. */
export function auditFields(
  values: Record<string, unknown> | null,
): { key: string; label: string; value: string }[] {
  return Object.entries(values ?? {})
    .filter(([k, v]) => !HIDDEN.has(k) && v !== undefined)
    .map(([key, v]) => ({ key, label: fieldLabel(key), value: formatAuditValue(v) }));
}

const NAME_KEYS = ['name', 'username', 'ifName', 'pppoeId', 'host', 'mac', 'ispName'] as const;

const ENTITY_LABELS: Record<string, string> = {
  onu: 'ONU',
  olt: 'OLT',
  pppoe: 'PPPoE',
  user: 'User',
  role: 'Role',
  branch: 'Branch',
  tenant: 'ISP account',
  scan: 'Scan',
};

/** What the row acted on, in words: "ONU EPON0/1:3", "User rahim", "PPPoE rahim@isp". */
export function auditTarget(row: Pick<AuditRow, 'entityType' | 'entityId' | 'before' | 'after'>): string {
  const type = ENTITY_LABELS[row.entityType] ?? fieldLabel(row.entityType);
  for (const source of [row.after, row.before]) {
    for (const key of NAME_KEYS) {
      const v = source?.[key];
      if (typeof v === 'string' && v) return `${type} ${v}`;
    }
  }
  if (row.entityType === 'pppoe' && row.entityId) return `${type} ${row.entityId}`;
  return type;
}
