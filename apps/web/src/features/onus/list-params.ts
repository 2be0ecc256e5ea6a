import {
  ONU_DOWN_REASONS,
  ONU_SORTS,
  type OnuDownReasonCode,
  type OnuQuery,
  type OnuSort,
  type OnuStatusCode,
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
  const oltId = qs.get('olt') ?? '';
  return {
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    oltId: UUID.test(oltId) ? oltId : '',
    ponPort: /^\d{1,3}$/.test(port) ? String(Number(port)) : '',
    search: (qs.get('search') ?? '').slice(0, 100),
    status: status === 'online' || status === 'offline' ? status : '',
    reason: reason && ONU_DOWN_REASONS.includes(reason) ? reason : '',
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
    sort: p.sort,
    order: p.order,
  };
}

export const pageCount = (total: number, pageSize = ONU_PAGE_SIZE) =>
  Math.max(1, Math.ceil(total / pageSize));
