import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import {
  SIGNAL_BANDS,
  signalBandSql,
  type DashboardSummary,
  type DegradingOnu,
  type DegradingOnuList,
  type SignalBandKey,
  type SignalBandMembers,
  type OltModeCode,
} from '@pondesk/contracts';
import { oltStatsOf, type OltOnuStats } from '@pondesk/server-database';
import type { TenantActor } from '../../common/auth/actor';
import { pageOf, type PageQueryDto } from '../../common/http/page-query.dto';
import { OltAccessService } from '../../common/olt-access/olt-access.service';

@Injectable()
export class DashboardService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly access: OltAccessService,
  ) {}

  /**
   * Read from the OLT rows' stored figures (kept by every writer of their ONUs), so it costs the same
   * with 100 ONUs or 100,000; an OLT not polled since those figures came is counted from its ONUs.
   */
  async summary(actor: TenantActor): Promise<DashboardSummary> {
    const scope = this.access.scope(actor, 'o');
    const [sql, params] = this.db.driver.escapeQueryWithParameters(
      `SELECT o.id, o.code, o.name, o.mode, coalesce(o.pon_port_count, 0) AS ports, o.onu_stats
       FROM olt o WHERE ${scope.sql} ORDER BY lower(o.name), o.id`,
      scope.params,
    );
    const olts: {
      id: string;
      code: string;
      name: string;
      mode: OltModeCode;
      ports: number;
      onu_stats: unknown;
    }[] = await this.db.query(sql, params);
    const stats = await oltStatsOf(this.db, olts);
    const sum = (pick: (s: OltOnuStats) => number) => stats.reduce((a, s) => a + pick(s), 0);
    const usage = (mode: OltModeCode) =>
      olts.flatMap((o, i) =>
        o.mode === mode
          ? [
              {
                oltId: o.id,
                oltName: o.name,
                ports: Object.entries(stats[i].ports)
                  .map(([p, c]) => ({ ponPort: Number(p), count: c.total }))
                  .sort((a, b) => a.ponPort - b.ponPort),
              },
            ]
          : [],
      );
    return {
      oltCount: olts.length,
      ponPortCount: olts.reduce((a, o) => a + Number(o.ports), 0),
      weakOnuCount: sum((s) => s.weak24),
      offlineOnuCount: sum((s) => s.total - s.online),
      onuCount: sum((s) => s.total),
      bands: SIGNAL_BANDS.map((b) => ({
        key: b.key,
        name: b.name,
        color: b.color,
        description: b.description,
        count: sum((s) => s.bands[b.key] ?? 0),
      })),
      portUsage: { gpon: usage('gpon'), epon: usage('epon') },
      olts: olts.map((o, i) => ({
        oltId: o.id,
        code: o.code,
        name: o.name,
        dataPortCount: Number(o.ports),
        below28: stats[i].below28,
        below30: stats[i].below30,
      })),
    };
  }

  async band(actor: TenantActor, band: SignalBandKey, query: PageQueryDto): Promise<SignalBandMembers> {
    const { page, pageSize, skip } = pageOf(query);
    const scope = this.access.scope(actor, 'o');
    const base = this.db
      .createQueryBuilder()
      .from('onu', 'n')
      .innerJoin('olt', 'o', 'o.id = n.olt_id')
      .where(scope.sql, scope.params)
      .andWhere(signalBandSql(band, 'n.rx_dbm'));
    const total = await base.clone().getCount();
    const items: SignalBandMembers['items'] = await base
      .select([
        'n.id AS "onuRef"',
        'n.olt_id AS "oltId"',
        'o.name AS "oltName"',
        'n.pon_port AS "ponPort"',
        'n.onu_id AS "onuId"',
        'n.if_name AS "ifName"',
        'n.pppoe_ids AS "pppoeIds"',
        'n.rx_dbm AS "rxDbm"',
      ])
      .orderBy('n.rx_dbm', 'ASC')
      .addOrderBy('n.id')
      .offset(skip)
      .limit(pageSize)
      .getRawMany();
    return {
      band,
      total,
      page,
      pageSize,
      items,
    };
  }

  /**
   * The ONUs the daily signal-trend job last found degrading (it replaces a tenant's rows whole, so every
   * row is of its newest run), on the OLTs the actor may see, fastest decline first.
   */
  async degrading(actor: TenantActor, query: PageQueryDto & { oltId?: string }): Promise<DegradingOnuList> {
    const { page, pageSize, skip } = pageOf(query);
    const scope = this.access.scope(actor, 'o');
    const base = this.db
      .createQueryBuilder()
      .from('onu_degradation', 'd')
      .innerJoin('olt', 'o', 'o.id = d.olt_id')
      .innerJoin('onu', 'n', 'n.id = d.onu_ref')
      .where(scope.sql, scope.params)
      .andWhere('d.tenant_id = :degradingTenant', { degradingTenant: actor.tenantId });
    if (query.oltId) base.andWhere('d.olt_id = :degradingOlt', { degradingOlt: query.oltId });
    const total = await base.clone().getCount();
    const rows: (Omit<DegradingOnu, 'computedAt' | 'projectedCrossingOn'> & {
      computedAt: Date;
      projectedCrossingOn: string | null;
    })[] = await base
      .select([
        'd.onu_ref AS "onuRef"',
        'd.olt_id AS "oltId"',
        'o.name AS "oltName"',
        'n.pon_port AS "ponPort"',
        'n.onu_id AS "onuId"',
        'n.if_name AS "ifName"',
        'n.description AS "description"',
        'd.rx_dbm AS "rxDbm"',
        'd.slope_db_per_day AS "slopeDbPerDay"',
        `to_char(d.projected_crossing_on, 'YYYY-MM-DD') AS "projectedCrossingOn"`,
        'd.computed_at AS "computedAt"',
      ])
      .orderBy('d.slope_db_per_day', 'ASC')
      .addOrderBy('d.onu_ref')
      .offset(skip)
      .limit(pageSize)
      .getRawMany();
    return {
      total,
      page,
      pageSize,
      items: rows.map((r) => ({ ...r, computedAt: new Date(r.computedAt).toISOString() })),
    };
  }
}
