import type {
  BranchRow,
  PopMonitor,
  PopOption,
  PopOutageList,
  PopOutageQuery,
  PopRequest,
  PopRow,
  PopSourceRequest,
  PopSourceRow,
  ServiceRequest,
  ServiceRow,
} from '@pondesk/contracts';
import { http } from '../../shared/http-client';

const id = (value: string) => encodeURIComponent(value);

/** Add (no id) or edit one row of a plain list resource. */
function save<Row, Body>(path: string, rowId: string | null, body: Body): Promise<Row> {
  return rowId
    ? http<Row>(`${path}/${id(rowId)}`, { method: 'PATCH', body })
    : http<Row>(path, { method: 'POST', body });
}

// ---- POPs (Area List) ----
export const fetchPops = (search: string, signal?: AbortSignal) =>
  http<PopRow[]>('/pops', { query: { search: search || undefined }, signal });
export const fetchPopOptions = (signal?: AbortSignal) => http<PopOption[]>('/pops/options', { signal });
export const savePop = (rowId: string | null, body: PopRequest) =>
  save<PopRow, PopRequest>('/pops', rowId, body);
export const deletePop = (rowId: string) => http<void>(`/pops/${id(rowId)}`, { method: 'DELETE' });

// ---- Power sources (Pop List) ----
export const fetchPopSources = (search: string, signal?: AbortSignal) =>
  http<PopSourceRow[]>('/pop-sources', { query: { search: search || undefined }, signal });
export const savePopSource = (rowId: string | null, body: PopSourceRequest) =>
  save<PopSourceRow, PopSourceRequest>('/pop-sources', rowId, body);
export const deletePopSource = (rowId: string) =>
  http<void>(`/pop-sources/${id(rowId)}`, { method: 'DELETE' });

// ---- The dashboard and the outage log ----
export const fetchPopMonitor = (signal?: AbortSignal) => http<PopMonitor>('/pop-monitor', { signal });
export const fetchPopOutages = (query: PopOutageQuery, signal?: AbortSignal) =>
  http<PopOutageList>('/pop-outages', { query: { ...query }, signal });

// ---- Services ----
export const fetchServices = (search: string, signal?: AbortSignal) =>
  http<ServiceRow[]>('/services', { query: { search: search || undefined }, signal });
export const saveService = (rowId: string | null, body: ServiceRequest) =>
  save<ServiceRow, ServiceRequest>('/services', rowId, body);
export const deleteService = (rowId: string) => http<void>(`/services/${id(rowId)}`, { method: 'DELETE' });

/**
 * Branch choices for a POP's Area: the OLT screens' list of names (Olt List, 2006) or the Branch
 * screen's list (Admin, 2000); the Area List's own code does not open either.
 */
export const fetchBranchChoices = (source: 'olts' | 'admin', signal?: AbortSignal) =>
  source === 'olts'
    ? http<Pick<BranchRow, 'id' | 'name'>[]>('/olts/branches', { signal })
    : http<BranchRow[]>('/branches', { signal }).then((rows) => rows.map(({ id, name }) => ({ id, name })));
