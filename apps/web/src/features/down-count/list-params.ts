import { DOWN_COUNT_LIST_DAYS, DOWN_COUNT_PAGE_SIZE, type DownCountSort } from '@pondesk/contracts';
import type { DownCountQuery } from './api';

/** The Down Count List's server-side query, kept in the address bar so Back, reload and links keep it. */
export interface DownCountParams {
  page: number;
  /** Part of a PPPoE id (the server matches it without case). */
  q: string;
  sort: DownCountSort;
  order: 'asc' | 'desc';
}

export const DOWN_COUNT_SORTS: readonly DownCountSort[] = ['downCount', 'pppoeId', 'lastDownAt'];

/** The order a column starts in: the most and the latest drops first, ids from A. */
export const FIRST_ORDER: Record<DownCountSort, 'asc' | 'desc'> = {
  downCount: 'desc',
  lastDownAt: 'desc',
  pppoeId: 'asc',
};

export const DEFAULT_DOWN_COUNT_PARAMS: DownCountParams = {
  page: 1,
  q: '',
  sort: 'downCount',
  order: 'desc',
};

export const MAX_SEARCH_LENGTH = 100;

export function parseDownCountParams(qs: URLSearchParams): DownCountParams {
  const page = Number(qs.get('page'));
  const sortParam = qs.get('sort') as DownCountSort | null;
  const sort = sortParam && DOWN_COUNT_SORTS.includes(sortParam) ? sortParam : DEFAULT_DOWN_COUNT_PARAMS.sort;
  const order = qs.get('order');
  return {
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    q: (qs.get('q') ?? '').slice(0, MAX_SEARCH_LENGTH),
    sort,
    order: order === 'asc' || order === 'desc' ? order : FIRST_ORDER[sort],
  };
}

/** Only what differs from the defaults (an order only when it is not the column's first), so plain stays plain. */
export function toDownCountSearchParams(p: DownCountParams): URLSearchParams {
  const qs = new URLSearchParams();
  if (p.q) qs.set('q', p.q);
  if (p.sort !== DEFAULT_DOWN_COUNT_PARAMS.sort) qs.set('sort', p.sort);
  if (p.order !== FIRST_ORDER[p.sort]) qs.set('order', p.order);
  if (p.page !== 1) qs.set('page', String(p.page));
  return qs;
}

/** Any change but the page itself starts again at page 1. */
export function updateDownCountParams(
  current: DownCountParams,
  change: Partial<DownCountParams>,
): DownCountParams {
  const next = { ...current, ...change };
  if (change.page === undefined) next.page = 1;
  return next;
}

/** A header click: the same column flips its order, another column starts in its first order. */
export function nextDownCountSort(
  current: Pick<DownCountParams, 'sort' | 'order'>,
  sort: DownCountSort,
): Pick<DownCountParams, 'sort' | 'order'> {
  return current.sort === sort
    ? { sort, order: current.order === 'asc' ? 'desc' : 'asc' }
    : { sort, order: FIRST_ORDER[sort] };
}

export function toDownCountQuery(p: DownCountParams): DownCountQuery {
  return {
    q: p.q.trim() || undefined,
    page: p.page,
    pageSize: DOWN_COUNT_PAGE_SIZE,
    sort: p.sort,
    order: p.order,
  };
}

export const downCountPages = (total: number, pageSize = DOWN_COUNT_PAGE_SIZE): number =>
  Math.max(1, Math.ceil(total / pageSize));

/** What an empty page says: nothing dropped at all, or nothing matches the search. */
export function downCountEmptyText(q: string): string {
  const term = q.trim();
  return term
    ? `No PPPoE ID contains “${term}”`
    : `No session drops in the last ${DOWN_COUNT_LIST_DAYS} days`;
}
