import type { SubscriberHosts, SubscriberSession } from '@pondesk/contracts';
import { http } from '../../shared/http-client';

const onu = (id: string) => `/onus/${encodeURIComponent(id)}`;

/** The subscriber's session as the OLT's MikroTik has it now (the worker reads the router). */
export const fetchLiveSession = (onuId: string, pppoe: string, signal?: AbortSignal) =>
  http<SubscriberSession>(`${onu(onuId)}/live-session`, { query: { pppoe }, signal });

/** The hosts the MikroTik sees behind the session. */
export const fetchLiveHosts = (onuId: string, pppoe: string, signal?: AbortSignal) =>
  http<SubscriberHosts>(`${onu(onuId)}/live-hosts`, { query: { pppoe }, signal });
