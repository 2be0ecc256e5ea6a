import type {
  SwitchCatalogue,
  SwitchCheckRequest,
  SwitchCheckResponse,
  SwitchList,
  SwitchListQuery,
  SwitchOption,
  SwitchPortHistory,
  SwitchPortList,
  SwitchPortQuery,
  SwitchRequest,
  SwitchRow,
  UpdateSwitchRequest,
} from '@pondesk/contracts';
import { http } from '../../shared/http-client';

const one = (id: string) => `/switches/${encodeURIComponent(id)}`;

export const fetchSwitches = (query: SwitchListQuery, signal?: AbortSignal) =>
  http<SwitchList>('/switches', { query: { ...query }, signal });

export const fetchSwitchCatalogue = (signal?: AbortSignal) =>
  http<SwitchCatalogue>('/switches/catalogue', { signal });

export const fetchSwitchOptions = (signal?: AbortSignal) =>
  http<SwitchOption[]>('/switches/options', { signal });

export const createSwitch = (body: SwitchRequest) => http<SwitchRow>('/switches', { method: 'POST', body });

export const updateSwitch = (id: string, body: UpdateSwitchRequest) =>
  http<SwitchRow>(one(id), { method: 'PATCH', body });

export const deleteSwitch = (id: string) => http<void>(one(id), { method: 'DELETE' });

export const checkSwitch = (body: SwitchCheckRequest, signal?: AbortSignal) =>
  http<SwitchCheckResponse>('/switches/check', { method: 'POST', body, signal });

export const fetchSwitchPorts = (query: SwitchPortQuery, signal?: AbortSignal) =>
  http<SwitchPortList>('/switch-ports', { query: { ...query }, signal });

export const fetchPortHistory = (portId: string, from: string, to: string, signal?: AbortSignal) =>
  http<SwitchPortHistory>(`/switch-ports/${encodeURIComponent(portId)}/history`, {
    query: { from, to },
    signal,
  });
