import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import {
  SIGNAL_BANDS,
  type DashboardSummary,
  type SignalBandKey,
  type SignalBandMembers,
} from '@pondesk/contracts';
import type { TenantActor } from '../../common/auth/actor';
import { pageOf, type PageQueryDto } from '../../common/http/page-query.dto';
import { OltAccessService } from '../olts/olt-access.service';

/** SQL condition for one band, built from the same bounds as `signalBand()` so the two cannot disagree. */
export function bandCondition(key: SignalBandKey, column = 'n.rx_dbm'): string {
  const band = SIGNAL_BANDS.find((b) => b.key === key);
  if (!band) throw new Error(`unknown band ${key}`);
  const parts = [`${column} IS NOT NULL`];
  if (band.min !== null) parts.push(`${column} >= ${band.min}`);
  if (band.max !== null) parts.push(`${column} < ${band.max}`);
  return parts.join(' AND ');
}

@Injectable()
export class DashboardService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly access: OltAccessService,
  ) {}

  async summary(actor: TenantActor): Promise<DashboardSummary> {
    const scope = this.access.scope(actor, 'o');
    const [sql, params] = this.db.driver.escapeQueryWithParameters(
      `WITH visible AS (SELECT o.id, o.code, o.name, o.mode, coalesce(o.pon_port_count, 0) AS ports FROM olt o WHERE ${scope.sql}),
       per_olt AS (
         SELECT v.id, count(n.id) AS onus,
           count(*) FILTER (WHERE n.status = 'offline') AS offline,
           count(*) FILTER (WHERE n.rx_dbm <= -24) AS weak,
           count(*) FILTER (WHERE n.rx_dbm <= -28) AS below28,
           count(*) FILTER (WHERE n.rx_dbm <= -30) AS below30,
           ${SIGNAL_BANDS.map((b) => `count(*) FILTER (WHERE ${bandCondition(b.key)}) AS "band_${b.key}"`).join(',\n           ')}
         FROM visible v LEFT JOIN onu n ON n.olt_id = v.id GROUP BY v.id)
       SELECT v.*, p.onus, p.offline, p.weak, p.below28, p.below30, ${SIGNAL_BANDS.map((b) => `p."band_${b.key}"`).join(', ')}
       FROM visible v JOIN per_olt p ON p.id = v.id ORDER BY lower(v.name)`,
      scope.params,
    );
    const olts: Record<string, string | number>[] = await this.db.query(sql, params);
    const [portSql, portParams] = this.db.driver.escapeQueryWithParameters(
      `SELECT n.olt_id, n.pon_port, count(*)::int AS n FROM onu n JOIN olt o ON o.id = n.olt_id WHERE ${scope.sql}
       GROUP BY n.olt_id, n.pon_port ORDER BY n.olt_id, n.pon_port`,
      scope.params,
    );
    const ports: { olt_id: string; pon_port: number; n: number }[] = await this.db.query(portSql, portParams);
    const num = (v: string | number) => Number(v);
    const sum = (k: string) => olts.reduce((a, o) => a + num(o[k]), 0);
    const portsOf = (id: string) =>
      ports.filter((p) => p.olt_id === id).map((p) => ({ ponPort: p.pon_port, count: p.n }));
    const usage = (mode: 'gpon' | 'epon') =>
      olts
        .filter((o) => o.mode === mode)
        .map((o) => ({ oltId: String(o.id), oltName: String(o.name), ports: portsOf(String(o.id)) }));
    return {
      oltCount: olts.length,
      ponPortCount: sum('ports'),
      weakOnuCount: sum('weak'),
      offlineOnuCount: sum('offline'),
      onuCount: sum('onus'),
      bands: SIGNAL_BANDS.map((b) => ({
        key: b.key,
        name: b.name,
        color: b.color,
        description: b.description,
        count: sum(`band_${b.key}`),
      })),
      portUsage: { gpon: usage('gpon'), epon: usage('epon') },
      olts: olts.map((o) => ({
        oltId: String(o.id),
        code: String(o.code),
        name: String(o.name),
        dataPortCount: num(o.ports),
        below28: num(o.below28),
        below30: num(o.below30),
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
      .andWhere(bandCondition(band));
    const total = await base.clone().getCount();
    const rows: {
      id: string;
      olt_id: string;
      olt_name: string;
      pon_port: number;
      onu_id: number;
      if_name: string;
      pppoe_ids: string[];
      rx_dbm: number;
    }[] = await base
      .select([
        'n.id AS id',
        'n.olt_id AS olt_id',
        'o.name AS olt_name',
        'n.pon_port AS pon_port',
        'n.onu_id AS onu_id',
        'n.if_name AS if_name',
        'n.pppoe_ids AS pppoe_ids',
        'n.rx_dbm AS rx_dbm',
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
      items: rows.map((r) => ({
        onuRef: r.id,
        oltId: r.olt_id,
        oltName: r.olt_name,
        ponPort: r.pon_port,
        onuId: r.onu_id,
        ifName: r.if_name,
        pppoeIds: r.pppoe_ids,
        rxDbm: r.rx_dbm,
      })),
    };
  }
}
