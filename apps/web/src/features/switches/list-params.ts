import {
  SWITCH_LIST_PAGE_SIZE,
  SWITCH_PORT_SORTS,
  SWITCH_PORTS_PAGE_SIZE,
  SWITCH_SORTS,
  type SwitchListQuery,
  type SwitchPortQuery,
  type SwitchPortSort,
  type SwitchSort,
} from '@pondesk/contracts';

/**
 * The Switch List page's state in the address bar: the tab (`?tab=manage`, so it can be linked) and the
 * shown tab's list query. Each tab has its own query; changing tab starts the other one afresh.
 */
export type SwitchTab = 'ports' | 'manage';

export const tabOf = (qs: URLSearchParams): SwitchTab => (qs.get('tab') === 'manage' ? 'manage' : 'ports');

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const pageOf = (qs: URLSearchParams) => {
  const page = Number(qs.get('page'));
  return Number.isInteger(page) && page >= 1 ? page : 1;
};

export const pageCount = (total: number, pageSize = SWITCH_PORTS_PAGE_SIZE) =>
  Math.max(1, Math.ceil(total / pageSize));

/** A header click: the same column flips its order, a new column starts ascending. */
export function nextSort<S extends string>(
  current: { sort: S; order: 'asc' | 'desc' },
  sort: S,
): { sort: S; order: 'asc' | 'desc' } {
  return current.sort === sort
    ? { sort, order: current.order === 'asc' ? 'desc' : 'asc' }
    : { sort, order: 'asc' };
}

// --- Ports tab -------------------------------------------------------------------------------------

export interface PortListParams {
  page: number;
  switchId: string;
  /** A port name of the chosen switch ('' = every port). */
  port: string;
  search: string;
  sort: SwitchPortSort;
  order: 'asc' | 'desc';
}

export const DEFAULT_PORT_PARAMS: PortListParams = {
  page: 1,
  switchId: '',
  port: '',
  search: '',
  sort: 'switch',
  order: 'asc',
};

export function parsePortParams(qs: URLSearchParams): PortListParams {
  const switchId = qs.get('switch') ?? '';
  const sort = qs.get('sort') as SwitchPortSort | null;
  return {
    page: pageOf(qs),
    switchId: UUID.test(switchId) ? switchId : '',
    // A port filter means nothing without its switch.
    port: UUID.test(switchId) ? (qs.get('port') ?? '').slice(0, 100) : '',
    search: (qs.get('search') ?? '').slice(0, 100),
    sort: sort && SWITCH_PORT_SORTS.includes(sort) ? sort : DEFAULT_PORT_PARAMS.sort,
    order: qs.get('order') === 'desc' ? 'desc' : 'asc',
  };
}

/** Only what differs from the defaults, so the plain /switch-list address stays plain. */
export function toPortSearchParams(p: PortListParams): URLSearchParams {
  const qs = new URLSearchParams();
  if (p.switchId) qs.set('switch', p.switchId);
  if (p.switchId && p.port) qs.set('port', p.port);
  if (p.search) qs.set('search', p.search);
  if (p.sort !== DEFAULT_PORT_PARAMS.sort) qs.set('sort', p.sort);
  if (p.order !== DEFAULT_PORT_PARAMS.order) qs.set('order', p.order);
  if (p.page !== 1) qs.set('page', String(p.page));
  return qs;
}

/** Any change but the page starts again at page 1 (search too: spec 2 §4); another switch drops the port. */
export function updatePortParams(current: PortListParams, change: Partial<PortListParams>): PortListParams {
  const next = { ...current, ...change };
  if (change.page === undefined) next.page = 1;
  if (change.switchId !== undefined && change.switchId !== current.switchId && change.port === undefined)
    next.port = '';
  return next;
}

export function toPortQuery(p: PortListParams): SwitchPortQuery {
  return {
    page: p.page,
    pageSize: SWITCH_PORTS_PAGE_SIZE,
    switchId: p.switchId || undefined,
    port: (p.switchId && p.port) || undefined,
    search: p.search.trim() || undefined,
    sort: p.sort,
    order: p.order,
  };
}

// --- Manage tab ------------------------------------------------------------------------------------

/** The sorts the Manage table's columns offer (it has no creation-time column). */
export type ManageSort = Exclude<SwitchSort, 'createdAt'>;
const MANAGE_SORTS = SWITCH_SORTS.filter((s): s is ManageSort => s !== 'createdAt');

export interface ManageParams {
  page: number;
  search: string;
  sort: ManageSort;
  order: 'asc' | 'desc';
}

export const DEFAULT_MANAGE_PARAMS: ManageParams = { page: 1, search: '', sort: 'name', order: 'asc' };

export function parseManageParams(qs: URLSearchParams): ManageParams {
  const sort = qs.get('sort') as ManageSort | null;
  return {
    page: pageOf(qs),
    search: (qs.get('search') ?? '').slice(0, 100),
    sort: sort && MANAGE_SORTS.includes(sort) ? sort : DEFAULT_MANAGE_PARAMS.sort,
    order: qs.get('order') === 'desc' ? 'desc' : 'asc',
  };
}

/** The Manage tab's address: always `tab=manage`, then what differs from the defaults. */
export function toManageSearchParams(p: ManageParams): URLSearchParams {
  const qs = new URLSearchParams({ tab: 'manage' });
  if (p.search) qs.set('search', p.search);
  if (p.sort !== DEFAULT_MANAGE_PARAMS.sort) qs.set('sort', p.sort);
  if (p.order !== DEFAULT_MANAGE_PARAMS.order) qs.set('order', p.order);
  if (p.page !== 1) qs.set('page', String(p.page));
  return qs;
}

export function updateManageParams(current: ManageParams, change: Partial<ManageParams>): ManageParams {
  const next = { ...current, ...change };
  if (change.page === undefined) next.page = 1;
  return next;
}

export function toManageQuery(p: ManageParams): SwitchListQuery {
  return {
    page: p.page,
    pageSize: SWITCH_LIST_PAGE_SIZE,
    search: p.search.trim() || undefined,
    sort: p.sort,
    order: p.order,
  };
}

/** The graph of one port (`/switch-graph/:id/:olt?`, the second param being the port's id). */
export const portGraphPath = (switchId: string, portId?: string): string =>
  `/switch-graph/${encodeURIComponent(switchId)}${portId ? `/${encodeURIComponent(portId)}` : ''}`;
