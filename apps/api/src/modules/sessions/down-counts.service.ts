import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import {
  DOWN_COUNT_LIST_DAYS,
  type DownCountList,
  type DownCountOnu,
  type DownCountRow,
  type SessionAction,
  type SessionHistory,
  type SessionHistoryDay,
} from '@pondesk/contracts';
import type { TenantActor } from '../../common/auth/actor';
import { likePattern, pageOf } from '../../common/http/page-query.dto';
import { OltAccessService } from '../../common/olt-access/olt-access.service';
import { AuditService } from '../audit/audit.service';
import { causeEvidence, dropCause } from './drop-causes';
import type { DownCountQueryDto } from './dto/session.dto';

const ORDER: Record<NonNullable<DownCountQueryDto['sort']>, string> = {
  downCount: 'n',
  pppoeId: 'lower(pppoe_id)',
  lastDownAt: 'last',
};

/** The most events one history shows (a line flapping all month stays readable). */
const HISTORY_MAX = 2000;

const pppoeNotFound = () =>
  new NotFoundException({
    statusCode: 404,
    message: 'No session events for this PPPoE ID',
    code: 'PPPOE_NOT_FOUND',
  });

/** The days counted: today (UTC) and the 29 before. */
const WINDOW = `(now() AT TIME ZONE 'UTC')::date - ${DOWN_COUNT_LIST_DAYS - 1}`;

/**
 * The Down Count List and the session history of one PPPoE id, from the routers' events. A user who does
 * not see every OLT sees only PPPoE ids carried by ONUs of their OLTs.
 */
@Injectable()
export class DownCountsService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly access: OltAccessService,
    private readonly audit: AuditService,
  ) {}

  async list(actor: TenantActor, query: DownCountQueryDto): Promise<DownCountList> {
    const { page, pageSize, skip } = pageOf(query);
    const params: unknown[] = [actor.tenantId];
    const where = [`d.tenant_id = $1`, `d.day >= ${WINDOW}`];
    const q = query.q?.trim().toLowerCase();
    if (q) {
      params.push(likePattern(q));
      where.push(`lower(d.pppoe_id) LIKE $${params.length}`);
    }
    const olts = await this.limitedTo(actor);
    if (olts) {
      params.push(olts);
      where.push(
        `EXISTS (SELECT 1 FROM onu_search s WHERE s.tenant_id = $1 AND s.pppoe_ids @> ARRAY[d.pppoe_id]::text[] AND s.olt_id = ANY($${params.length}::uuid[]))`,
      );
    }
    const dir = query.order === 'asc' ? 'ASC' : 'DESC';
    const sort = ORDER[query.sort ?? 'downCount'];
    params.push(pageSize, skip);
    const rows: { pppoe_id: string; n: number; last: Date; total: number }[] = await this.db.query(
      `WITH d AS (
         SELECT d.pppoe_id, sum(d.downs)::int AS n, max(d.last_down_at) AS last FROM session_down_daily d
         WHERE ${where.join(' AND ')} GROUP BY d.pppoe_id)
       SELECT pppoe_id, n, last, count(*) OVER ()::int AS total FROM d
       ORDER BY ${sort} ${dir}, pppoe_id LIMIT $${params.length - 1} OFFSET $${params.length}`,
      params,
    );
    const ids = rows.map((r) => r.pppoe_id);
    const [last, onus, evidence] = await Promise.all([
      this.lastDowns(actor.tenantId, ids),
      this.onusOf(actor, ids),
      causeEvidence(
        this.db,
        actor.tenantId,
        ids,
        new Date(Math.min(...rows.map((r) => r.last.getTime()))),
        new Date(Math.max(...rows.map((r) => r.last.getTime()))),
      ),
    ]);
    const items: DownCountRow[] = rows.map((r) => {
      const l = last.get(r.pppoe_id);
      return {
        pppoeId: r.pppoe_id,
        downCount: r.n,
        lastDownAt: r.last.toISOString(),
        lastIp: l?.ip ?? null,
        lastMac: l?.mac ?? null,
        lastRouter: l?.router ?? null,
        vlanId: null,
        lastCause: dropCause(r.pppoe_id, r.last, evidence),
        onu: onus.get(r.pppoe_id) ?? null,
      };
    });
    // Past the last page the window is empty and carries no total: count on its own.
    const total = rows[0]?.total ?? (skip > 0 ? await this.count(where, params.slice(0, -2)) : 0);
    return { items, total, page, pageSize };
  }

  /** The PPPoE id's events of the window, newest first, grouped by day in `tz`, with each drop's cause. */
  async history(actor: TenantActor, pppoeId: string, tz: string): Promise<SessionHistory> {
    await this.visible(actor, pppoeId);
    const events: {
      id: string;
      at: Date;
      day: string;
      action: SessionAction;
      ip: string | null;
      mac: string | null;
      router: string | null;
    }[] = await this.db.query(
      `SELECT id::text, received_at AS at, to_char(received_at AT TIME ZONE $3, 'YYYY-MM-DD') AS day, action, ip, mac, router
       FROM session_event WHERE tenant_id = $1 AND pppoe_id = $2
         AND received_at >= now() - make_interval(days => ${DOWN_COUNT_LIST_DAYS})
       ORDER BY received_at DESC, id DESC LIMIT ${HISTORY_MAX}`,
      [actor.tenantId, pppoeId, tz],
    );
    const downs = events.filter((e) => e.action === 'down');
    const evidence = downs.length
      ? await causeEvidence(this.db, actor.tenantId, [pppoeId], downs[downs.length - 1].at, downs[0].at)
      : { onus: [], offline: [] };
    const days: SessionHistoryDay[] = [];
    for (const e of events) {
      let day = days[days.length - 1];
      if (day?.date !== e.day) days.push((day = { date: e.day, count: 0, events: [] }));
      if (e.action === 'down') day.count += 1;
      day.events.push({
        id: e.id,
        at: e.at.toISOString(),
        action: e.action,
        ip: e.ip,
        mac: e.mac,
        router: e.router,
        cause: e.action === 'down' ? dropCause(pppoeId, e.at, evidence) : null,
      });
    }
    return { pppoeId, total: downs.length, days };
  }

  /** Forgets the PPPoE id's session events (the list's Delete). */
  async remove(actor: TenantActor, pppoeId: string): Promise<void> {
    await this.visible(actor, pppoeId);
    await this.db.transaction(async (tx) => {
      const [, deleted]: [unknown, number] = await tx.query(
        'DELETE FROM session_event WHERE tenant_id = $1 AND pppoe_id = $2',
        [actor.tenantId, pppoeId],
      );
      await tx.query('DELETE FROM session_down_daily WHERE tenant_id = $1 AND pppoe_id = $2', [
        actor.tenantId,
        pppoeId,
      ]);
      await this.audit.record(
        actor,
        {
          action: 'session-events.delete',
          entityType: 'pppoe',
          entityId: pppoeId,
          before: { events: deleted },
        },
        tx,
      );
    });
  }

  /** 404 unless the tenant has events of this PPPoE id the actor may see. */
  private async visible(actor: TenantActor, pppoeId: string): Promise<void> {
    const olts = await this.limitedTo(actor);
    const rows: unknown[] = await this.db.query(
      `SELECT 1 FROM session_event e WHERE e.tenant_id = $1 AND e.pppoe_id = $2
       ${olts ? 'AND EXISTS (SELECT 1 FROM onu_search s WHERE s.tenant_id = $1 AND s.pppoe_ids @> ARRAY[e.pppoe_id]::text[] AND s.olt_id = ANY($3::uuid[]))' : ''}
       LIMIT 1`,
      olts ? [actor.tenantId, pppoeId, olts] : [actor.tenantId, pppoeId],
    );
    if (!rows.length) throw pppoeNotFound();
  }

  /** The OLTs of a user who does not see them all; null for one who does. */
  private async limitedTo(actor: TenantActor): Promise<string[] | null> {
    return this.access.seesAll(actor) ? null : this.access.permittedOltIds(actor);
  }

  private async count(where: string[], params: unknown[]): Promise<number> {
    const [{ n }]: { n: number }[] = await this.db.query(
      `SELECT count(DISTINCT d.pppoe_id)::int AS n FROM session_down_daily d WHERE ${where.join(' AND ')}`,
      params,
    );
    return n;
  }

  /** Each PPPoE id's latest drop: address, MAC and router. */
  private async lastDowns(
    tenantId: string,
    ids: string[],
  ): Promise<Map<string, { ip: string | null; mac: string | null; router: string | null }>> {
    if (!ids.length) return new Map();
    const rows: { pppoe: string; ip: string | null; mac: string | null; router: string | null }[] =
      await this.db.query(
        `SELECT p.id AS pppoe, e.ip, e.mac, e.router FROM unnest($2::text[]) p(id)
         CROSS JOIN LATERAL (SELECT ip, mac, router FROM session_event
           WHERE tenant_id = $1 AND pppoe_id = p.id AND action = 'down' ORDER BY received_at DESC LIMIT 1) e`,
        [tenantId, ids],
      );
    return new Map(rows.map((r) => [r.pppoe, r]));
  }

  /** The ONU carrying each PPPoE id (an online one first, where a duplicate id sits on several). */
  private async onusOf(actor: TenantActor, ids: string[]): Promise<Map<string, DownCountOnu>> {
    if (!ids.length) return new Map();
    const scope = this.access.scope(actor, 'o');
    const [sql, params] = this.db.driver.escapeQueryWithParameters(
      `SELECT DISTINCT ON (p) p AS pppoe, n.id, n.olt_id AS "oltId", o.name AS "oltName", n.pon_port AS "ponPort",
         n.if_name AS "ifName", n.rx_dbm AS "rxDbm", n.status, n.reason AS "lastDeregReason"
       FROM onu_search s CROSS JOIN LATERAL unnest(s.pppoe_ids) p JOIN onu n ON n.id = s.id JOIN olt o ON o.id = n.olt_id
       WHERE s.tenant_id = :tenantId AND s.pppoe_ids && CAST(:ids AS text[]) AND p = ANY(CAST(:ids AS text[])) AND ${scope.sql}
       ORDER BY p, (n.status = 'online') DESC, n.id`,
      { ...scope.params, tenantId: actor.tenantId, ids },
    );
    const rows: (DownCountOnu & { pppoe: string })[] = await this.db.query(sql, params);
    return new Map(rows.map(({ pppoe, ...onu }) => [pppoe, onu]));
  }
}
