import {
  ONU_DOWN_REASONS,
  ONU_SORTS,
  Permission,
  RX_THRESHOLDS,
  type OnuDownReasonCode,
  type OnuQuery,
  type OnuSort,
  type OnuStatusCode,
  type PermissionCode,
  type RxThreshold,
} from '@pondesk/contracts';

/** The ONU lists' server-side query, kept in the address bar so Back, reload and links keep the view. */
export const ONU_PAGE_SIZE = 20;

export interface OnuListParams {
  page: number;
  oltId: string;
  /** '' = every port. */
  ponPort: string;
  search: string;
  status: '' | OnuStatusCode;
  reason: '' | OnuDownReasonCode;
  /** '' = any rx; else only ONUs at or below that threshold (the dashboard's 24+ card links here). */
  signal: '' | RxThreshold;
  sort: OnuSort;
  order: 'asc' | 'desc';
}

export const DEFAULT_ONU_PARAMS: OnuListParams = {
  page: 1,
  oltId: '',
  ponPort: '',
  search: '',
  status: '',
  reason: '',
  signal: '',
  sort: 'olt',
  order: 'asc',
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function parseOnuParams(qs: URLSearchParams): OnuListParams {
  const page = Number(qs.get('page'));
  const port = qs.get('port') ?? '';
  const sort = qs.get('sort') as OnuSort | null;
  const status = qs.get('status');
  const reason = qs.get('reason') as OnuDownReasonCode | null;
  // `oltId` is accepted too: links elsewhere may name the OLT as the API does.
  const oltId = qs.get('olt') ?? qs.get('oltId') ?? '';
  const signal = qs.get('signal') as RxThreshold | null;
  return {
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    oltId: UUID.test(oltId) ? oltId : '',
    ponPort: /^\d{1,3}$/.test(port) ? String(Number(port)) : '',
    search: (qs.get('search') ?? '').slice(0, 100),
    status: status === 'online' || status === 'offline' ? status : '',
    reason: reason && ONU_DOWN_REASONS.includes(reason) ? reason : '',
    signal: signal && RX_THRESHOLDS.includes(signal) ? signal : '',
    sort: sort && ONU_SORTS.includes(sort) ? sort : DEFAULT_ONU_PARAMS.sort,
    order: qs.get('order') === 'desc' ? 'desc' : 'asc',
  };
}

/** Only what differs from the defaults, so the plain address stays plain. */
export function toOnuSearchParams(p: OnuListParams): URLSearchParams {
  const qs = new URLSearchParams();
  if (p.oltId) qs.set('olt', p.oltId);
  if (p.ponPort) qs.set('port', p.ponPort);
  if (p.search) qs.set('search', p.search);
  if (p.status) qs.set('status', p.status);
  if (p.reason) qs.set('reason', p.reason);
  if (p.signal) qs.set('signal', p.signal);
  if (p.sort !== DEFAULT_ONU_PARAMS.sort) qs.set('sort', p.sort);
  if (p.order !== DEFAULT_ONU_PARAMS.order) qs.set('order', p.order);
  if (p.page !== 1) qs.set('page', String(p.page));
  return qs;
}

/** Any change but the page starts again at page 1; another OLT drops the port filter. */
export function updateOnuParams(current: OnuListParams, change: Partial<OnuListParams>): OnuListParams {
  const next = { ...current, ...change };
  if (change.page === undefined) next.page = 1;
  if (change.oltId !== undefined && change.oltId !== current.oltId && change.ponPort === undefined)
    next.ponPort = '';
  return next;
}

/** A header click: the same column flips its order, a new column starts ascending. */
export function nextSort(current: OnuListParams, sort: OnuSort): Pick<OnuListParams, 'sort' | 'order'> {
  return current.sort === sort
    ? { sort, order: current.order === 'asc' ? 'desc' : 'asc' }
    : { sort, order: 'asc' };
}

export function toOnuQuery(p: OnuListParams): OnuQuery {
  return {
    page: p.page,
    pageSize: ONU_PAGE_SIZE,
    oltId: p.oltId || undefined,
    ponPort: p.ponPort ? Number(p.ponPort) : undefined,
    search: p.search.trim() || undefined,
    status: p.status || undefined,
    reason: p.reason || undefined,
    signal: p.signal || undefined,
    sort: p.sort,
    order: p.order,
  };
}

export const pageCount = (total: number, pageSize = ONU_PAGE_SIZE) =>
  Math.max(1, Math.ceil(total / pageSize));

/** The ONU list this user may open (Olt Data Port, else Olt Port), or null when neither. */
export function onuListPath(permissions: readonly PermissionCode[] | undefined): string | null {
  if (permissions?.includes(Permission.OltDataPort)) return '/olt-data-ports';
  if (permissions?.includes(Permission.OltPort)) return '/olt-ports';
  return null;
}

/** A link to an ONU list already filtered, for drill-downs from the dashboard and the OLT screens. */
export function onuListHref(path: string, filters: Partial<OnuListParams>): string {
  const qs = toOnuSearchParams({ ...DEFAULT_ONU_PARAMS, ...filters }).toString();
  return qs ? `${path}?${qs}` : path;
}
