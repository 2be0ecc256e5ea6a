import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { ALERT_KINDS, ALERT_RULE_DEFAULTS, type AlertKind, type AlertRule } from '@pondesk/contracts';
import { AlertRuleEntity } from '@pondesk/server-database';
import type { TenantActor } from '../../common/auth/actor';
import { invalidInput } from '../../common/http/validation.pipe';
import { AuditService } from '../audit/audit.service';
import { isAlertKind, ruleParamsOf } from './alert-validation';
import { alertKindNotFound } from './alerts.exception';
import type { AlertRuleUpdateDto } from './dto/alert-rule.dto';

/** A stored rule, its params over the kind's defaults (a threshold added later reads its default). */
function toRule(kind: AlertKind, row: AlertRuleEntity | undefined): AlertRule {
  const defaults = ALERT_RULE_DEFAULTS[kind];
  if (!row) return structuredClone(defaults) as AlertRule;
  return {
    kind,
    enabled: row.enabled,
    minDurationSeconds: row.minDurationSeconds,
    notifyRecovery: row.notifyRecovery,
    params: { ...defaults.params, ...row.params } as AlertRule['params'],
  };
}

/** One rule per alert kind and tenant; a kind never saved runs on `ALERT_RULE_DEFAULTS`. */
@Injectable()
export class AlertRulesService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly audit: AuditService,
  ) {}

  async list(actor: TenantActor): Promise<AlertRule[]> {
    const rows = await this.db.getRepository(AlertRuleEntity).findBy({ tenantId: actor.tenantId });
    const byKind = new Map(rows.map((r) => [r.kind, r]));
    return ALERT_KINDS.map((kind) => toRule(kind, byKind.get(kind)));
  }

  async update(actor: TenantActor, kind: string, dto: AlertRuleUpdateDto): Promise<AlertRule> {
    if (!isAlertKind(kind)) throw alertKindNotFound();
    const { params, problems } = ruleParamsOf(kind, dto.params);
    if (problems.length) throw invalidInput(problems);
    const rule: AlertRule = {
      kind,
      enabled: dto.enabled,
      minDurationSeconds: dto.minDurationSeconds,
      notifyRecovery: dto.notifyRecovery,
      params,
    };
    return this.db.transaction(async (tx) => {
      const repo = tx.getRepository(AlertRuleEntity);
      // Locked, so two saves of one rule audit what each really replaced.
      const stored = await repo.findOne({
        where: { tenantId: actor.tenantId, kind },
        lock: { mode: 'pessimistic_write' },
      });
      const before = toRule(kind, stored ?? undefined);
      await repo.save(
        repo.create({
          tenantId: actor.tenantId,
          kind,
          enabled: rule.enabled,
          minDurationSeconds: rule.minDurationSeconds,
          notifyRecovery: rule.notifyRecovery,
          params: rule.params as unknown as Record<string, unknown>,
          updatedBy: actor.userId,
        }),
      );
      if (JSON.stringify(before) !== JSON.stringify(rule))
        await this.audit.record(
          actor,
          { action: 'alert-rule.update', entityType: 'alert-rule', entityId: kind, before, after: rule },
          tx,
        );
      return rule;
    });
  }
}
