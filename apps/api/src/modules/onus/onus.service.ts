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
  ONU_SEEN_ORDER_SQL,
  emptyStatusCounts,
  oltStatsOf,
  preparedQuery,
  storedOltStats,
  type OltOnuStats,
  type OnuStatusCounts,
} from '@pondesk/server-database';
import type { TenantActor } from '../../common/auth/actor';
import { likePattern, pageOf } from '../../common/http/page-query.dto';
import { ExpiringCache } from '../../common/cache/expiring-cache';
import { OltAccessService } from '../../common/olt-access/olt-access.service';
import type { SharedOltScope } from '../../common/share-access/shared-olt-scope';
import type { OnuQueryDto } from './dto/onu-query.dto';
import { ONU_ROW_COLUMNS } from './onu-row.sql';

/**
 * The stored search text (migration OnuSearchText), on `onu` and in the narrow `onu_search` table that
 * carries its trigram index (migration OnuSearchTable).
 */
export const ONU_SEARCH_EXPR = ONU_SEARCH_COLUMN('n');

/**
 * True for the ONUs (`alias`) of tenant `tenant` whose search text matches the LIKE pattern `like`, found
 * through the search table's trigram index (ids as an array: a semi-join would be planned as a scan of
 * every ONU).
 */
export const searchMatches = (alias: string, tenant: string, like: string): string =>
  `${alias}.id = ANY(ARRAY(SELECT s.id FROM onu_search s WHERE s.tenant_id = ${tenant} AND s.search_text LIKE ${like}))`;

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
  lastSeen: [ONU_SEEN_ORDER_SQL('n')],
};

/**
 * At most `gatherAtMost` matches are gathered and sorted rather than found by walking the sort index
 * (settable so that tests on a handful of ONUs can take either path).
 */
export const ONU_LIST_PATHS = { gatherAtMost: 5000 };

/** Sorts whose keys (and indexes) are on the search table `onu_search` (migration OnuListKeys). */
const SEARCH_TABLE_SORTS: ReadonlySet<OnuSort> = new Set([
  'ponPort',
  'onuId',
  'status',
  'vendor',
  'description',
  'distance',
]);

/** Sorts whose keys are never blank (NOT NULL columns): read through one index both ways. */
const NEVER_BLANK: ReadonlySet<OnuSort> = new Set(['ponPort', 'onuId', 'status']);

/** Whose ONUs the lists read: a signed-in user's (through their OLT permissions), or a share link's. */
export type OnuReader = TenantActor | SharedOltScope;

/** An OLT the actor may see, as the ONU list reads it. */
interface VisibleOlt {
  id: string;
  name: string;
  onu_stats: unknown;
  /** When its row (and with it its ONUs' figures) last changed, in epoch ms. */
  version: number;
}

type CountGroup = { oltId: string | null; status: string; reason: string | null; n: string };

/** What any change to these OLTs or their ONUs changes: their number, latest and summed change times. */
function countVersion(olts: readonly VisibleOlt[]): string {
  let latest = 0;
  let sum = 0;
  for (const o of olts) {
    latest = Math.max(latest, o.version);
    sum += o.version;
  }
  return `${olts.length}:${latest}:${sum}`;
}

/**
 * Counted searches and signal bands kept per API process: each key holds the OLTs' change times, so a
 * poll landing retires it; the time limit covers changes that do not touch the OLT row.
 */
const COUNT_CACHE = { entries: 500, ttlMs: 30_000 };

@Injectable()
export class OnusService {
  private readonly counted = new ExpiringCache<CountGroup[]>(COUNT_CACHE.entries, COUNT_CACHE.ttlMs);

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly access: OltAccessService,
  ) {}

  async filters(actor: OnuReader): Promise<OnuFilters> {
    const scope = this.oltScope(actor, 'o');
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
   * The SQL condition on OLTs (`alias`) a reader may see: a user's through their permissions (exactly
   * as every other OLT-scoped query), a share link's as its tenant's shown OLTs, limited to its list.
   */
  private oltScope(actor: OnuReader, alias: string): { sql: string; params: Record<string, unknown> } {
    if (actor.kind === 'tenant') return this.access.scope(actor, alias);
    const tenant = `${alias}.tenant_id = :scopeTenantId AND ${alias}.show = true`;
    if (actor.oltIds === null) return { sql: tenant, params: { scopeTenantId: actor.tenantId } };
    return {
      sql: `${tenant} AND ${alias}.id = ANY(:scopeOltIds)`,
      params: { scopeTenantId: actor.tenantId, scopeOltIds: actor.oltIds },
    };
  }

  /**
   * One page of ONUs with the header counts. Counts come from the OLTs' figures (kept by every writer
   * of their ONUs) unless a search narrows the ONUs; the default order (OLT, port, ONU) reads only the
   * OLTs the page falls in, through the (olt, port, onu) index.
   */
  async list(actor: OnuReader, query: OnuQueryDto): Promise<OnuList> {
    const { page, pageSize, skip } = pageOf(query);
    const search = query.search?.trim() ?? '';
    const { olts, all } = await this.visibleOlts(actor, query);
    // Unless the actor sees every ONU of the tenant, the ONUs are limited to their OLTs by id: the
    // queries then read the onu table alone, with no join to sift OLTs row by row.
    const visible = all ? undefined : olts.map((o) => o.id);
    // A search or signal filter narrows the ONUs themselves, so only then are they counted here, per OLT.
    const stats = search || query.signal ? null : await oltStatsOf(this.db, olts);
    // The OLT order pages through the OLTs by their counts, so only it needs a count per OLT.
    const byOlt = (query.sort ?? 'olt') === 'olt';
    const perOlt = stats
      ? stats.map((st) => countsOf(st, query.ponPort))
      : olts.length
        ? await this.countOnus(actor, query, olts, byOlt, visible)
        : [];
    const counts = addCounts(perOlt);
    const total = filteredTotal(counts, query);

    let items: OnuRow[] = [];
    if (byOlt) {
      // The OLTs in display order, each with its number of matching ONUs: the page spans a few of them.
      const groups = olts.map((o, i) => ({ id: o.id, n: perOlt[i] ? filteredTotal(perOlt[i], query) : 0 }));
      const window = pageWindow(query.order === 'desc' ? groups.reverse() : groups, skip, pageSize);
      if (window.ids.length)
        items = await this.rows(actor, query, { oltIds: window.ids, skip: window.skip, pageSize });
    } else if (olts.length) items = await this.rows(actor, query, { skip, pageSize, total, oltIds: visible });

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
   * stored figures the list reads: the OLT's status counts, and one port's (`ponPort`). An OLT's whole
   * figures run to a few KB; 200 of them on every request cost more than the page itself. `all`: every
   * OLT of the tenant is there (none hidden, none withheld), so the ONUs need no limit by OLT.
   */
  private async visibleOlts(
    actor: OnuReader,
    query: Pick<OnuQueryDto, 'oltId' | 'ponPort'>,
  ): Promise<{ olts: VisibleOlt[]; all: boolean }> {
    const seesAll = actor.kind === 'tenant' ? this.access.seesAll(actor) : actor.oltIds === null;
    const scope = seesAll
      ? { sql: 'o.tenant_id = :scopeTenantId', params: { scopeTenantId: actor.tenantId } }
      : this.oltScope(actor, 'o');
    // Only the status counts: the dashboard's figures (bands, weak counts) and the ports stay behind.
    const counts = `(o.onu_stats - '{ports,bands,weak24,below28,below30}'::text[])`;
    const stats =
      query.ponPort === undefined
        ? counts
        : `${counts} || jsonb_strip_nulls(jsonb_build_object('ports', jsonb_build_object(CAST(:port AS text), o.onu_stats->'ports'->CAST(:port AS text))))`;
    const [sql, params] = this.db.driver.escapeQueryWithParameters(
      `SELECT o.id, o.name, o.show, ${stats} AS onu_stats, floor(extract(epoch FROM o.updated_at) * 1000)::float8 AS version FROM olt o WHERE ${scope.sql} ${query.oltId ? 'AND o.id = :oltId' : ''}
       ORDER BY o.name, o.id`,
      { ...scope.params, oltId: query.oltId, port: query.ponPort },
    );
    // Run on every list request, in a handful of shapes: prepared, so each connection plans each once.
    const rows = await preparedQuery<VisibleOlt & { show: boolean }>(this.db, sql, params);
    const olts = rows.filter((r) => r.show);
    return { olts, all: seesAll && !query.oltId && olts.length === rows.length };
  }

  /**
   * The conditions on the ONUs themselves (`n`): tenant, OLTs (`oltIds`, when the actor does not see
   * them all), the query's OLT and port, search and signal band; with `status`, its status and reason.
   * `sql` holds them all; `own`, all but the signal band, reads only columns the narrow search table
   * `onu_search` has too, under the same names.
   */
  private where(
    actor: OnuReader,
    query: OnuQueryDto,
    oltIds: string[] | undefined,
    status: boolean,
  ): { sql: string; own: string; signal: string | null; params: Record<string, unknown> } {
    const own = ['n.tenant_id = :tenantId'];
    const params: Record<string, unknown> = { tenantId: actor.tenantId };
    if (oltIds) {
      own.push('n.olt_id = ANY(:oltIds)');
      params.oltIds = oltIds;
    }
    if (query.oltId) {
      own.push('n.olt_id = :oltId');
      params.oltId = query.oltId;
    }
    if (query.ponPort !== undefined) {
      own.push('n.pon_port = :ponPort');
      params.ponPort = query.ponPort;
    }
    const search = query.search?.trim();
    if (search) {
      own.push(`${ONU_SEARCH_EXPR} LIKE :q`);
      params.q = likePattern(search.toLowerCase());
    }
    if (status && query.status) {
      own.push('n.status = :status');
      params.status = query.status;
    }
    if (status && query.reason) {
      own.push("n.status = 'offline' AND n.reason = :reason");
      params.reason = query.reason;
    }
    const signal = query.signal ? rxAtOrBelowSql('n.rx_dbm', RX_THRESHOLDS_DBM[query.signal]) : null;
    const sql = own.join(' AND ');
    return { sql: signal ? `${sql} AND ${signal}` : sql, own: sql, signal, params };
  }

  /**
   * Header counts of a search or signal filter, counted from the matching ONUs: with `perOlt` one per
   * OLT of `olts` (in its order), else one for them all.
   */
  private async countOnus(
    actor: OnuReader,
    query: OnuQueryDto,
    olts: readonly VisibleOlt[],
    perOlt: boolean,
    oltIds?: string[],
  ): Promise<OnuStatusCounts[]> {
    const where = this.where(actor, query, oltIds, false);
    // A search alone is counted from the narrow search table; a signal band needs the ONUs' readings.
    const table = query.signal ? 'onu' : 'onu_search';
    const [sql, params] = this.db.driver.escapeQueryWithParameters(
      `SELECT ${perOlt ? 'n.olt_id' : 'NULL'} AS "oltId", n.status, n.reason, count(*) AS n FROM ${table} n
       WHERE ${where.sql} GROUP BY ${perOlt ? 'n.olt_id, ' : ''}n.status, n.reason`,
      where.params,
    );
    // Counting a broad search reads thousands of rows; paging and sorting the same search count it again
    // only once one of its OLTs has changed (every write of an OLT's ONUs moves its `updated_at`).
    const key = `${countVersion(olts)} ${sql} ${JSON.stringify(params)}`;
    let groups = this.counted.get(key);
    if (!groups) {
      groups = (await this.db.query(sql, params)) as CountGroup[];
      this.counted.set(key, groups);
    }
    const all = emptyStatusCounts();
    const byOlt = new Map((perOlt ? olts : []).map((o) => [o.id, emptyStatusCounts()]));
    for (const g of groups) {
      const counts = g.oltId === null ? all : byOlt.get(g.oltId);
      if (!counts) continue;
      const n = Number(g.n);
      counts.total += n;
      if (g.status === 'online') counts.online += n;
      else counts.reasons[(g.reason ?? 'unknown') as OnuDownReasonCode] += n;
    }
    return perOlt ? [...byOlt.values()] : [all];
  }

  /**
   * One page in the chosen order, in one statement: the page's ids are picked first, reading the ONUs'
   * sort index alone (only the OLT order joins the OLTs), and only those rows are then read whole. A
   * page in the second half of the list (whose size `total` is known) is picked from the far end in the
   * reverse order, through the same index backwards, and turned round: the last page of 100,000 ONUs
   * skips a few entries instead of 99,900.
   */
  private async rows(
    actor: OnuReader,
    query: OnuQueryDto,
    at: { skip: number; pageSize: number; oltIds?: string[]; total?: number },
  ): Promise<OnuRow[]> {
    const where = this.where(actor, query, at.oltIds, true);
    const desc = query.order === 'desc';
    const sort = query.sort ?? 'olt';
    const keys = SORTS[sort];
    const total = at.total;
    const fromEnd = total !== undefined && at.skip * 2 > total;
    let offset = at.skip;
    let limit = at.pageSize;
    if (fromEnd) {
      limit = Math.min(at.pageSize, total - at.skip);
      if (limit <= 0) return [];
      offset = total - at.skip - limit;
    }
    // Blanks last and ties by id, either way round; read from the far end, exactly the reverse. Keys that
    // are never blank tie by id in the sort's own direction, so one index serves both directions.
    const mirror = NEVER_BLANK.has(sort);
    const dir = (down: boolean) => (down ? 'DESC' : 'ASC');
    const down = desc !== fromEnd;
    const blanks = mirror ? '' : ` NULLS ${fromEnd ? 'FIRST' : 'LAST'}`;
    const order = `${keys.map((c) => `${c} ${dir(down)}${blanks}`).join(', ')}, n.id ${dir(mirror ? down : fromEnd)}`;
    const join = sort === 'olt' ? 'JOIN olt o ON o.id = n.olt_id' : '';
    // The page's ids come from the table that holds the sort's keys and their indexes: the search table
    // for what seldom changes, the ONUs for their readings (and for any signal band filter).
    const table = !join && !where.signal && SEARCH_TABLE_SORTS.has(sort) ? 'onu_search' : 'onu';
    let from = `${table} n ${join} WHERE ${where.sql}`;
    // A few thousand matches (a user's few OLTs, a status, a narrow search) are gathered through the
    // filter's own index and sorted: walking the sort index would step over the whole tenant's ONUs to
    // find them. The subquery's OFFSET 0 keeps the planner from walking the sort index anyway. Sorting
    // readings, a search finds its ONUs' ids in the search table, then the ONUs by id (as an array: a
    // semi-join would be planned as a scan of every ONU).
    if (!join && total !== undefined && total <= ONU_LIST_PATHS.gatherAtMost) {
      const signal = where.signal ? ` AND ${where.signal}` : '';
      from =
        table === 'onu' && query.search?.trim()
          ? `(SELECT * FROM onu n WHERE n.id = ANY(ARRAY(SELECT n.id FROM onu_search n WHERE ${where.own}))${signal} OFFSET 0) n`
          : `(SELECT * FROM ${table} n WHERE ${where.sql} OFFSET 0) n`;
    }
    const [sql, params] = this.db.driver.escapeQueryWithParameters(
      `SELECT ${ONU_ROW_COLUMNS.join(', ')}
       FROM unnest(ARRAY(SELECT n.id FROM ${from} ORDER BY ${order} OFFSET :offset LIMIT :limit))
         WITH ORDINALITY AS page(id, i)
       JOIN onu n ON n.id = page.id JOIN olt o ON o.id = n.olt_id
       ORDER BY page.i ${fromEnd ? 'DESC' : 'ASC'}`,
      { ...where.params, offset, limit },
    );
    return this.db.query(sql, params);
  }
}

/** These counts added up. */
export function addCounts(counts: readonly (OnuStatusCounts | undefined)[]): OnuStatusCounts {
  const out = emptyStatusCounts();
  for (const c of counts) {
    if (!c) continue;
    out.total += c.total;
    out.online += c.online;
    for (const r of ONU_DOWN_REASONS) out.reasons[r] += c.reasons[r] ?? 0;
  }
  return out;
}

/** An OLT's counts, or one PON port's (none when the OLT has no such port). */
export const countsOf = (stats: OltOnuStats, ponPort?: number): OnuStatusCounts | undefined =>
  ponPort === undefined ? stats : stats.ports[String(ponPort)];

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
