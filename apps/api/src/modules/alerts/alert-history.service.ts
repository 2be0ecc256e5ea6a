import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type {
  AlertChannelKind,
  AlertDelivery,
  AlertDeliveryStatus,
  AlertHistory,
  AlertKind,
  AlertPhase,
  AlertRow,
  AlertState,
  AlertTargetType,
} from '@pondesk/contracts';
import { AlertEntity } from '@pondesk/server-database';
import type { TenantActor } from '../../common/auth/actor';
import { pageOf } from '../../common/http/page-query.dto';
import { OltAccessService } from '../../common/olt-access/olt-access.service';
import { AuditService } from '../audit/audit.service';
import { alertNotFound } from './alerts.exception';
import type { AlertHistoryQueryDto } from './dto/alert-history-query.dto';

/** A delivery whose channel was deleted keeps its status; the channel's name is gone with it. */
export const DELETED_CHANNEL_NAME = 'Deleted channel';
/**
 * The kind shown for a deleted channel's deliveries: the row that knew it is gone, and the contract's
 * `channelKind` cannot be empty.
 */
const DELETED_CHANNEL_KIND: AlertChannelKind = 'webhook';

interface AlertRaw {
  id: string;
  kind: AlertKind;
  state: AlertState;
  title: string;
  detail: Record<string, unknown>;
  olt_id: string | null;
  olt_name: string | null;
  pon_port: number | null;
  target_type: AlertTargetType | null;
  target_id: string | null;
  target_name: string | null;
  opened_at: Date;
  resolved_at: Date | null;
  silenced: boolean;
  acknowledged_at: Date | null;
  acknowledged_by: string | null;
}

interface DeliveryRaw {
  alert_id: string;
  channel_id: string;
  channel_name: string | null;
  channel_kind: AlertChannelKind | null;
  phase: AlertPhase;
  status: AlertDeliveryStatus;
  attempts: number;
  last_error: string | null;
  delivered_at: Date | null;
}

const ALERT_COLUMNS = `a.id::text AS id, a.kind, a.state, a.title, a.detail, a.olt_id, o.name AS olt_name, a.pon_port,
  a.target_type, a.target_id, coalesce(sw.name, ms.name, pp.name) AS target_name, a.opened_at, a.resolved_at, a.silenced, a.acknowledged_at, u.username AS acknowledged_by`;
const ALERT_FROM = `FROM alert a
  LEFT JOIN olt o ON o.id = a.olt_id AND o.tenant_id = a.tenant_id
  LEFT JOIN switch sw ON a.target_type = 'switch' AND sw.id = a.target_id AND sw.tenant_id = a.tenant_id
  LEFT JOIN monitor_server ms ON a.target_type = 'server' AND ms.id = a.target_id AND ms.tenant_id = a.tenant_id
  LEFT JOIN pop pp ON a.target_type = 'pop' AND pp.id = a.target_id AND pp.tenant_id = a.tenant_id
  LEFT JOIN app_user u ON u.id = a.acknowledged_by`;

const toDelivery = (d: DeliveryRaw): AlertDelivery => ({
  channelId: d.channel_id,
  channelName: d.channel_name ?? DELETED_CHANNEL_NAME,
  channelKind: d.channel_kind ?? DELETED_CHANNEL_KIND,
  phase: d.phase,
  status: d.status,
  attempts: d.attempts,
  lastError: d.last_error,
  deliveredAt: d.delivered_at?.toISOString() ?? null,
});

const toAlertRow = (a: AlertRaw, deliveries: AlertDelivery[]): AlertRow => ({
  id: a.id,
  kind: a.kind,
  state: a.state,
  title: a.title,
  detail: a.detail ?? {},
  oltId: a.olt_id,
  oltName: a.olt_name,
  ponPort: a.pon_port,
  targetType: a.target_type,
  targetId: a.target_id,
  targetName: a.target_name,
  openedAt: a.opened_at.toISOString(),
  resolvedAt: a.resolved_at?.toISOString() ?? null,
  silenced: a.silenced,
  acknowledgedAt: a.acknowledged_at?.toISOString() ?? null,
  acknowledgedBy: a.acknowledged_by,
  deliveries,
});

/** The alert history with each alert's deliveries, and acknowledgement. */
@Injectable()
export class AlertHistoryService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly access: OltAccessService,
    private readonly audit: AuditService,
  ) {}

  async history(actor: TenantActor, query: AlertHistoryQueryDto): Promise<AlertHistory> {
    const { page, pageSize, skip } = pageOf(query);
    const visible = this.visible(actor);
    const where = [visible.sql];
    const params: Record<string, unknown> = { ...visible.params };
    if (query.state) {
      where.push('a.state = :state');
      params.state = query.state;
    }
    if (query.kind) {
      where.push('a.kind = :kind');
      params.kind = query.kind;
    }
    if (query.oltId) {
      where.push('a.olt_id = :oltId');
      params.oltId = query.oltId;
    }
    const condition = where.join(' AND ');
    const [listSql, listParams] = this.db.driver.escapeQueryWithParameters(
      `SELECT ${ALERT_COLUMNS} ${ALERT_FROM} WHERE ${condition}
        ORDER BY a.opened_at DESC, a.id DESC LIMIT ${pageSize} OFFSET ${skip}`,
      params,
    );
    const [countSql, countParams] = this.db.driver.escapeQueryWithParameters(
      `SELECT count(*)::int AS total FROM alert a WHERE ${condition}`,
      params,
    );
    const [rows, [count]] = await Promise.all([
      this.db.query(listSql, listParams) as Promise<AlertRaw[]>,
      this.db.query(countSql, countParams) as Promise<{ total: number }[]>,
    ]);
    return { items: await this.withDeliveries(actor, rows), total: count.total, page, pageSize };
  }

  /** Acknowledges an alert the user may see; a second acknowledgement keeps the first one's time and name. */
  async acknowledge(actor: TenantActor, id: string): Promise<AlertRow> {
    if (!(await this.find(actor, id))) throw alertNotFound();
    await this.db.transaction(async (tx) => {
      const result = await tx
        .createQueryBuilder()
        .update(AlertEntity)
        .set({ acknowledgedAt: () => 'now()', acknowledgedBy: actor.userId })
        .where('id = :id AND tenant_id = :tenantId AND acknowledged_at IS NULL', {
          id,
          tenantId: actor.tenantId,
        })
        .execute();
      if (result.affected)
        await this.audit.record(
          actor,
          { action: 'alert.acknowledge', entityType: 'alert', entityId: id, after: { acknowledged: true } },
          tx,
        );
    });
    const row = await this.find(actor, id);
    if (!row) throw alertNotFound();
    return (await this.withDeliveries(actor, [row]))[0];
  }

  /**
   * Alerts of the tenant the user may see: those of the OLTs they may see (every OLT, for holders of
   * 2000, deleted ones included) and those of no OLT.
   */
  private visible(actor: TenantActor): { sql: string; params: Record<string, unknown> } {
    const tenant = { sql: 'a.tenant_id = :tenantId', params: { tenantId: actor.tenantId } };
    if (this.access.seesAll(actor)) return tenant;
    const scope = this.access.scope(actor, 'vo');
    return {
      sql: `${tenant.sql} AND (a.olt_id IS NULL OR EXISTS (SELECT 1 FROM olt vo WHERE vo.id = a.olt_id AND ${scope.sql}))`,
      params: { ...tenant.params, ...scope.params },
    };
  }

  private async find(actor: TenantActor, id: string): Promise<AlertRaw | null> {
    const visible = this.visible(actor);
    const [sql, params] = this.db.driver.escapeQueryWithParameters(
      `SELECT ${ALERT_COLUMNS} ${ALERT_FROM} WHERE ${visible.sql} AND a.id = :id`,
      { ...visible.params, id },
    );
    const [row]: AlertRaw[] = await this.db.query(sql, params);
    return row ?? null;
  }

  private async withDeliveries(actor: TenantActor, rows: AlertRaw[]): Promise<AlertRow[]> {
    if (!rows.length) return [];
    const deliveries: DeliveryRaw[] = await this.db.query(
      `SELECT d.alert_id::text AS alert_id, d.channel_id, c.name AS channel_name, c.kind AS channel_kind, d.phase,
              d.status, d.attempts, d.last_error, d.delivered_at
         FROM alert_delivery d
         LEFT JOIN alert_channel c ON c.id = d.channel_id AND c.tenant_id = d.tenant_id
        WHERE d.tenant_id = $1 AND d.alert_id = ANY($2::bigint[])
        ORDER BY d.alert_id, (d.phase = 'resolve'), lower(c.name) NULLS LAST, d.id`,
      [actor.tenantId, rows.map((r) => r.id)],
    );
    const byAlert = new Map<string, AlertDelivery[]>();
    for (const d of deliveries) {
      const list = byAlert.get(d.alert_id) ?? [];
      list.push(toDelivery(d));
      byAlert.set(d.alert_id, list);
    }
    return rows.map((r) => toAlertRow(r, byAlert.get(r.id) ?? []));
  }
}
