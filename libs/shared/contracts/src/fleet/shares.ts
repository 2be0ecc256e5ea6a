/**
 * Share links: a read-only view of one tenant's OLT data, reached by a token instead of a sign-in.
 *
 * Managed under `/api/v1` with permission 2005 (Share):
 *   GET    /share-tokens?page&pageSize            → ShareTokenList (newest first; revoked ones too)
 *   GET    /share-tokens/olts                     → ShareOltOptions (the OLTs a scope may name)
 *   POST   /share-tokens  CreateShareToken        → 201 CreatedShareToken; 409 SHARE_EXISTS
 *                                                    ('Already Created') when an active token has the
 *                                                    same scope, unless `another` is true
 *   DELETE /share-tokens/:id                      → 204; the token fails at once, its sockets drop
 *   PUT    /olts/:id/share-token  UpdateOltShareToken → 200 CreatedShareToken: sets (given text) or
 *                                                    rotates (none given) the active token whose scope
 *                                                    is exactly that OLT, creating it when there is none
 *
 * Public, no sign-in; the token travels in the `X-Share-Token` header (never in an API path, so access
 * logs do not hold it). Rate-limited per token and per address (429 RATE_LIMITED).
 *   GET /shared/view                → SharedView (the Dashboard List)
 *   GET /shared/onus?…              → OnuList, the query of GET /onus (filters, search, sort, paging)
 *   GET /shared/onus/filters        → OnuFilters
 * A token that is unknown, revoked or expired answers 401 SHARE_INVALID ('This link is no longer valid').
 *
 * Live: a Socket.IO connection with `auth: { shareToken }` joins the rooms of the token's OLTs and hears
 * their `onu.status.changed`, `olt.poll.finished` and `olt.reachability.changed` (nothing else); it is
 * dropped when the token is revoked or runs out.
 */
import type { OltModeCode } from './vocabulary';

/** The header that carries a share token to the public routes. */
export const SHARE_TOKEN_HEADER = 'x-share-token';

/** Error codes of the share routes. */
export const ShareErrorCode = {
  /** Unknown, revoked or expired token. */
  SHARE_INVALID: 'SHARE_INVALID',
  /** An active token already has this scope (create with `another: true` for a second). */
  SHARE_EXISTS: 'SHARE_EXISTS',
} as const;

export const SHARE_MESSAGES = {
  created: 'Created Successfully',
  exists: 'Already Created',
  tokenUpdated: 'Token updated Successfully!',
  invalid: 'This link is no longer valid',
} as const;

/** All of the tenant's OLTs (those added later too), or the chosen ones. */
export type ShareScope = 'all' | 'olts';

/** A token typed on the Edit OLT page: long enough not to be guessed. */
export const SHARE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{32,128}$/;

export interface ShareTokenRow {
  id: string;
  label: string | null;
  scope: ShareScope;
  /** The chosen OLTs (empty for 'all'), with their names in the same order. */
  oltIds: string[];
  oltNames: string[];
  /** The token with all but its last 4 characters hidden; the whole token is shown only when made. */
  maskedToken: string;
  createdAt: string;
  createdBy: string;
  expiresAt: string | null;
  revokedAt: string | null;
  lastUsedAt: string | null;
  useCount: number;
  /** Neither revoked nor expired. */
  active: boolean;
}

export interface ShareTokenList {
  items: ShareTokenRow[];
  total: number;
  page: number;
  pageSize: number;
}

export interface CreateShareToken {
  scope: ShareScope;
  /** Required (1 to 500 of the tenant's OLTs) when scope is 'olts'. */
  oltIds?: string[];
  /** ISO time in the future, or null for none. */
  expiresAt?: string | null;
  label?: string;
  /** Make another token even when an active one has the same scope. */
  another?: boolean;
}

/** The tenant's OLTs (shown ones) a token's scope may name, by name. */
export interface ShareOltOptions {
  olts: { id: string; code: string; name: string }[];
}

export interface UpdateOltShareToken {
  /** The token text to set (SHARE_TOKEN_PATTERN); a new random one when absent. */
  token?: string;
}

export interface CreatedShareToken {
  /** The whole token, shown this once. */
  token: string;
  row: ShareTokenRow;
}

/** One OLT of the shared Dashboard List. */
export interface SharedOltSummary {
  oltId: string;
  code: string;
  name: string;
  mode: OltModeCode;
  /** PON ports holding ONUs, by the OLT's mode. */
  gponPorts: number;
  eponPorts: number;
  onuCount: number;
  onlineCount: number;
  offlineCount: number;
  /** Rx at or weaker than -24, -28 and -30 dBm (RX_THRESHOLDS_DBM). */
  weak24: number;
  below28: number;
  below30: number;
}

export interface SharedView {
  /** The ISP's display name; empty until the ISP has completed its profile. */
  tenantName: string;
  scope: ShareScope;
  expiresAt: string | null;
  olts: SharedOltSummary[];
}
