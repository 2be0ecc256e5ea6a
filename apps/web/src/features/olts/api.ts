import type {
  BranchRow,
  CreateOltRequest,
  OltCatalogue,
  OltDetail,
  OltList,
  PortCheckRequest,
  PortCheckResponse,
  ProbeRequest,
  ProbeResponse,
} from '@pondesk/contracts';
import { http } from '../../shared/http-client';
import { toApiQuery, type OltListParams } from './list-params';
import type { OltUpdateBody } from './olt-form';

export const fetchOlts = (params: OltListParams, signal?: AbortSignal) =>
  http<OltList>('/olts', { query: toApiQuery(params), signal });

export const fetchOlt = (id: string, signal?: AbortSignal) =>
  http<OltDetail>(`/olts/${encodeURIComponent(id)}`, { signal });

export const fetchOltCatalogue = (signal?: AbortSignal) => http<OltCatalogue>('/olts/catalogue', { signal });

export const createOlt = (body: CreateOltRequest) => http<OltDetail>('/olts', { method: 'POST', body });

export const updateOlt = (id: string, body: OltUpdateBody) =>
  http<OltDetail>(`/olts/${encodeURIComponent(id)}`, { method: 'PATCH', body });

export const deleteOlt = (id: string) => http<void>(`/olts/${encodeURIComponent(id)}`, { method: 'DELETE' });

export const pollOlt = (id: string) =>
  http<{ queued: true }>(`/olts/${encodeURIComponent(id)}/poll`, { method: 'POST' });

export const checkPort = (body: PortCheckRequest, signal?: AbortSignal) =>
  http<PortCheckResponse>('/olts/port-check', { method: 'POST', body, signal });

export const probeOlt = (body: ProbeRequest, signal?: AbortSignal) =>
  http<ProbeResponse>('/olts/probe', { method: 'POST', body, signal });

/** Branch names for the filter and the form (the API serves them to code 2000 holders). */
/** Branch choices for OLT screens: needs only 2006, unlike the branch administration list. */
export const fetchBranches = (signal?: AbortSignal) =>
  http<Pick<BranchRow, 'id' | 'name'>[]>('/olts/branches', { signal });
