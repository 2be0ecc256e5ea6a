import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { SHARE_TOKEN_PATTERN, type ShareScope } from '@pondesk/contracts';
import { preparedQuery } from '@pondesk/server-database';
import { sha256 } from '../crypto/tokens';
import { RateLimiterService } from '../rate-limit/rate-limiter.service';
import type { SharedOltScope } from './shared-olt-scope';
import { shareInvalid } from './shares.exception';
import { ShareRateRules } from './share-rate-rules';

/** Who is reading through a share link: the link's tenant and OLTs, never a user. */
export interface ShareViewer extends SharedOltScope {
  tokenId: string;
  scope: ShareScope;
  expiresAt: Date | null;
}

interface ViewerRow {
  id: string;
  tenant_id: string;
  scope: ShareScope;
  olt_ids: string[];
  expires_at: Date | null;
}

/** A link that still works: not revoked, not run out, of a tenant that is not on hold. */
const LIVE = `t.revoked_at IS NULL AND (t.expires_at IS NULL OR t.expires_at > now())
  AND EXISTS (SELECT 1 FROM tenant tn WHERE tn.id = t.tenant_id AND tn.status = 'active')`;
const VIEWER_COLUMNS = 't.id, t.tenant_id, t.scope, t.olt_ids::text[] AS olt_ids, t.expires_at';

const viewerOf = (row: ViewerRow): ShareViewer => ({
  kind: 'share',
  tokenId: row.id,
  tenantId: row.tenant_id,
  scope: row.scope,
  oltIds: row.scope === 'all' ? null : row.olt_ids,
  expiresAt: row.expires_at,
});

/**
 * Turns the token of a share link into its viewer, for the public routes and the sockets alike. The
 * token is found by its SHA-256 (the only form stored); unknown, revoked and expired answer the same
 * 401. Every try is rate-limited by client address before the look-up, and valid ones by token.
 */
@Injectable()
export class ShareAccessService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly limiter: RateLimiterService,
  ) {}

  async resolve(token: string | undefined, ip: string): Promise<ShareViewer> {
    // No token at all guesses nothing (a page opened without its link): refused without counting.
    if (!token) throw shareInvalid();
    await this.limiter.hit([
      { rule: ShareRateRules.failuresPerIp, subject: ip },
      { rule: ShareRateRules.requestsPerIp, subject: ip },
    ]);
    // Text no token can have is not looked up (nor hashed at any length a client sends).
    const viewer = SHARE_TOKEN_PATTERN.test(token) ? await this.byHash(sha256(token)) : null;
    if (!viewer) throw shareInvalid();
    await Promise.all([
      this.limiter.refund(ShareRateRules.failuresPerIp, ip),
      this.limiter.hit([{ rule: ShareRateRules.requestsPerToken, subject: viewer.tokenId }]),
    ]);
    return viewer;
  }

  /** The link again, read now (for open sockets); null once it no longer works. */
  async live(tokenId: string): Promise<ShareViewer | null> {
    const rows = await preparedQuery<ViewerRow>(
      this.db,
      `SELECT ${VIEWER_COLUMNS} FROM share_token t WHERE t.id = $1 AND ${LIVE}`,
      [tokenId],
    );
    return rows[0] ? viewerOf(rows[0]) : null;
  }

  /** The shown OLTs of the viewer's tenant that its link reaches (their rooms, for a socket). */
  async oltIds(viewer: ShareViewer): Promise<string[]> {
    const rows: { id: string }[] = await this.db.query(
      `SELECT o.id FROM olt o WHERE o.tenant_id = $1 AND o.show = true AND o.id = ANY($2::uuid[])`,
      [viewer.tenantId, viewer.oltIds ?? []],
    );
    return rows.map((r) => r.id);
  }

  private async byHash(hash: string): Promise<ShareViewer | null> {
    // Run on every public request: prepared, so each connection plans it once.
    const rows = await preparedQuery<ViewerRow>(
      this.db,
      `SELECT ${VIEWER_COLUMNS} FROM share_token t WHERE t.token_hash = $1 AND ${LIVE}`,
      [hash],
    );
    return rows[0] ? viewerOf(rows[0]) : null;
  }
}
