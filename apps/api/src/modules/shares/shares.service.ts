import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { QueryFailedError, type DataSource, type EntityManager } from 'typeorm';
import type {
  CreatedShareToken,
  ShareOltOptions,
  ShareScope,
  ShareTokenList,
  ShareTokenRow,
} from '@pondesk/contracts';
import type { TenantActor } from '../../common/auth/actor';
import { randomToken, sha256 } from '../../common/crypto/tokens';
import { likePattern, pageOf, type PageQueryDto } from '../../common/http/page-query.dto';
import { invalidInput } from '../../common/http/validation.pipe';
import { OltAccessService } from '../../common/olt-access/olt-access.service';
import { RateLimiterService } from '../../common/rate-limit/rate-limiter.service';
import { AuditService } from '../audit/audit.service';
import { oltNotFound } from '../olts/olts.exception';
import { RealtimeGateway } from '../realtime/realtime.gateway';
import type { CreateShareTokenDto } from './dto/create-share-token.dto';
import type { UpdateOltShareTokenDto } from './dto/update-olt-share-token.dto';
import { shareExists, shareNotFound } from '../../common/share-access/shares.exception';
import { ShareRateRules } from '../../common/share-access/share-rate-rules';

interface TokenRow {
  id: string;
  label: string | null;
  scope: ShareScope;
  olt_ids: string[];
  olt_names: (string | null)[];
  token_last4: string;
  created_at: Date;
  created_by_name: string;
  expires_at: Date | null;
  revoked_at: Date | null;
  last_used_at: Date | null;
  use_count: number;
  active: boolean;
}

/** A row's columns as the list shows them; never the hash. */
const ROW_COLUMNS = `t.id, t.label, t.scope, t.olt_ids::text[] AS olt_ids,
  ARRAY(SELECT o.name FROM unnest(t.olt_ids) WITH ORDINALITY AS u(id, i) LEFT JOIN olt o ON o.id = u.id ORDER BY u.i) AS olt_names,
  t.token_last4, t.created_at, t.created_by_name, t.expires_at, t.revoked_at, t.last_used_at, t.use_count,
  (t.revoked_at IS NULL AND (t.expires_at IS NULL OR t.expires_at > now())) AS active`;

const ACTIVE = 't.revoked_at IS NULL AND (t.expires_at IS NULL OR t.expires_at > now())';

const toRow = (r: TokenRow): ShareTokenRow => ({
  id: r.id,
  label: r.label,
  scope: r.scope,
  oltIds: r.olt_ids,
  oltNames: r.olt_names.map((n) => n ?? ''),
  maskedToken: `${'•'.repeat(8)}${r.token_last4}`,
  createdAt: r.created_at.toISOString(),
  createdBy: r.created_by_name,
  expiresAt: r.expires_at?.toISOString() ?? null,
  revokedAt: r.revoked_at?.toISOString() ?? null,
  lastUsedAt: r.last_used_at?.toISOString() ?? null,
  useCount: Number(r.use_count),
  active: r.active,
});

/** What the audit log keeps of a link: never its token, its hash or even its last characters. */
const audited = (row: ShareTokenRow) => ({
  label: row.label,
  scope: row.scope,
  oltIds: row.oltIds,
  expiresAt: row.expiresAt,
  revokedAt: row.revokedAt,
});

const isUniqueViolation = (error: unknown) =>
  error instanceof QueryFailedError && (error.driverError as { code?: unknown })?.code === '23505';

/**
 * Share links of a tenant: made, listed, revoked, and the one-OLT link of the Edit OLT page set or
 * rotated. A user who does not see every OLT manages only links to OLTs they see.
 */
@Injectable()
export class SharesService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly access: OltAccessService,
    private readonly audit: AuditService,
    private readonly limiter: RateLimiterService,
    private readonly gateway: RealtimeGateway,
  ) {}

  async list(actor: TenantActor, query: PageQueryDto): Promise<ShareTokenList> {
    const { page, pageSize, skip } = pageOf(query);
    const mine = this.manageable(actor);
    const search = query.search?.trim();
    const where = `${mine.sql}${search ? ' AND t.label ILIKE :search' : ''}`;
    const params = { ...mine.params, search: search ? likePattern(search) : undefined };
    const [countSql, countParams] = this.db.driver.escapeQueryWithParameters(
      `SELECT count(*) AS n FROM share_token t WHERE ${where}`,
      params,
    );
    const [pageSql, pageParams] = this.db.driver.escapeQueryWithParameters(
      `SELECT ${ROW_COLUMNS} FROM share_token t WHERE ${where}
       ORDER BY t.created_at DESC, t.id DESC OFFSET :skip LIMIT :take`,
      { ...params, skip, take: pageSize },
    );
    const [counted, rows] = await Promise.all([
      this.db.query(countSql, countParams) as Promise<{ n: string }[]>,
      this.db.query(pageSql, pageParams) as Promise<TokenRow[]>,
    ]);
    return { items: rows.map(toRow), total: Number(counted[0]?.n ?? 0), page, pageSize };
  }

  async create(actor: TenantActor, dto: CreateShareTokenDto): Promise<CreatedShareToken> {
    const oltIds = await this.checkedScope(actor, dto.scope, dto.oltIds);
    const expiresAt = checkedExpiry(dto.expiresAt);
    const label = dto.label?.trim() || null;
    const token = randomToken();
    const row = await this.db.transaction(async (tx) => {
      await lockTenantShares(tx, actor.tenantId);
      if (!dto.another && (await this.activeWithScope(tx, actor.tenantId, dto.scope, oltIds)))
        throw shareExists();
      const created = await this.insert(tx, actor, { scope: dto.scope, oltIds, expiresAt, label, token });
      await this.audit.record(
        actor,
        { action: 'share.create', entityType: 'share_token', entityId: created.id, after: audited(created) },
        tx,
      );
      return created;
    });
    return { token, row };
  }

  async revoke(actor: TenantActor, id: string): Promise<void> {
    const mine = this.manageable(actor);
    await this.db.transaction(async (tx) => {
      const [sql, params] = this.db.driver.escapeQueryWithParameters(
        `SELECT t.revoked_at FROM share_token t WHERE t.id = :id AND ${mine.sql} FOR UPDATE`,
        { ...mine.params, id },
      );
      const [found] = (await tx.query(sql, params)) as { revoked_at: Date | null }[];
      if (!found) throw shareNotFound();
      // Revoking twice changes nothing and logs nothing more.
      if (found.revoked_at) return;
      const rows = (await tx.query(
        `UPDATE share_token t SET revoked_at = now() WHERE t.id = $1 RETURNING ${ROW_COLUMNS}`,
        [id],
      )) as [TokenRow[], number];
      await this.audit.record(
        actor,
        {
          action: 'share.revoke',
          entityType: 'share_token',
          entityId: id,
          after: audited(toRow(rows[0][0])),
        },
        tx,
      );
    });
    // After the commit, on every API instance: a socket reconnecting at once finds the link revoked.
    this.gateway.closeShare(id);
  }

  /**
   * The Edit OLT page's token: sets the given text (or a new random one) on the active link whose scope
   * is exactly this OLT, making that link when there is none. Sockets opened with the old text close.
   */
  async updateOltToken(
    actor: TenantActor,
    oltId: string,
    dto: UpdateOltShareTokenDto,
  ): Promise<CreatedShareToken> {
    if (!(await this.access.canSee(actor, oltId))) throw oltNotFound();
    if (dto.token !== undefined)
      await this.limiter.hit([{ rule: ShareRateRules.typedTokensPerUser, subject: actor.userId }]);
    const token = dto.token ?? randomToken();
    let result: { row: ShareTokenRow; replaced: boolean };
    try {
      result = await this.db.transaction(async (tx) => {
        await lockTenantShares(tx, actor.tenantId);
        const current = await this.activeWithScope(tx, actor.tenantId, 'olts', [oltId]);
        if (!current) {
          const created = await this.insert(tx, actor, {
            scope: 'olts',
            oltIds: [oltId],
            expiresAt: null,
            label: null,
            token,
          });
          await this.audit.record(
            actor,
            {
              action: 'share.create',
              entityType: 'share_token',
              entityId: created.id,
              after: audited(created),
            },
            tx,
          );
          return { row: created, replaced: false };
        }
        const rows = (await tx.query(
          `UPDATE share_token t SET token_hash = $2, token_last4 = $3 WHERE t.id = $1 RETURNING ${ROW_COLUMNS}`,
          [current, sha256(token), token.slice(-4)],
        )) as [TokenRow[], number];
        const row = toRow(rows[0][0]);
        // Which link changed and that its token did; the token itself never reaches the log.
        await this.audit.record(
          actor,
          {
            action: 'share.token.update',
            entityType: 'share_token',
            entityId: row.id,
            after: { ...audited(row), tokenChanged: true },
          },
          tx,
        );
        return { row, replaced: true };
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      throw invalidInput([{ field: 'token', message: 'token is already in use; choose another' }]);
    }
    if (result.replaced) this.gateway.closeShare(result.row.id);
    return { token, row: result.row };
  }

  /**
   * The links this user may manage: all of the tenant's for those who see every OLT; for others, the
   * links listing only OLTs granted to them (a link to all OLTs would show OLTs they do not see).
   */
  private manageable(actor: TenantActor): { sql: string; params: Record<string, unknown> } {
    const tenant = 't.tenant_id = :shareTenantId';
    if (this.access.seesAll(actor)) return { sql: tenant, params: { shareTenantId: actor.tenantId } };
    return {
      sql: `${tenant} AND t.scope = 'olts' AND t.olt_ids <@ ARRAY(SELECT p.olt_id FROM user_olt_permission p
             WHERE p.user_id = :shareUserId AND p.tenant_id = :shareTenantId)`,
      params: { shareTenantId: actor.tenantId, shareUserId: actor.userId },
    };
  }

  /** The OLTs a link of this user may name (those they see), by name: the create form's picker. */
  async olts(actor: TenantActor): Promise<ShareOltOptions> {
    const scoped = this.access.scope(actor, 'o');
    const [sql, params] = this.db.driver.escapeQueryWithParameters(
      `SELECT o.id, o.code, o.name FROM olt o WHERE ${scoped.sql} ORDER BY lower(o.name), o.code`,
      scoped.params,
    );
    return { olts: (await this.db.query(sql, params)) as ShareOltOptions['olts'] };
  }

  /** The link's OLTs, sorted (one set, one stored form): each must be an OLT the user sees. */
  private async checkedScope(actor: TenantActor, scope: ShareScope, given?: string[]): Promise<string[]> {
    const ids = [...new Set((given ?? []).map((id) => id.toLowerCase()))].sort();
    if (scope === 'all') {
      if (ids.length)
        throw invalidInput([{ field: 'oltIds', message: "oltIds must be left out when scope is 'all'" }]);
      if (!this.access.seesAll(actor))
        throw invalidInput([
          { field: 'scope', message: 'scope all needs access to every OLT; choose the OLTs to share' },
        ]);
      return [];
    }
    if (!ids.length)
      throw invalidInput([
        { field: 'oltIds', message: "oltIds must list at least one OLT when scope is 'olts'" },
      ]);
    const scoped = this.access.scope(actor, 'o');
    const [sql, params] = this.db.driver.escapeQueryWithParameters(
      `SELECT count(*) AS n FROM olt o WHERE ${scoped.sql} AND o.id = ANY(:ids)`,
      { ...scoped.params, ids },
    );
    const [found] = (await this.db.query(sql, params)) as { n: string }[];
    if (Number(found?.n) !== ids.length)
      throw invalidInput([{ field: 'oltIds', message: 'oltIds must be OLTs you can see' }]);
    return ids;
  }

  /** The id of the newest active link with exactly this scope, if any. */
  private async activeWithScope(
    tx: EntityManager,
    tenantId: string,
    scope: ShareScope,
    oltIds: string[],
  ): Promise<string | null> {
    const rows: { id: string }[] = await tx.query(
      `SELECT t.id FROM share_token t WHERE t.tenant_id = $1 AND t.scope = $2 AND t.olt_ids = $3::uuid[] AND ${ACTIVE}
       ORDER BY t.created_at DESC, t.id DESC LIMIT 1`,
      [tenantId, scope, oltIds],
    );
    return rows[0]?.id ?? null;
  }

  private async insert(
    tx: EntityManager,
    actor: TenantActor,
    link: {
      scope: ShareScope;
      oltIds: string[];
      expiresAt: Date | null;
      label: string | null;
      token: string;
    },
  ): Promise<ShareTokenRow> {
    const [row] = (await tx.query(
      `INSERT INTO share_token AS t (tenant_id, label, scope, olt_ids, token_hash, token_last4, created_by, created_by_name, expires_at)
       VALUES ($1, $2, $3, $4::uuid[], $5, $6, $7, $8, $9) RETURNING ${ROW_COLUMNS}`,
      [
        actor.tenantId,
        link.label,
        link.scope,
        link.oltIds,
        sha256(link.token),
        link.token.slice(-4),
        actor.userId,
        actor.username.slice(0, 60),
        link.expiresAt,
      ],
    )) as TokenRow[];
    return toRow(row);
  }
}

/** Makes and changes of one tenant's links one at a time, so two at once cannot both pass the 409 check. */
async function lockTenantShares(tx: EntityManager, tenantId: string): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`share-token:${tenantId}`]);
}

/** The expiry as a time ahead, or null for none. */
function checkedExpiry(value: string | null | undefined): Date | null {
  if (value === undefined || value === null) return null;
  const at = new Date(value);
  if (Number.isNaN(at.getTime()) || at.getTime() <= Date.now())
    throw invalidInput([{ field: 'expiresAt', message: 'expiresAt must be in the future' }]);
  return at;
}
