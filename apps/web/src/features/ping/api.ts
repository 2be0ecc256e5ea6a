import type { LatencyHistory, MonitorServer } from '@pondesk/contracts';
import { http } from '../../shared/http-client';

export const fetchServers = (search: string, signal?: AbortSignal) =>
  http<MonitorServer[]>('/monitor/servers', { query: { search: search || undefined }, signal });

/** Add (no id) or edit a server; the form is multipart because it may carry the logo. */
export const saveServer = (id: string | null, form: FormData) =>
  id
    ? http<MonitorServer>(`/monitor/servers/${encodeURIComponent(id)}`, { method: 'PATCH', body: form })
    : http<MonitorServer>('/monitor/servers', { method: 'POST', body: form });

export const deleteServer = (id: string) =>
  http<void>(`/monitor/servers/${encodeURIComponent(id)}`, { method: 'DELETE' });

export const fetchServerHistory = (id: string, hours: number, signal?: AbortSignal) =>
  http<LatencyHistory>(`/monitor/servers/${encodeURIComponent(id)}/history`, { query: { hours }, signal });
