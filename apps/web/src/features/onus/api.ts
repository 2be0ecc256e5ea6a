import type {
  OnuActionResult,
  OnuDetail,
  OnuEventList,
  OnuFilters,
  OnuList,
  OnuQuery,
  OnuRealtime,
  OnuSignalReading,
  OnuWriteRequest,
  OnuWriteStarted,
  OltWritePaths,
  PppoeLookup,
  PppoeSuggestions,
  SignalDay,
  SignalHistory,
  TelnetCheckResult,
  UpdateOnuDataRequest,
} from '@pondesk/contracts';
import { browserTimeZone } from '../../shared/format';
import { http } from '../../shared/http-client';

/** The two ONU screens read the same list under their own permission codes. */
export type OnuListSource = 'data-ports' | 'ports';

const LIST_PATH: Record<OnuListSource, string> = { 'data-ports': '/onus', ports: '/olt-ports/onus' };
const onu = (id: string) => `/onus/${encodeURIComponent(id)}`;

export const fetchOnus = (source: OnuListSource, query: OnuQuery, signal?: AbortSignal) =>
  http<OnuList>(LIST_PATH[source], { query: { ...query }, signal });

export const fetchOnuFilters = (signal?: AbortSignal) => http<OnuFilters>('/onus/filters', { signal });

export const fetchOnu = (id: string, signal?: AbortSignal) => http<OnuDetail>(onu(id), { signal });

export const updateOnuData = (id: string, body: UpdateOnuDataRequest) =>
  http<OnuDetail>(onu(id), { method: 'PATCH', body });

export const deleteOnuRecord = (id: string) => http<void>(onu(id), { method: 'DELETE' });

export const readOnuSignal = (id: string) =>
  http<OnuSignalReading>(`${onu(id)}/read-signal`, { method: 'POST' });

export const readOnuRealtime = (id: string) => http<OnuRealtime>(`${onu(id)}/realtime`, { method: 'POST' });

/** A reboot and a clear, with the operator's consent when the OLT's command is inferred. */
export interface OnuWriteInput extends OnuWriteRequest {
  id: string;
}

const writeBody = ({ acceptInferred }: OnuWriteInput): OnuWriteRequest =>
  acceptInferred ? { acceptInferred: true } : {};

export const rebootOnu = (input: OnuWriteInput) =>
  http<OnuWriteStarted>(`${onu(input.id)}/reboot`, { method: 'POST', body: writeBody(input) });

export const clearOnu = (input: OnuWriteInput) =>
  http<OnuActionResult>(`${onu(input.id)}/clear`, { method: 'POST', body: writeBody(input) });

/** How each write would be sent to this OLT, and the evidence behind each command. */
export const fetchWritePaths = (oltId: string, signal?: AbortSignal) =>
  http<OltWritePaths>(`/olts/${encodeURIComponent(oltId)}/write-paths`, { signal });

export const checkOltTelnet = (oltId: string, signal?: AbortSignal) =>
  http<TelnetCheckResult>(`/olts/${encodeURIComponent(oltId)}/telnet-check`, { method: 'POST', signal });

export const fetchSignal = (id: string, day: string | null, signal?: AbortSignal) =>
  http<SignalHistory>(`${onu(id)}/signal`, { query: { day, tz: browserTimeZone() }, signal });

export const fetchSignalDays = (id: string, signal?: AbortSignal) =>
  http<SignalDay[]>(`${onu(id)}/signal-days`, { query: { tz: browserTimeZone() }, signal });

export const fetchOnuEvents = (id: string, page: number, pageSize: number, signal?: AbortSignal) =>
  http<OnuEventList>(`${onu(id)}/events`, { query: { page, pageSize }, signal });

export const lookupPppoe = (pppoeId: string, signal?: AbortSignal) =>
  http<PppoeLookup>(`/pppoe/${encodeURIComponent(pppoeId)}`, { signal });

export const suggestPppoe = (q: string, signal?: AbortSignal) =>
  http<PppoeSuggestions>('/pppoe', { query: { q }, signal });
