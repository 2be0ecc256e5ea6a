import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import {
  ONU_DOWN_REASONS,
  type OnuDownReasonCode,
  type OnuFilters,
  type OnuList,
  type OnuRow,
  type OnuSort,
} from '@pondesk/contracts';
import { ONU_SEARCH_SQL } from '@pondesk/server-database';
import type { TenantActor } from '../../common/auth/actor';
import { likePattern, pageOf } from '../../common/http/page-query.dto';
import { OltAccessService } from '../olts/olt-access.service';
import type { OnuQueryDto } from './dto/onu-query.dto';

/** The expression the trigram index covers (migration OnuSearch); search must use it verbatim. */
export const ONU_SEARCH_EXPR = ONU_SEARCH_SQL('n');

const SORTS: Record<OnuSort, string> = {
  olt: 'o.name, n.pon_port, n.onu_id',
  ponPort: 'n.pon_port, n.onu_id',
  onuId: 'n.onu_id',
  vendor: "coalesce(n.vendor, '')",
  distance: 'n.distance_m',
  description: "lower(coalesce(n.description, ''))",
  status: 'n.status',
  rx: 'n.rx_dbm',
  tx: 'n.tx_dbm',
  lastSeen: 'n.last_seen_at',
};

export interface RawOnu {
  id: string;
  olt_id: string;
  olt_name: string;
  olt_code: string;
  pon_port: number;
  onu_id: number;
  if_name: string;
  mac: string | null;
  serial: string | null;
  description: string | null;
  pppoe_ids: string[];
  status: 'online' | 'offline';
  reason: OnuDownReasonCode | null;
  reason_raw: string | null;
  rx_dbm: number | null;
  tx_dbm: number | null;
  temperature_c: number | null;
  voltage_v: number | null;
  bias_ma: number | null;
  distance_m: number | null;
  vendor: string | null;
  model: string | null;
  last_seen_at: Date | null;
  status_changed_at: Date | null;
}

export const toRow = (r: RawOnu): OnuRow => ({
  id: r.id,
  oltId: r.olt_id,
  oltName: r.olt_name,
  oltCode: r.olt_code,
  ponPort: r.pon_port,
  onuId: r.onu_id,
  ifName: r.if_name,
  mac: r.mac,
  serial: r.serial,
  description: r.description,
  pppoeIds: r.pppoe_ids,
  status: r.status,
  reason: r.reason,
  reasonRaw: r.reason_raw,
  rxDbm: r.rx_dbm,
  txDbm: r.tx_dbm,
  temperatureC: r.temperature_c,
  voltageV: r.voltage_v,
  biasMa: r.bias_ma,
  distanceM: r.distance_m,
  vendor: r.vendor,
  model: r.model,
  lastSeenAt: r.last_seen_at?.toISOString() ?? null,
  statusChangedAt: r.status_changed_at?.toISOString() ?? null,
});

@Injectable()
export class OnusService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly access: OltAccessService,
  ) {}

  async filters(actor: TenantActor): Promise<OnuFilters> {
    const scope = this.access.scope(actor, 'o');
    const [sql, params] = this.db.driver.escapeQueryWithParameters(
      `SELECT o.id, o.code, o.name, o.mode,
         coalesce((SELECT array_agg(DISTINCT n.pon_port ORDER BY n.pon_port) FROM onu n WHERE n.olt_id = o.id), '{}') AS ports
       FROM olt o WHERE ${scope.sql} ORDER BY lower(o.name), o.code`,
      scope.params,
    );
    const rows: { id: string; code: string; name: string; mode: 'epon' | 'gpon'; ports: number[] }[] =
      await this.db.query(sql, params);
    return {
      olts: rows.map((r) => ({ id: r.id, code: r.code, name: r.name, mode: r.mode, ponPorts: r.ports })),
    };
  }

  async list(actor: TenantActor, query: OnuQueryDto): Promise<OnuList> {
    const { page, pageSize, skip } = pageOf(query);
    const scope = this.access.scope(actor, 'o');
    const base = this.db
      .createQueryBuilder()
      .from('onu', 'n')
      .innerJoin('olt', 'o', 'o.id = n.olt_id')
      .where('n.tenant_id = :tenantId', { tenantId: actor.tenantId })
      .andWhere(scope.sql, scope.params);
    if (query.oltId) base.andWhere('n.olt_id = :oltId', { oltId: query.oltId });
    if (query.ponPort !== undefined) base.andWhere('n.pon_port = :ponPort', { ponPort: query.ponPort });
    if (query.search?.trim())
      base.andWhere(`${ONU_SEARCH_EXPR} LIKE :q`, { q: likePattern(query.search.trim().toLowerCase()) });

    // Header counts cover the OLT/port/search filter, before the status and reason filters narrow the rows.
    const countRows: { status: string; reason: string | null; n: string }[] = await base
      .clone()
      .select('n.status', 'status')
      .addSelect('n.reason', 'reason')
      .addSelect('count(*)', 'n')
      .groupBy('n.status')
      .addGroupBy('n.reason')
      .getRawMany();
    const rows = base.clone();
    if (query.status) rows.andWhere('n.status = :status', { status: query.status });
    if (query.reason) rows.andWhere("n.status = 'offline' AND n.reason = :reason", { reason: query.reason });
    const total =
      query.status || query.reason
        ? await rows.clone().getCount()
        : countRows.reduce((a, c) => a + Number(c.n), 0);
    const direction = query.order === 'desc' ? 'DESC' : 'ASC';
    const order = SORTS[query.sort ?? 'olt']
      .split(', ')
      .map((c) => `${c} ${direction} NULLS LAST`)
      .join(', ');
    const items: RawOnu[] = await rows
      .select(['n.*', 'o.name AS olt_name', 'o.code AS olt_code'])
      .orderBy(`${order}, n.id`)
      .offset(skip)
      .limit(pageSize)
      .getRawMany();

    const reasons = Object.fromEntries(ONU_DOWN_REASONS.map((r) => [r, 0])) as Record<
      OnuDownReasonCode,
      number
    >;
    let online = 0;
    let offline = 0;
    for (const c of countRows) {
      const n = Number(c.n);
      if (c.status === 'online') online += n;
      else {
        offline += n;
        reasons[(c.reason ?? 'unknown') as OnuDownReasonCode] += n;
      }
    }
    return {
      items: items.map(toRow),
      total,
      page,
      pageSize,
      counts: { total: online + offline, online, offline, reasons },
    };
  }
}
