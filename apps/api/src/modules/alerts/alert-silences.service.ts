import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { AlertSilence, SilenceTargetType } from '@pondesk/contracts';
import { AlertSilenceEntity } from '@pondesk/server-database';
import type { TenantActor } from '../../common/auth/actor';
import { invalidInput } from '../../common/http/validation.pipe';
import { OltAccessService } from '../../common/olt-access/olt-access.service';
import { AuditService } from '../audit/audit.service';
import { silenceWindowOf } from './alert-validation';
import { alertSilenceNotFound, silenceTargetNotFound } from './alerts.exception';
import type { CreateAlertSilenceDto } from './dto/alert-silence.dto';

interface SilenceRaw {
  id: string;
  target_type: SilenceTargetType;
  target_id: string;
  target_name: string | null;
  starts_at: Date;
  ends_at: Date;
  reason: string | null;
  created_by: string | null;
  created_at: Date;
}

/** Each silence with its target's name (a shown OLT or switch, a POP of the tenant) and its author's. */
const SILENCE_SELECT = `SELECT s.id, s.target_type, s.target_id, coalesce(o.name, sw.name, p.name) AS target_name,
    s.starts_at, s.ends_at, s.reason, u.username AS created_by, s.created_at
  FROM alert_silence s
  LEFT JOIN olt o ON s.target_type = 'olt' AND o.id = s.target_id AND o.tenant_id = s.tenant_id AND o.show
  LEFT JOIN switch sw ON s.target_type = 'switch' AND sw.id = s.target_id AND sw.tenant_id = s.tenant_id AND sw.show
  LEFT JOIN pop p ON s.target_type = 'pop' AND p.id = s.target_id AND p.tenant_id = s.tenant_id
  LEFT JOIN app_user u ON u.id = s.created_by`;

const toSilence = (s: SilenceRaw): AlertSilence => ({
  id: s.id,
  targetType: s.target_type,
  targetId: s.target_id,
  targetName: s.target_name ?? '',
  startsAt: s.starts_at.toISOString(),
  endsAt: s.ends_at.toISOString(),
  reason: s.reason,
  createdBy: s.created_by,
  createdAt: s.created_at.toISOString(),
});

/** Maintenance windows per OLT, switch or POP: alerts about the target raised inside one are not sent. */
@Injectable()
export class AlertSilencesService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly access: OltAccessService,
    private readonly audit: AuditService,
  ) {}

  /** Silences not yet over (running and scheduled) whose target still exists, soonest first. */
  async list(actor: TenantActor): Promise<AlertSilence[]> {
    const visible = this.visible(actor);
    const [sql, params] = this.db.driver.escapeQueryWithParameters(
      `${SILENCE_SELECT} WHERE ${visible.sql} AND s.ends_at > now() AND coalesce(o.id, sw.id, p.id) IS NOT NULL
        ORDER BY s.starts_at, s.ends_at, s.id`,
      visible.params,
    );
    const rows: SilenceRaw[] = await this.db.query(sql, params);
    return rows.map(toSilence);
  }

  async create(actor: TenantActor, dto: CreateAlertSilenceDto): Promise<AlertSilence> {
    const { startsAt, endsAt, problems } = silenceWindowOf(dto);
    if (problems.length) throw invalidInput(problems);
    if (!(await this.targetExists(actor, dto.targetType, dto.targetId)))
      throw silenceTargetNotFound(dto.targetType);
    const id = await this.db.transaction(async (tx) => {
      const repo = tx.getRepository(AlertSilenceEntity);
      const row = await repo.save(
        repo.create({
          tenantId: actor.tenantId,
          targetType: dto.targetType,
          targetId: dto.targetId,
          startsAt,
          endsAt,
          reason: dto.reason?.trim() || null,
          createdBy: actor.userId,
        }),
      );
      await this.audit.record(
        actor,
        {
          action: 'alert-silence.create',
          entityType: 'alert-silence',
          entityId: row.id,
          after: {
            targetType: row.targetType,
            targetId: row.targetId,
            startsAt: row.startsAt,
            endsAt: row.endsAt,
            reason: row.reason,
          },
        },
        tx,
      );
      return row.id;
    });
    const created = await this.find(actor, id);
    if (!created) throw alertSilenceNotFound();
    return created;
  }

  /** Ends a running silence now, or drops one that has not started; one already over stays as it was. */
  async remove(actor: TenantActor, id: string): Promise<void> {
    const silence = await this.find(actor, id);
    if (!silence) throw alertSilenceNotFound();
    await this.db.transaction(async (tx) => {
      const repo = tx.getRepository(AlertSilenceEntity);
      const [row]: { started: boolean; over: boolean }[] = await tx.query(
        `SELECT starts_at <= now() AS started, ends_at <= now() AS over FROM alert_silence
          WHERE id = $1 AND tenant_id = $2 FOR UPDATE`,
        [id, actor.tenantId],
      );
      if (!row || row.over) return;
      if (row.started)
        await repo
          .createQueryBuilder()
          .update()
          .set({ endsAt: () => 'now()' })
          .where('id = :id AND tenant_id = :tenantId', { id, tenantId: actor.tenantId })
          .execute();
      else await repo.delete({ id, tenantId: actor.tenantId });
      await this.audit.record(
        actor,
        {
          action: row.started ? 'alert-silence.end' : 'alert-silence.delete',
          entityType: 'alert-silence',
          entityId: id,
          before: { targetType: silence.targetType, targetId: silence.targetId, endsAt: silence.endsAt },
        },
        tx,
      );
    });
  }

  /**
   * Silences of the tenant the user may see: an OLT's only if they may see that OLT (holders of 2000 see
   * every one); switches and POPs are not limited per user.
   */
  private visible(actor: TenantActor): { sql: string; params: Record<string, unknown> } {
    const tenant = { sql: 's.tenant_id = :tenantId', params: { tenantId: actor.tenantId } };
    if (this.access.seesAll(actor)) return tenant;
    const scope = this.access.scope(actor, 'vo');
    return {
      sql: `${tenant.sql} AND (s.target_type <> 'olt' OR EXISTS (SELECT 1 FROM olt vo WHERE vo.id = s.target_id AND ${scope.sql}))`,
      params: { ...tenant.params, ...scope.params },
    };
  }

  private async find(actor: TenantActor, id: string): Promise<AlertSilence | null> {
    const visible = this.visible(actor);
    const [sql, params] = this.db.driver.escapeQueryWithParameters(
      `${SILENCE_SELECT} WHERE ${visible.sql} AND s.id = :id`,
      { ...visible.params, id },
    );
    const [row]: SilenceRaw[] = await this.db.query(sql, params);
    return row ? toSilence(row) : null;
  }

  private async targetExists(actor: TenantActor, type: SilenceTargetType, id: string): Promise<boolean> {
    if (type === 'olt') return this.access.canSee(actor, id);
    const sql =
      type === 'switch'
        ? 'SELECT 1 FROM switch WHERE id = $1 AND tenant_id = $2 AND show'
        : 'SELECT 1 FROM pop WHERE id = $1 AND tenant_id = $2';
    const rows: unknown[] = await this.db.query(sql, [id, actor.tenantId]);
    return rows.length > 0;
  }
}
