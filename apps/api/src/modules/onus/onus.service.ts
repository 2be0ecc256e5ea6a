import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import {
  ONU_DOWN_REASONS,
  RX_THRESHOLDS_DBM,
  rxAtOrBelowSql,
  type OnuDownReasonCode,
  type OnuFilters,
  type OnuList,
  type OnuRow,
  type OnuSort,
  type OltModeCode,
} from '@pondesk/contracts';
import {
  ONU_SEARCH_COLUMN,
  emptyStatusCounts,
  oltStatsOf,
  storedOltStats,
  type OltOnuStats,
  type OnuStatusCounts,
} from '@pondesk/server-database';
import type { TenantActor } from '../../common/auth/actor';
import { likePattern, pageOf } from '../../common/http/page-query.dto';
import { OltAccessService } from '../../common/olt-access/olt-access.service';
import type { OnuQueryDto } from './dto/onu-query.dto';
import { ONU_LAST_SEEN_SQL, ONU_ROW_COLUMNS } from './onu-row.sql';

/** The stored search text the trigram index covers (migration OnuSearchText). */
export const ONU_SEARCH_EXPR = ONU_SEARCH_COLUMN('n');

/**
 * Each sort is a list of whole SQL expressions (never one string to split: an expression such as
 * `nullif(x, '')` holds commas of its own); each gets the chosen direction with blanks last.
 */
const SORTS: Record<OnuSort, readonly string[]> = {
  // Rows of one OLT stay together even when two OLTs share a name.
  olt: ['o.name', 'o.id', 'n.pon_port', 'n.onu_id'],
  ponPort: ['n.pon_port', 'n.onu_id'],
  onuId: ['n.onu_id'],
  vendor: ["nullif(lower(n.vendor), '')"],
  distance: ['n.distance_m'],
  description: ["nullif(lower(n.description), '')"],
  status: ['n.status'],
  rx: ['n.rx_dbm'],
  tx: ['n.tx_dbm'],
  lastSeen: [ONU_LAST_SEEN_SQL],
};

@Injectable()
export class OnusService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly access: OltAccessService,
  ) {}

  async filters(actor: TenantActor): Promise<OnuFilters> {
    const scope = this.access.scope(actor, 'o');
    const [sql, params] = this.db.driver.escapeQueryWithParameters(
      `SELECT o.id, o.code, o.name, o.mode, o.onu_stats FROM olt o WHERE ${scope.sql} ORDER BY lower(o.name), o.code`,
      scope.params,
    );
    const rows: { id: string; code: string; name: string; mode: OltModeCode; onu_stats: unknown }[] =
      await this.db.query(sql, params);
    const ports = async (r: (typeof rows)[number]): Promise<number[]> => {
      const stats = storedOltStats(r.onu_stats);
      if (stats)
        return Object.keys(stats.ports)
          .map(Number)
          .sort((a, b) => a - b);
      const found: { p: number }[] = await this.db.query(
        'SELECT DISTINCT pon_port AS p FROM onu WHERE olt_id = $1 ORDER BY 1',
        [r.id],
      );
      return found.map((f) => f.p);
    };
    return {
      olts: await Promise.all(
        rows.map(async (r) => ({
          id: r.id,
          code: r.code,
          name: r.name,
          mode: r.mode,
          ponPorts: await ports(r),
        })),
      ),
    };
  }

  /**
   * One page of ONUs with the header counts. Counts come from the OLTs' figures (kept by every writer
   * of their ONUs) unless a search narrows the ONUs; the default order (OLT, port, ONU) reads only the
   * OLTs the page falls in, through the (olt, port, onu) index.
   */
  async list(actor: TenantActor, query: OnuQueryDto): Promise<OnuList> {
    const { page, pageSize, skip } = pageOf(query);
    const search = query.search?.trim() ?? '';
    const olts = await this.visibleOlts(actor, query);
    // A user limited to a few OLTs: their ONUs are found through the OLT index, not sifted from all.
    const visible = this.access.seesAll(actor) ? undefined : olts.map((o) => o.id);
    // A search or signal filter narrows the ONUs themselves, so only then are they counted here.
    const stats = search || query.signal ? null : await oltStatsOf(this.db, olts);
    const counts = stats ? sumCounts(stats, query.ponPort) : await this.countOnus(actor, query, visible);
    const total = filteredTotal(counts, query);

    let items: OnuRow[];
    if (stats && (query.sort ?? 'olt') === 'olt') {
      // The OLTs in display order, each with its number of matching ONUs: the page spans a few of them.
      const groups = olts.map((o, i) => ({
        id: o.id,
        n: filteredTotal(sumCounts([stats[i]], query.ponPort), query),
      }));
      const window = pageWindow(query.order === 'desc' ? groups.reverse() : groups, skip, pageSize);
      items = window.ids.length
        ? await this.rows(actor, query, { oltIds: window.ids, skip: window.skip, pageSize })
        : [];
    } else items = await this.rows(actor, query, { skip, pageSize, total, oltIds: visible });

    return {
      items,
      total,
      page,
      pageSize,
      counts: {
        total: counts.total,
        online: counts.online,
        offline: counts.total - counts.online,
        reasons: counts.reasons,
      },
    };
  }

  /**
   * The OLTs the actor may see (one, with `oltId`), in the lists' OLT order, with the part of their
   * stored figures the list reads: the OLT's counts, or one port's (`ponPort`). An OLT's whole figures
   * run to a few KB; 200 of them on every request cost more than the page itself.
   */
  private async visibleOlts(
    actor: TenantActor,
    query: Pick<OnuQueryDto, 'oltId' | 'ponPort'>,
  ): Promise<{ id: string; name: string; onu_stats: unknown }[]> {
    const scope = this.access.scope(actor, 'o');
    const stats =
      query.ponPort === undefined
        ? `o.onu_stats - 'ports'`
        : `(o.onu_stats - 'ports') || jsonb_strip_nulls(jsonb_build_object('ports', jsonb_build_object(CAST(:port AS text), o.onu_stats->'ports'->CAST(:port AS text))))`;
    const [sql, params] = this.db.driver.escapeQueryWithParameters(
      `SELECT o.id, o.name, ${stats} AS onu_stats FROM olt o WHERE ${scope.sql} ${query.oltId ? 'AND o.id = :oltId' : ''}
       ORDER BY o.name, o.id`,
      { ...scope.params, oltId: query.oltId, port: query.ponPort },
    );
    return this.db.query(sql, params);
  }

  private base(actor: TenantActor, query: OnuQueryDto, oltIds?: string[]) {
    const scope = this.access.scope(actor, 'o');
    const base = this.db
      .createQueryBuilder()
      .from('onu', 'n')
      .innerJoin('olt', 'o', 'o.id = n.olt_id')
      .where('n.tenant_id = :tenantId', { tenantId: actor.tenantId })
      .andWhere(scope.sql, scope.params);
    if (query.oltId) base.andWhere('n.olt_id = :oltId', { oltId: query.oltId });
    if (oltIds) base.andWhere('n.olt_id = ANY(:oltIds)', { oltIds });
    if (query.ponPort !== undefined) base.andWhere('n.pon_port = :ponPort', { ponPort: query.ponPort });
    const search = query.search?.trim();
    if (search) base.andWhere(`${ONU_SEARCH_EXPR} LIKE :q`, { q: likePattern(search.toLowerCase()) });
    if (query.signal) base.andWhere(rxAtOrBelowSql('n.rx_dbm', RX_THRESHOLDS_DBM[query.signal]));
    return base;
  }

  /** Header counts of a search or signal filter, counted from the matching ONUs. */
  private async countOnus(
    actor: TenantActor,
    query: OnuQueryDto,
    oltIds?: string[],
  ): Promise<OnuStatusCounts> {
    const groups: { status: string; reason: string | null; n: string }[] = await this.base(
      actor,
      query,
      oltIds,
    )
      .select('n.status', 'status')
      .addSelect('n.reason', 'reason')
      .addSelect('count(*)', 'n')
      .groupBy('n.status')
      .addGroupBy('n.reason')
      .getRawMany();
    const counts = emptyStatusCounts();
    for (const g of groups) {
      const n = Number(g.n);
      counts.total += n;
      if (g.status === 'online') counts.online += n;
      else counts.reasons[(g.reason ?? 'unknown') as OnuDownReasonCode] += n;
    }
    return counts;
  }

  /**
   * One page in the chosen order. A page in the second half of the list (whose size `total` is known) is
   * read from the far end in the reverse order, through the same index backwards, and turned round: the
   * last page of 100,000 ONUs skips a few rows instead of 99,900.
   */
  private async rows(
    actor: TenantActor,
    query: OnuQueryDto,
    at: { skip: number; pageSize: number; oltIds?: string[]; total?: number },
  ): Promise<OnuRow[]> {
    const rows = this.base(actor, query, at.oltIds);
    if (query.status) rows.andWhere('n.status = :status', { status: query.status });
    if (query.reason) rows.andWhere("n.status = 'offline' AND n.reason = :reason", { reason: query.reason });
    const desc = query.order === 'desc';
    const keys = SORTS[query.sort ?? 'olt'];
    const total = at.total;
    if (total !== undefined && at.skip * 2 > total) {
      const size = Math.min(at.pageSize, total - at.skip);
      if (size <= 0) return [];
      const reversed = keys.map((c) => `${c} ${desc ? 'ASC' : 'DESC'} NULLS FIRST`).join(', ');
      const page: OnuRow[] = await rows
        .select(ONU_ROW_COLUMNS)
        // TypeORM gives the last key the direction it is passed.
        .orderBy(`${reversed}, n.id`, 'DESC')
        .offset(total - at.skip - size)
        .limit(size)
        .getRawMany();
      return page.reverse();
    }
    const order = keys.map((c) => `${c} ${desc ? 'DESC' : 'ASC'} NULLS LAST`).join(', ');
    return rows
      .select(ONU_ROW_COLUMNS)
      .orderBy(`${order}, n.id`)
      .offset(at.skip)
      .limit(at.pageSize)
      .getRawMany();
  }
}

/** The header counts of these OLTs, or of one PON port of each. */
export function sumCounts(stats: OltOnuStats[], ponPort?: number): OnuStatusCounts {
  const out = emptyStatusCounts();
  for (const s of stats) {
    const c = ponPort === undefined ? s : s.ports[String(ponPort)];
    if (!c) continue;
    out.total += c.total;
    out.online += c.online;
    for (const r of ONU_DOWN_REASONS) out.reasons[r] += c.reasons[r] ?? 0;
  }
  return out;
}

/** How many ONUs the status and reason filters leave of these counts. */
export function filteredTotal(c: OnuStatusCounts, q: Pick<OnuQueryDto, 'status' | 'reason'>): number {
  const offline = c.total - c.online;
  if (q.reason) return q.status === 'online' ? 0 : (c.reasons[q.reason] ?? 0);
  if (q.status === 'online') return c.online;
  if (q.status === 'offline') return offline;
  return c.total;
}

/** Which consecutive groups (in order, with their sizes) hold rows [skip, skip + size), and where in the first. */
export function pageWindow(
  groups: { id: string; n: number }[],
  skip: number,
  size: number,
): { ids: string[]; skip: number } {
  const ids: string[] = [];
  let start = 0;
  let first = 0;
  for (const g of groups) {
    const end = start + g.n;
    if (g.n > 0 && end > skip && start < skip + size) {
      if (!ids.length) first = skip - start;
      ids.push(g.id);
    }
    start = end;
    if (start >= skip + size) break;
  }
  return { ids, skip: Math.max(0, first) };
}
