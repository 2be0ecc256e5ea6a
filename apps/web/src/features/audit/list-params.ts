import {
  AUDIT_KIND_LABELS,
  AUDIT_KINDS,
  describeAuditAction,
  isCalendarDay,
  type AuditKind,
  type AuditQuery,
} from '@pondesk/contracts';
import { parseDayKey } from '../../shared/format';

/** The Audit Log's filters and page, kept in the address bar so Back, reload and links keep them. */
export interface AuditParams {
  page: number;
  /** A user's id (`actorId`), or '' for anyone. */
  user: string;
  /** An exact action name, or ''. */
  action: string;
  kind: AuditKind | '';
  /** Local days, YYYY-MM-DD, or ''. */
  from: string;
  to: string;
  q: string;
}

export const AUDIT_PAGE_SIZE = 25;
export const MAX_SEARCH_LENGTH = 100;

export const DEFAULT_AUDIT_PARAMS: AuditParams = {
  page: 1,
  user: '',
  action: '',
  kind: '',
  from: '',
  to: '',
  q: '',
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ACTION = /^[a-z][a-z0-9-]*(\.[a-z0-9-]+)+$/;

const day = (value: string | null): string => (value && isCalendarDay(value) ? value : '');

/** Values a hand-edited link could carry that the server would refuse are dropped, not sent. */
export function parseAuditParams(qs: URLSearchParams): AuditParams {
  const page = Number(qs.get('page'));
  const user = qs.get('user') ?? '';
  const action = qs.get('action') ?? '';
  const kind = qs.get('kind') as AuditKind | null;
  return {
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    user: UUID.test(user) ? user.toLowerCase() : '',
    action: action.length <= 60 && ACTION.test(action) ? action : '',
    kind: kind && AUDIT_KINDS.includes(kind) ? kind : '',
    from: day(qs.get('from')),
    to: day(qs.get('to')),
    q: (qs.get('q') ?? '').slice(0, MAX_SEARCH_LENGTH),
  };
}

/** Only what is set, so an unfiltered log has a plain address. */
export function toAuditSearchParams(p: AuditParams): URLSearchParams {
  const qs = new URLSearchParams();
  for (const key of ['user', 'action', 'kind', 'from', 'to', 'q'] as const) if (p[key]) qs.set(key, p[key]);
  if (p.page !== 1) qs.set('page', String(p.page));
  return qs;
}

/** Any change but the page itself starts again at page 1. */
export function updateAuditParams(current: AuditParams, change: Partial<AuditParams>): AuditParams {
  const next = { ...current, ...change };
  if (change.page === undefined) next.page = 1;
  return next;
}

/** A range whose end comes before its start is not applied; the To field says why. */
export function rangeError(p: Pick<AuditParams, 'from' | 'to'>): string | null {
  return p.from && p.to && p.to < p.from ? 'To must be on or after From' : null;
}

/** The filters as the API takes them: days become the operator's local midnight and end of day. */
export function toAuditQuery(p: AuditParams, pageSize = AUDIT_PAGE_SIZE): AuditQuery {
  const from = parseDayKey(p.from);
  const toDay = parseDayKey(p.to);
  const to = toDay && new Date(toDay.getFullYear(), toDay.getMonth(), toDay.getDate(), 23, 59, 59, 999);
  const range = rangeError(p) ? {} : { from: from?.toISOString(), to: to?.toISOString() };
  return {
    page: p.page,
    pageSize,
    search: p.q.trim() || undefined,
    actorId: p.user || undefined,
    action: p.action || undefined,
    kind: p.kind || undefined,
    ...range,
  };
}

export const auditPages = (total: number, pageSize = AUDIT_PAGE_SIZE): number =>
  Math.max(1, Math.ceil(total / pageSize));

export const hasAuditFilters = (p: AuditParams): boolean =>
  !!(p.user || p.action || p.kind || p.from || p.to || p.q.trim());

/** What an empty page says: that the log is empty, or which filters to change to see rows. */
export function auditEmptyText(p: AuditParams, userName?: string): string {
  if (!hasAuditFilters(p)) return 'Nothing has been recorded yet: changes and device actions appear here.';
  const parts: string[] = [];
  if (p.user) parts.push(`by ${userName ?? 'this user'}`);
  if (p.action) parts.push(`“${describeAuditAction(p.action)}”`);
  if (p.kind) parts.push(AUDIT_KIND_LABELS[p.kind].toLowerCase());
  if (p.from || p.to) parts.push('in this date range');
  if (p.q.trim()) parts.push(`matching “${p.q.trim()}”`);
  return `No entries ${parts.join(', ')}. Widen the date range, pick another user or action, or clear the filters.`;
}
