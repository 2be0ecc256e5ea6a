import {
  SHARE_TOKEN_HEADER,
  type CreateShareToken,
  type CreatedShareToken,
  type OnuFilters,
  type OnuList,
  type OnuQuery,
  type ShareOltOptions,
  type ShareTokenList,
  type SharedView,
} from '@pondesk/contracts';
import { http } from '../../shared/http-client';

// Managing tokens: a signed-in user with Share (2005).

export const fetchShareTokens = (page: number, pageSize: number, signal?: AbortSignal) =>
  http<ShareTokenList>('/share-tokens', { query: { page, pageSize }, signal });

export const fetchShareOlts = (signal?: AbortSignal) =>
  http<ShareOltOptions>('/share-tokens/olts', { signal });

export const createShareToken = (body: CreateShareToken) =>
  http<CreatedShareToken>('/share-tokens', { method: 'POST', body });

export const revokeShareToken = (id: string) =>
  http<void>(`/share-tokens/${encodeURIComponent(id)}`, { method: 'DELETE' });

export const updateOltShareToken = (oltId: string, token?: string) =>
  http<CreatedShareToken>(`/olts/${encodeURIComponent(oltId)}/share-token`, {
    method: 'PUT',
    body: token ? { token } : {},
  });

// The shared view: no sign-in, the token in its header. A 401 here means the link, not the visitor's
// own session, so it never signs anyone out.

const asShare = (token: string, signal?: AbortSignal) => ({
  headers: { [SHARE_TOKEN_HEADER]: token },
  skipAuthRedirect: true,
  signal,
});

export const fetchSharedView = (token: string, signal?: AbortSignal) =>
  http<SharedView>('/shared/view', asShare(token, signal));

export const fetchSharedOnus = (token: string, query: OnuQuery, signal?: AbortSignal) =>
  http<OnuList>('/shared/onus', { ...asShare(token, signal), query: { ...query } });

export const fetchSharedFilters = (token: string, signal?: AbortSignal) =>
  http<OnuFilters>('/shared/onus/filters', asShare(token, signal));

/** The address a token opens, on this console. */
export const sharedViewUrl = (token: string) =>
  `${window.location.origin}/share/${encodeURIComponent(token)}`;
