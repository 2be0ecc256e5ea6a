import type { PublicContent, TenantContent, UpdateEvent } from '@pondesk/contracts';
import { http } from '../../shared/http-client';

/** Terms and company links for the guest pages; no sign-in needed. */
export const fetchPublicContent = (signal?: AbortSignal) =>
  http<PublicContent>('/content/public', { signal, skipAuthRedirect: true });

/** The support panel of a signed-in ISP user. */
export const fetchTenantContent = (signal?: AbortSignal) =>
  http<TenantContent>('/content/tenant', { signal });

/** The update event the signed-in user has not closed yet, if one is running. */
export const fetchActiveEvent = async (signal?: AbortSignal): Promise<UpdateEvent | null> =>
  (await http<UpdateEvent | null>('/content/events/active', { signal })) ?? null;

export const markEventSeen = (id: string) =>
  http<void>(`/content/events/${encodeURIComponent(id)}/seen`, { method: 'POST' });
