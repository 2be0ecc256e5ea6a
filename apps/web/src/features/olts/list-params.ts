import { OLT_SORTS, type OltSort } from '@pondesk/contracts';

/** The OLT list's server-side query, kept in the address bar so Back and reload keep the view. */
export const OLT_LIST_PAGE_SIZE = 20;

/** The API's OLT sorts that the list's columns offer (the table has no creation-time column). */
export type OltListSort = Exclude<OltSort, 'createdAt'>;
export const OLT_LIST_SORTS: readonly OltListSort[] = OLT_SORTS.filter(
  (s): s is OltListSort => s !== 'createdAt',
);

/** Table column (row field) → the API's sort key. */
export const SORT_BY_FIELD = {
  host: 'host',
  name: 'name',
  branchName: 'branch',
  code: 'code',
  mikrotikHost: 'mikrotikHost',
  status: 'status',
  onuCount: 'onuCount',
} as const satisfies Record<string, OltListSort>;
export type SortableField = keyof typeof SORT_BY_FIELD;

export const fieldOfSort = (sort: OltListSort): SortableField =>
  (Object.keys(SORT_BY_FIELD) as SortableField[]).find((f) => SORT_BY_FIELD[f] === sort) ?? 'name';

export const sortOfField = (field: string): OltListSort | null =>
  field in SORT_BY_FIELD ? SORT_BY_FIELD[field as SortableField] : null;

export interface OltListParams {
  /** 1-based, as the API counts. */
  page: number;
  search: string;
  branchId: string;
  sort: OltListSort;
  order: 'asc' | 'desc';
}

export const DEFAULT_LIST_PARAMS: OltListParams = {
  page: 1,
  search: '',
  branchId: '',
  sort: 'name',
  order: 'asc',
};

const isSort = (s: string | null): s is OltListSort => OLT_LIST_SORTS.includes(s as OltListSort);

export function parseListParams(qs: URLSearchParams): OltListParams {
  const page = Number(qs.get('page'));
  const sort = qs.get('sort');
  return {
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    search: (qs.get('search') ?? '').slice(0, 100),
    branchId: qs.get('branchId') ?? '',
    sort: isSort(sort) ? sort : DEFAULT_LIST_PARAMS.sort,
    order: qs.get('order') === 'desc' ? 'desc' : 'asc',
  };
}

/** Only what differs from the defaults, so the plain /olt-list address stays plain. */
export function toSearchParams(params: OltListParams): URLSearchParams {
  const qs = new URLSearchParams();
  if (params.page !== 1) qs.set('page', String(params.page));
  if (params.search) qs.set('search', params.search);
  if (params.branchId) qs.set('branchId', params.branchId);
  if (params.sort !== DEFAULT_LIST_PARAMS.sort) qs.set('sort', params.sort);
  if (params.order !== DEFAULT_LIST_PARAMS.order) qs.set('order', params.order);
  return qs;
}

/** Any change other than the page itself starts again at page 1. */
export function updateListParams(current: OltListParams, change: Partial<OltListParams>): OltListParams {
  const next = { ...current, ...change };
  if (change.page === undefined) next.page = 1;
  return next;
}

/** The API query for GET /olts. */
export function toApiQuery(params: OltListParams): Record<string, string | number | undefined> {
  return {
    page: params.page,
    pageSize: OLT_LIST_PAGE_SIZE,
    search: params.search.trim() || undefined,
    branchId: params.branchId || undefined,
    sort: params.sort,
    order: params.order,
  };
}
