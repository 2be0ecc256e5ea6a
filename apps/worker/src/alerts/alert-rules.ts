import type { EntityManager } from 'typeorm';
import { ALERT_KINDS, ALERT_RULE_DEFAULTS, type AlertKind, type AlertRule } from '@pondesk/contracts';

/** Each tenant's saved rules by kind; a kind a tenant never saved runs on its default. */
export class AlertRules {
  constructor(private readonly saved: Map<string, Map<AlertKind, AlertRule>>) {}

  static async load(m: EntityManager): Promise<AlertRules> {
    const rows: {
      tenant_id: string;
      kind: AlertKind;
      enabled: boolean;
      min_duration_seconds: number;
      notify_recovery: boolean;
      params: Record<string, unknown>;
    }[] = await m.query(
      `SELECT tenant_id, kind, enabled, min_duration_seconds, notify_recovery, params FROM alert_rule`,
    );
    const saved = new Map<string, Map<AlertKind, AlertRule>>();
    for (const r of rows) {
      if (!(ALERT_KINDS as readonly string[]).includes(r.kind)) continue;
      const byKind = saved.get(r.tenant_id) ?? new Map<AlertKind, AlertRule>();
      byKind.set(r.kind, {
        kind: r.kind,
        enabled: r.enabled,
        minDurationSeconds: r.min_duration_seconds,
        notifyRecovery: r.notify_recovery,
        // A parameter added after the rule was saved takes its default.
        params: { ...ALERT_RULE_DEFAULTS[r.kind].params, ...r.params },
      } as AlertRule);
      saved.set(r.tenant_id, byKind);
    }
    return new AlertRules(saved);
  }

  of<K extends AlertKind>(tenantId: string, kind: K): AlertRule<K> {
    return (this.saved.get(tenantId)?.get(kind) as AlertRule<K> | undefined) ?? ALERT_RULE_DEFAULTS[kind];
  }
}
