import {
  POP_OUTAGE_PAGE_SIZE,
  POP_OUTAGE_SORTS,
  type PopOutageQuery,
  type PopOutageSort,
} from '@pondesk/contracts';
import { parseDayKey } from '../../shared/format';

/** The Pop Elc Down Log's filters, order and page, kept in the address bar. */
export interface OutageParams {
  page: number;
  /** A POP's id, or '' for all. */
  pop: string;
  q: string;
  /** Whole days, `YYYY-MM-DD` in the browser's zone, or ''. */
  from: string;
  to: string;
  sort: PopOutageSort;
  order: 'asc' | 'desc';
}

export const MAX_SEARCH_LENGTH = 100;

/** The newest outages first until a column is chosen. */
export const DEFAULT_OUTAGE_PARAMS: OutageParams = {
  page: 1,
  pop: '',
  q: '',
  from: '',
  to: '',
  sort: 'downAt',
  order: 'desc',
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A `YYYY-MM-DD` that is a real day (not 2026-02-30), else ''. */
function day(value: string | null): string {
  const d = value ? parseDayKey(value) : null;
  if (!d || !value) return '';
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}` === value ? value : '';
}

/** Times newest first, minutes longest first, text from A, unless the address says otherwise. */
const defaultOrder = (sort: PopOutageSort): 'asc' | 'desc' =>
  sort === 'ip' || sort === 'popName' ? 'asc' : 'desc';

/** Values a hand-edited link could carry that the server would refuse are dropped, not sent. */
export function parseOutageParams(qs: URLSearchParams): OutageParams {
  const page = Number(qs.get('page'));
  const sortParam = qs.get('sort') as PopOutageSort | null;
  const sort = sortParam && POP_OUTAGE_SORTS.includes(sortParam) ? sortParam : DEFAULT_OUTAGE_PARAMS.sort;
  const order = qs.get('order');
  const pop = qs.get('pop') ?? '';
  return {
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    pop: UUID.test(pop) ? pop.toLowerCase() : '',
    q: (qs.get('q') ?? '').slice(0, MAX_SEARCH_LENGTH),
    from: day(qs.get('from')),
    to: day(qs.get('to')),
    sort,
    order: order === 'asc' || order === 'desc' ? order : defaultOrder(sort),
  };
}

/** Only what differs from the defaults, so the unfiltered log has a plain address. */
export function toOutageSearchParams(p: OutageParams): URLSearchParams {
  const qs = new URLSearchParams();
  for (const key of ['pop', 'from', 'to', 'q'] as const) if (p[key]) qs.set(key, p[key]);
  if (p.sort !== DEFAULT_OUTAGE_PARAMS.sort) qs.set('sort', p.sort);
  if (p.order !== defaultOrder(p.sort)) qs.set('order', p.order);
  if (p.page !== 1) qs.set('page', String(p.page));
  return qs;
}

/** Any change but the page itself starts again at page 1. */
export function updateOutageParams(current: OutageParams, change: Partial<OutageParams>): OutageParams {
  const next = { ...current, ...change };
  if (change.page === undefined) next.page = 1;
  return next;
}

/** A header click: the same column flips its order, another starts in its own first order. */
export function nextOutageSort(
  current: Pick<OutageParams, 'sort' | 'order'>,
  sort: PopOutageSort,
): Pick<OutageParams, 'sort' | 'order'> {
  if (current.sort === sort) return { sort, order: current.order === 'asc' ? 'desc' : 'asc' };
  return { sort, order: 'asc' };
}

/** A range whose To is before its From is not applied; the To field says why. */
export function outageRangeError(p: Pick<OutageParams, 'from' | 'to'>): string | null {
  return p.from && p.to && p.to < p.from ? 'To must not be before From' : null;
}

/** The filters as the API takes them: From from its day's start, To up to the end of its day. */
export function toOutageQuery(p: OutageParams, pageSize = POP_OUTAGE_PAGE_SIZE): PopOutageQuery {
  const start = (d: string, plusDays = 0) => {
    const date = parseDayKey(d);
    if (!date) return undefined;
    date.setDate(date.getDate() + plusDays);
    return date.toISOString();
  };
  const range = outageRangeError(p)
    ? {}
    : { from: p.from ? start(p.from) : undefined, to: p.to ? start(p.to, 1) : undefined };
  return {
    page: p.page,
    pageSize,
    popId: p.pop || undefined,
    search: p.q.trim() || undefined,
    sort: p.sort,
    order: p.order,
    ...range,
  };
}

export const outagePages = (total: number, pageSize = POP_OUTAGE_PAGE_SIZE): number =>
  Math.max(1, Math.ceil(total / pageSize));

export const hasOutageFilters = (p: OutageParams): boolean => !!(p.pop || p.from || p.to || p.q.trim());
