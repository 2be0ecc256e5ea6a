import {
  LOG_COUNT_CAP,
  LOG_EVENT_KIND_LABELS,
  LOG_EVENT_KINDS,
  LOG_PAGE_SIZE,
  LOG_SEVERITIES,
  LOG_SORTS,
  logDeviceId,
  parseLogDeviceId,
  type DeviceLogQuery,
  type LogEventKind,
  type LogSeverity,
  type LogSort,
} from '@pondesk/contracts';

/** The Log List's filters, order and page, kept in the address bar so Back, reload and links keep them. */
export interface LogParams {
  page: number;
  /** A device id (`olt:<id>`, `router:<id>`), or '' for all devices. */
  device: string;
  q: string;
  kind: LogEventKind | '';
  /** This severity and worse, or '' for any. */
  severity: LogSeverity | '';
  /** Local date and time to the minute (`2026-01-15T08:30`, as a datetime input holds it), or ''. */
  from: string;
  to: string;
  sort: LogSort;
  order: 'asc' | 'desc';
}

export const MAX_SEARCH_LENGTH = 100;
/** What the server reads without From and To. */
export const DEFAULT_WINDOW_DAYS = 7;
/** The UDP port the console's syslog receiver listens on (the worker's `SYSLOG_PORT`). */
export const SYSLOG_PORT = 5514;

/** Newest lines first until a column is chosen. */
export const DEFAULT_LOG_PARAMS: LogParams = {
  page: 1,
  device: '',
  q: '',
  kind: '',
  severity: '',
  from: '',
  to: '',
  sort: 'receivedAt',
  order: 'desc',
};

/** The order a column is in when the address does not say: receive time newest first, text from A. */
const defaultOrder = (sort: LogSort): 'asc' | 'desc' => (sort === 'receivedAt' ? 'desc' : 'asc');

const LOCAL_MINUTE = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/** A `YYYY-MM-DDTHH:mm` local time as a Date (null when it is not a real day and time). */
export function parseLocalMinute(value: string): Date | null {
  const m = LOCAL_MINUTE.exec(value);
  if (!m) return null;
  const [y, mo, d, h, mi] = m.slice(1).map(Number);
  const date = new Date(y, mo - 1, d, h, mi);
  const real =
    date.getFullYear() === y &&
    date.getMonth() === mo - 1 &&
    date.getDate() === d &&
    h < 24 &&
    mi < 60 &&
    date.getHours() === h;
  return real ? date : null;
}

/** A Date as a datetime input's value, in the browser's zone. */
export function toLocalMinute(date: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${p(date.getMonth() + 1)}-${p(date.getDate())}T${p(date.getHours())}:${p(date.getMinutes())}`;
}

const minute = (value: string | null): string => (value && parseLocalMinute(value) ? value : '');

/** A device id as the API names it (lower case), or '' when it is not one. */
export function parseDevice(value: string | null): string {
  const d = value ? parseLogDeviceId(value) : null;
  return d ? logDeviceId(d.kind.toLowerCase() as typeof d.kind, d.oltId) : '';
}

/** Values a hand-edited link could carry that the server would refuse are dropped, not sent. */
export function parseLogParams(qs: URLSearchParams): LogParams {
  const page = Number(qs.get('page'));
  const kind = qs.get('kind') as LogEventKind | null;
  const severity = qs.get('severity') as LogSeverity | null;
  const sortParam = qs.get('sort') as LogSort | null;
  const sort = sortParam && LOG_SORTS.includes(sortParam) ? sortParam : DEFAULT_LOG_PARAMS.sort;
  const order = qs.get('order');
  return {
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    device: parseDevice(qs.get('device')),
    q: (qs.get('q') ?? '').slice(0, MAX_SEARCH_LENGTH),
    kind: kind && LOG_EVENT_KINDS.includes(kind) ? kind : '',
    severity: severity && LOG_SEVERITIES.includes(severity) ? severity : '',
    from: minute(qs.get('from')),
    to: minute(qs.get('to')),
    sort,
    order: order === 'asc' || order === 'desc' ? order : defaultOrder(sort),
  };
}

/** Only what differs from the defaults, so an unfiltered list has a plain address. */
export function toLogSearchParams(p: LogParams): URLSearchParams {
  const qs = new URLSearchParams();
  for (const key of ['device', 'kind', 'severity', 'from', 'to', 'q'] as const)
    if (p[key]) qs.set(key, p[key]);
  if (p.sort !== DEFAULT_LOG_PARAMS.sort) qs.set('sort', p.sort);
  if (p.order !== defaultOrder(p.sort)) qs.set('order', p.order);
  if (p.page !== 1) qs.set('page', String(p.page));
  return qs;
}

/** Any change but the page itself starts again at page 1. */
export function updateLogParams(current: LogParams, change: Partial<LogParams>): LogParams {
  const next = { ...current, ...change };
  if (change.page === undefined) next.page = 1;
  return next;
}

/** A header click: the same column flips its order, another column starts ascending. */
export function nextLogSort(
  current: Pick<LogParams, 'sort' | 'order'>,
  sort: LogSort,
): Pick<LogParams, 'sort' | 'order'> {
  return current.sort === sort
    ? { sort, order: current.order === 'asc' ? 'desc' : 'asc' }
    : { sort, order: 'asc' };
}

/** A range whose end is not after its start is not applied; the To field says why. */
export function rangeError(p: Pick<LogParams, 'from' | 'to'>): string | null {
  return p.from && p.to && p.to <= p.from ? 'To must be after From' : null;
}

/** The filters as the API takes them: local minutes become instants (From inclusive, To exclusive). */
export function toLogQuery(p: LogParams, pageSize = LOG_PAGE_SIZE): DeviceLogQuery {
  const range = rangeError(p)
    ? {}
    : {
        from: p.from ? parseLocalMinute(p.from)?.toISOString() : undefined,
        to: p.to ? parseLocalMinute(p.to)?.toISOString() : undefined,
      };
  return {
    page: p.page,
    pageSize,
    deviceId: p.device || undefined,
    kind: p.kind || undefined,
    severity: p.severity || undefined,
    search: p.q.trim() || undefined,
    sort: p.sort,
    order: p.order,
    ...range,
  };
}

export const logPages = (total: number, pageSize = LOG_PAGE_SIZE): number =>
  Math.max(1, Math.ceil(total / pageSize));

/** The count under the table: exact, or "more than 10,000" once the server stopped counting. */
/** The footer's count; `sortedWithin` when a sort by device or log covered only the newest matches. */
export function logTotalText(total: number, sortedWithin: number | null = null): string {
  const cap = LOG_COUNT_CAP.toLocaleString('en-US');
  if (sortedWithin !== null) return `More than ${cap} lines: the newest ${cap} sorted (filter to narrow)`;
  if (total > LOG_COUNT_CAP) return `More than ${cap} lines`;
  return `${total.toLocaleString('en-US')} line${total === 1 ? '' : 's'}`;
}

export const hasLogFilters = (p: LogParams): boolean =>
  !!(p.device || p.kind || p.severity || p.from || p.to || p.q.trim());

/** Which lines the time filter reads, in words, where an end is left empty (null when both are set). */
export function windowText(p: Pick<LogParams, 'from' | 'to'>): string | null {
  if (!p.from && !p.to) return `Showing the last ${DEFAULT_WINDOW_DAYS} days`;
  if (!p.from) return `Showing the ${DEFAULT_WINDOW_DAYS} days before To`;
  return p.to ? null : 'Showing From until now';
}

/** What an empty page says: no lines at all yet, or which filters to change. */
export function logEmptyText(p: LogParams, deviceName?: string): { title: string; hint: string } {
  if (!hasLogFilters(p))
    return {
      title: 'No log lines yet',
      hint: `Point your OLTs' and MikroTik routers' syslog at this console, UDP port ${SYSLOG_PORT}. Lines of the last ${DEFAULT_WINDOW_DAYS} days show here.`,
    };
  const parts: string[] = [];
  if (p.device) parts.push(`from ${deviceName ?? 'this device'}`);
  if (p.kind) parts.push(`“${LOG_EVENT_KIND_LABELS[p.kind]}”`);
  if (p.severity) parts.push(`${p.severity} or worse`);
  if (p.from || p.to) parts.push('in this time range');
  else parts.push(`in the last ${DEFAULT_WINDOW_DAYS} days`);
  if (p.q.trim()) parts.push(`matching “${p.q.trim()}”`);
  return {
    title: `No log lines ${parts.join(', ')}`,
    hint: 'Widen the time range, pick another device or event, or clear the filters.',
  };
}
