import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { refreshOltStats } from '@pondesk/server-database';
import {
  DOWN_COUNT_DAYS,
  PORT_CAPACITY,
  PPPOE_SUGGESTION_LIMIT,
  SIGNAL_HISTORY_DAYS,
  parsePppoeIds,
  type OnuDetail,
  type OnuEventList,
  type PppoeLookup,
  type PppoeSuggestions,
  type SignalDay,
  type SignalHistory,
  type OnuStatusCode,
} from '@pondesk/contracts';
import type { TenantActor } from '../../common/auth/actor';
import { likePattern, pageOf, type PageQueryDto } from '../../common/http/page-query.dto';
import { AuditService } from '../audit/audit.service';
import { OltAccessService } from '../../common/olt-access/olt-access.service';
import type { UpdateOnuDataDto } from './dto/onu-data.dto';
import { onuNotFound, portNotFound, pppoeNotFound } from './onus.exception';
import { ONU_LAST_SEEN_SQL, ONU_ROW_COLUMNS, isoTime } from './onu-row.sql';
import { searchMatches } from './onus.service';

/** A detail row as selected: the OnuRow and OLT fields as sent, the rest still to be shaped. */
interface DetailRow extends Pick<
  OnuDetail,
  Exclude<keyof OnuDetail, 'portUsage' | 'previous' | 'downCountSource' | 'lastSession'>
> {
  portCount: number;
  /** Session drops of its PPPoE ids in the window, and whether the tenant's routers report any at all. */
  sessionDowns: number | null;
  hasSessions: boolean;
  sessionAt: string | null;
  sessionAction: 'up' | 'down' | null;
  sessionIp: string | null;
  sessionMac: string | null;
  previousRx: number | null;
  previousAt: string | null;
}

/** The stored ONU a caller may see: tenant, OLT permissions and soft-deleted OLTs all apply. */
export interface VisibleOnu {
  id: string;
  oltId: string;
  tenantId: string;
  ponPort: number;
  onuId: number;
  ifName: string;
  description: string | null;
  pppoeIds: string[];
  pppoeManual: boolean;
}

// Keys in the order the API has always sent them.
const toDetail = ({
  portCount,
  lastDownAt,
  downCount,
  previousRx,
  previousAt,
  latestSampleAt,
  sessionDowns,
  hasSessions,
  sessionAt,
  sessionAction,
  sessionIp,
  sessionMac,
  ...row
}: DetailRow): OnuDetail => ({
  ...row,
  portUsage: { count: portCount, ...PORT_CAPACITY[row.oltMode] },
  lastDownAt,
  downCount: hasSessions ? (sessionDowns ?? 0) : downCount,
  downCountSource: hasSessions ? 'sessions' : 'onu',
  lastSession:
    sessionAt && sessionAction
      ? { at: sessionAt, action: sessionAction, ip: sessionIp, mac: sessionMac }
      : null,
  previous: previousRx === null || previousAt === null ? null : { rxDbm: previousRx, at: previousAt },
  latestSampleAt,
});

/** Reads and edits of single ONUs and PPPoE ids: the PPPoE page, the search popup and Update Data. */
@Injectable()
export class OnuDetailsService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly access: OltAccessService,
    private readonly audit: AuditService,
  ) {}

  async get(actor: TenantActor, id: string): Promise<OnuDetail> {
    const [row] = await this.details(actor, 'n.id = :id', { id });
    if (!row) throw onuNotFound();
    return row;
  }

  async lookup(actor: TenantActor, pppoeId: string): Promise<PppoeLookup> {
    // Exact first (the search table's GIN index); a subscriber typed in another case still finds their line.
    let matches = await this.details(
      actor,
      'n.id = ANY(ARRAY(SELECT s.id FROM onu_search s WHERE s.tenant_id = :tenantId AND s.pppoe_ids @> ARRAY[:pppoe]::text[]))',
      { tenantId: actor.tenantId, pppoe: pppoeId },
    );
    if (!matches.length)
      matches = await this.details(
        actor,
        `${searchMatches('n', ':tenantId', ':like')} AND EXISTS (SELECT 1 FROM unnest(n.pppoe_ids) p WHERE lower(p) = :lower)`,
        { tenantId: actor.tenantId, like: likePattern(pppoeId.toLowerCase()), lower: pppoeId.toLowerCase() },
      );
    if (!matches.length) throw pppoeNotFound(pppoeId);
    return { pppoeId, matches };
  }

  async suggest(actor: TenantActor, q: string, limit = PPPOE_SUGGESTION_LIMIT): Promise<PppoeSuggestions> {
    const term = q.toLowerCase();
    const scope = this.access.scope(actor, 'o');
    // The trigram index narrows the ONUs; the test on each id keeps only the ids that match.
    const [sql, params] = this.db.driver.escapeQueryWithParameters(
      `SELECT p.id FROM onu n JOIN olt o ON o.id = n.olt_id CROSS JOIN LATERAL unnest(n.pppoe_ids) AS p(id)
       WHERE n.tenant_id = :tenantId AND ${scope.sql} AND ${searchMatches('n', ':tenantId', ':like')} AND lower(p.id) LIKE :like
       GROUP BY p.id ORDER BY bool_or(lower(p.id) LIKE :prefix) DESC, lower(p.id) LIMIT :limit`,
      {
        ...scope.params,
        tenantId: actor.tenantId,
        like: likePattern(term),
        prefix: likePattern(term).slice(1),
        limit,
      },
    );
    const rows: { id: string }[] = await this.db.query(sql, params);
    return { items: rows.map((r) => r.id) };
  }

  async signal(actor: TenantActor, id: string, query: { day?: string; tz?: string }): Promise<SignalHistory> {
    const onu = await this.visible(actor, id);
    const tz = query.tz ?? 'UTC';
    if (query.day) {
      const [range]: { from: Date; to: Date }[] = await this.db.query(
        `SELECT ($1::date::timestamp AT TIME ZONE $2) AS "from", (($1::date + 1)::timestamp AT TIME ZONE $2) AS "to"`,
        [query.day, tz],
      );
      const points: { at: Date; rx: number }[] = await this.db.query(
        `SELECT sampled_at AS at, rx_dbm AS rx FROM onu_signal_sample
         WHERE onu_ref = $1 AND sampled_at >= $2 AND sampled_at < $3 ORDER BY sampled_at`,
        [onu.id, range.from, range.to],
      );
      return {
        resolution: 'raw',
        from: range.from.toISOString(),
        to: range.to.toISOString(),
        points: points.map((p) => ({ at: p.at.toISOString(), rxDbm: round2(p.rx) })),
      };
    }
    const to = new Date();
    const from = new Date(to.getTime() - SIGNAL_HISTORY_DAYS * 86400_000);
    // Hours already rolled up come from the hourly table; the hours after the last rollup are
    // aggregated from the raw samples on the fly, so the newest points are never missing.
    const points: { at: Date; avg: number; min: number; max: number }[] = await this.db.query(
      `WITH rolled AS (
         SELECT hour AS at, rx_avg AS avg, rx_min AS min, rx_max AS max FROM onu_signal_hourly
         WHERE onu_ref = $1 AND hour >= $2),
       since AS (SELECT coalesce(max(at) + interval '1 hour', $2::timestamptz) AS t FROM rolled)
       SELECT at, avg, min, max FROM rolled
       UNION ALL
       SELECT date_trunc('hour', s.sampled_at), avg(s.rx_dbm), min(s.rx_dbm), max(s.rx_dbm)
       FROM onu_signal_sample s, since WHERE s.onu_ref = $1 AND s.sampled_at >= since.t
       GROUP BY 1
       ORDER BY 1`,
      [onu.id, from],
    );
    return {
      resolution: 'hourly',
      from: from.toISOString(),
      to: to.toISOString(),
      points: points.map((p) => ({
        at: new Date(p.at).toISOString(),
        rxDbm: round2(Number(p.avg)),
        rxMin: round2(Number(p.min)),
        rxMax: round2(Number(p.max)),
      })),
    };
  }

  async signalDays(actor: TenantActor, id: string, tz = 'UTC'): Promise<SignalDay[]> {
    const onu = await this.visible(actor, id);
    const rows: { day: string; count: number }[] = await this.db.query(
      `SELECT to_char(sampled_at AT TIME ZONE $2, 'YYYY-MM-DD') AS day, count(*)::int AS count
       FROM onu_signal_sample WHERE onu_ref = $1 AND sampled_at >= now() - make_interval(days => $3)
       GROUP BY 1 ORDER BY 1 DESC`,
      [onu.id, tz, SIGNAL_HISTORY_DAYS],
    );
    return rows;
  }

  async events(actor: TenantActor, id: string, query: PageQueryDto): Promise<OnuEventList> {
    const onu = await this.visible(actor, id);
    const { page, pageSize, skip } = pageOf(query);
    const [{ total }]: { total: number }[] = await this.db.query(
      'SELECT count(*)::int AS total FROM onu_status_event WHERE onu_ref = $1',
      [onu.id],
    );
    const rows: {
      id: string;
      occurred_at: Date;
      from_status: OnuStatusCode | null;
      to_status: OnuStatusCode;
      reason: OnuEventList['items'][number]['reason'];
      reason_raw: string | null;
    }[] = await this.db.query(
      `SELECT id, occurred_at, from_status, to_status, reason, reason_raw FROM onu_status_event
       WHERE onu_ref = $1 ORDER BY occurred_at DESC, id LIMIT $2 OFFSET $3`,
      [onu.id, pageSize, skip],
    );
    return {
      total,
      page,
      pageSize,
      items: rows.map((r) => ({
        id: r.id,
        at: r.occurred_at.toISOString(),
        from: r.from_status,
        to: r.to_status,
        reason: r.reason,
        reasonRaw: r.reason_raw,
      })),
    };
  }

  /**
   * Update Data: the subscriber's PPPoE ids, on this ONU or (another interface name) moved to that ONU
   * of the same OLT. An empty list hands the line back to the ids written in the OLT's description.
   */
  async update(actor: TenantActor, id: string, dto: UpdateOnuDataDto): Promise<OnuDetail> {
    const source = await this.visible(actor, id);
    const ids = [...new Set(dto.pppoeIds)];
    const targetId = await this.db.transaction(async (tx) => {
      let target = source;
      if (dto.ifName.toLowerCase() !== source.ifName.toLowerCase()) {
        const [other]: { id: string }[] = await tx.query(
          'SELECT id FROM onu WHERE olt_id = $1 AND lower(if_name) = lower($2)',
          [source.oltId, dto.ifName],
        );
        if (!other) throw portNotFound(dto.ifName);
        target = await this.visible(actor, other.id, tx);
        await this.setPppoe(tx, source, []);
      }
      await this.setPppoe(tx, target, ids);
      await this.audit.record(
        actor,
        {
          action: 'onu.update-data',
          entityType: 'onu',
          entityId: target.id,
          before: { ifName: source.ifName, pppoeIds: source.pppoeIds, manual: source.pppoeManual },
          after: { ifName: target.ifName, pppoeIds: ids.length ? ids : parsePppoeIds(target.description) },
        },
        tx,
      );
      return target.id;
    });
    return this.get(actor, targetId);
  }

  /** Forgets the stored record (and its history); the next poll brings it back while the OLT lists it. */
  async remove(actor: TenantActor, id: string): Promise<void> {
    const onu = await this.visible(actor, id);
    await this.db.transaction(async (tx) => {
      await tx.query('DELETE FROM onu WHERE id = $1', [onu.id]);
      await refreshOltStats(tx, [onu.oltId]);
      await this.audit.record(
        actor,
        { action: 'onu.delete-record', entityType: 'onu', entityId: onu.id, before: onu },
        tx,
      );
    });
  }

  async visible(actor: TenantActor, id: string, manager?: EntityManager): Promise<VisibleOnu> {
    const scope = this.access.scope(actor, 'o');
    const row: VisibleOnu | undefined = await (manager ?? this.db.manager)
      .createQueryBuilder()
      .select([
        'n.id AS id',
        'n.olt_id AS "oltId"',
        'n.tenant_id AS "tenantId"',
        'n.pon_port AS "ponPort"',
        'n.onu_id AS "onuId"',
        'n.if_name AS "ifName"',
        'n.description AS description',
        'n.pppoe_ids AS "pppoeIds"',
        'n.pppoe_manual AS "pppoeManual"',
      ])
      .from('onu', 'n')
      .innerJoin('olt', 'o', 'o.id = n.olt_id')
      .where('n.tenant_id = :tenantId AND n.id = :id', { tenantId: actor.tenantId, id })
      .andWhere(scope.sql, scope.params)
      .getRawOne();
    if (!row) throw onuNotFound();
    return row;
  }

  private async setPppoe(tx: EntityManager, onu: VisibleOnu, ids: string[]): Promise<void> {
    const manual = ids.length > 0;
    await tx.query('UPDATE onu SET pppoe_ids = $2, pppoe_manual = $3, updated_at = now() WHERE id = $1', [
      onu.id,
      manual ? ids : parsePppoeIds(onu.description),
      manual,
    ]);
    // The ids are searched: the OLT's change time moves, as a poll's writes move it, retiring counted searches.
    await tx.query('UPDATE olt SET updated_at = now() WHERE id = $1', [onu.oltId]);
  }

  private async details(
    actor: TenantActor,
    where: string,
    params: Record<string, unknown>,
  ): Promise<OnuDetail[]> {
    const scope = this.access.scope(actor, 'o');
    // 'Previous' is the reading before the current one. Samples are stored only when rx moves 0.5 dB or
    // hourly, so the last poll's reading is often not a sample: the previous one is then the newest
    // sample before that poll. Offline there is no current reading, so it is the newest sample.
    const [sql, values] = this.db.driver.escapeQueryWithParameters(
      `SELECT ${ONU_ROW_COLUMNS.join(', ')}, o.brand AS "oltBrand", o.mode AS "oltMode",
         o.status AS "oltStatus", n.pppoe_manual AS "pppoeManual",
         (SELECT count(*)::int FROM onu x WHERE x.olt_id = n.olt_id AND x.pon_port = n.pon_port) AS "portCount",
         ${isoTime('n.last_down_at')} AS "lastDownAt",
         (SELECT count(*)::int FROM onu_status_event e WHERE e.onu_ref = n.id AND e.to_status = 'offline'
            AND e.occurred_at > now() - make_interval(days => ${DOWN_COUNT_DAYS})) AS "downCount",
         s.previous_rx AS "previousRx", ${isoTime('s.previous_at')} AS "previousAt",
         ${isoTime('s.latest_at')} AS "latestSampleAt",
         (SELECT sum(d.downs)::int FROM session_down_daily d WHERE d.tenant_id = n.tenant_id
            AND d.pppoe_id = ANY(n.pppoe_ids) AND d.day > (now() AT TIME ZONE 'UTC')::date - ${DOWN_COUNT_DAYS}) AS "sessionDowns",
         EXISTS (SELECT 1 FROM session_down_daily d WHERE d.tenant_id = n.tenant_id) AS "hasSessions",
         ${isoTime('ls.received_at')} AS "sessionAt", ls.action AS "sessionAction", ls.ip AS "sessionIp",
         ls.mac AS "sessionMac"
       FROM onu n JOIN olt o ON o.id = n.olt_id
       LEFT JOIN LATERAL (
         SELECT e.received_at, e.action, e.ip, e.mac FROM session_event e
         WHERE e.tenant_id = n.tenant_id AND e.pppoe_id = ANY(n.pppoe_ids)
         ORDER BY e.received_at DESC LIMIT 1) ls ON true
       LEFT JOIN LATERAL (
         SELECT (SELECT max(sampled_at) FROM onu_signal_sample WHERE onu_ref = n.id) AS latest_at,
           p.rx_dbm AS previous_rx, p.sampled_at AS previous_at
         FROM (SELECT 1) one LEFT JOIN LATERAL (
           SELECT rx_dbm, sampled_at FROM onu_signal_sample WHERE onu_ref = n.id
             AND sampled_at < CASE WHEN n.status = 'online' AND n.rx_dbm IS NOT NULL
                                   THEN coalesce(${ONU_LAST_SEEN_SQL}, 'infinity') ELSE 'infinity' END
           ORDER BY sampled_at DESC LIMIT 1) p ON true) s ON true
       WHERE n.tenant_id = :tenantId AND ${scope.sql} AND ${where}
       ORDER BY o.name, n.pon_port, n.onu_id LIMIT 50`,
      { ...scope.params, ...params, tenantId: actor.tenantId },
    );
    const rows: DetailRow[] = await this.db.query(sql, values);
    return rows.map(toDetail);
  }
}

const round2 = (v: number) => Math.round(v * 100) / 100;
