import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import {
  POP_OUTAGE_PAGE_SIZE,
  type PopOutageList,
  type PopOutageRow,
  type PopOutageSort,
  type PopSourceType,
} from '@pondesk/contracts';
import type { TenantActor } from '../../common/auth/actor';
import { likePattern } from '../../common/http/page-query.dto';
import type { PopOutageQueryDto } from './dto/pop-outage-query.dto';
import { iso } from './monitor-shared';

interface OutageSqlRow {
  id: string;
  source_id: string;
  pop_id: string;
  pop_name: string;
  ip: string;
  type: PopSourceType;
  down_at: Date;
  up_at: Date | null;
  down_minutes: number;
}

/**
 * The POP of an outage as it was recorded; should that POP be gone (the source moved, then its old POP
 * was deleted), the source's present POP.
 */
const POP_NAME = 'coalesce(p.name, sp.name)';
/** Whole minutes down, up to now while the outage goes on. */
const DOWN_MINUTES = `floor(extract(epoch FROM (coalesce(o.up_at, now()) - o.down_at)) / 60)::int`;

const SORT_KEYS: Record<PopOutageSort, string> = {
  downAt: 'o.down_at',
  upAt: 'o.up_at',
  downMinutes: DOWN_MINUTES,
  ip: 'o.ip::inet',
  popName: `lower(${POP_NAME})`,
};
/** Each column's first order: the latest and longest first, addresses and names from A. */
const FIRST_ORDER: Record<PopOutageSort, 'asc' | 'desc'> = {
  downAt: 'desc',
  upAt: 'desc',
  downMinutes: 'desc',
  ip: 'asc',
  popName: 'asc',
};

/** The Pop Log: the account's power outages, newest first by default, paged on the server. */
@Injectable()
export class PopOutagesService {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async list(actor: TenantActor, query: PopOutageQueryDto): Promise<PopOutageList> {
    const page = query.page ?? 1;
    const pageSize = query.pageSize ?? POP_OUTAGE_PAGE_SIZE;
    const params: unknown[] = [actor.tenantId];
    const add = (value: unknown) => `$${params.push(value)}`;
    const where = ['o.tenant_id = $1'];
    if (query.popId) where.push(`o.pop_id = ${add(query.popId)}`);
    if (query.from) where.push(`o.down_at >= ${add(new Date(query.from))}`);
    if (query.to) where.push(`o.down_at <= ${add(new Date(query.to))}`);
    const term = query.search?.trim();
    if (term) {
      const pattern = add(likePattern(term));
      where.push(`(o.ip ILIKE ${pattern} OR ${POP_NAME} ILIKE ${pattern})`);
    }
    const source = `FROM pop_outage o
      JOIN pop_source s ON s.id = o.source_id
      LEFT JOIN pop p ON p.id = o.pop_id AND p.tenant_id = o.tenant_id
      LEFT JOIN pop sp ON sp.id = s.pop_id
      WHERE ${where.join(' AND ')}`;
    const filters = [...params];
    const sort = query.sort ?? 'downAt';
    const dir = (query.order ?? FIRST_ORDER[sort]) === 'asc' ? 'ASC' : 'DESC';
    // Blanks (an outage still going on has no up time) last both ways; then newest first, stably.
    const order = `${SORT_KEYS[sort]} ${dir} NULLS LAST, o.down_at DESC, o.id DESC`;
    const rowsSql = `SELECT o.id, o.source_id, o.pop_id, ${POP_NAME} AS pop_name, o.ip, o.type, o.down_at,
        o.up_at, ${DOWN_MINUTES} AS down_minutes
      ${source} ORDER BY ${order} LIMIT ${add(pageSize)} OFFSET ${add((page - 1) * pageSize)}`;
    const [rows, [{ n }]]: [OutageSqlRow[], { n: number }[]] = await Promise.all([
      this.db.query(rowsSql, params),
      this.db.query(`SELECT count(*)::int AS n ${source}`, filters),
    ]);
    return { items: rows.map(toRow), total: n, page, pageSize };
  }
}

function toRow(r: OutageSqlRow): PopOutageRow {
  return {
    id: r.id,
    sourceId: r.source_id,
    popId: r.pop_id,
    popName: r.pop_name ?? '',
    ip: r.ip,
    type: r.type,
    downAt: r.down_at.toISOString(),
    upAt: iso(r.up_at),
    downMinutes: r.down_minutes,
  };
}
