import type { EntityManager } from 'typeorm';
import { returnedRows } from '@pondesk/server-database';
import {
  TELEGRAM_CHAT_ID_PATTERN,
  WHATSAPP_RECIPIENT_PATTERN,
  type AlertChannelKind,
  type AlertChannelSettings,
  type AlertKind,
  type AlertPhase,
  type AlertTargetType,
} from '@pondesk/contracts';
import { channelTargets } from './channels/channel-client';

export interface NewAlert {
  tenantId: string;
  kind: AlertKind;
  /** Names the incident (e.g. `pon-outage:<olt>:<pon>:<start>`): an alert with the same key is never raised twice. */
  dedupKey: string;
  oltId: string | null;
  ponPort?: number | null;
  onuRef?: string | null;
  /** What an alert of no OLT is about (a switch, a server, a POP); a silence of that switch or POP applies. */
  targetType?: AlertTargetType | null;
  targetId?: string | null;
  title: string;
  detail: Record<string, unknown>;
  openedAt: Date;
  /** Information only (nothing to recover from): stored resolved at once. */
  info?: boolean;
}

export interface OpenedAlert {
  id: string;
  silenced: boolean;
  deliveries: number;
}

/** Whether the alert's OLT, switch or POP is inside a maintenance silence at `at`. */
export async function isSilenced(
  m: EntityManager,
  a: Pick<NewAlert, 'tenantId' | 'oltId' | 'targetType' | 'targetId'>,
  at: Date,
): Promise<boolean> {
  const targets: [string, string][] = [];
  if (a.oltId) targets.push(['olt', a.oltId]);
  if (a.targetType && a.targetType !== 'server' && a.targetId) targets.push([a.targetType, a.targetId]);
  if (!targets.length) return false;
  const rows: unknown[] = await m.query(
    `SELECT 1 FROM alert_silence s JOIN unnest($2::text[], $3::uuid[]) AS t(type, id)
         ON s.target_type = t.type AND s.target_id = t.id
      WHERE s.tenant_id = $1 AND s.starts_at <= $4 AND s.ends_at > $4
      LIMIT 1`,
    [a.tenantId, targets.map((t) => t[0]), targets.map((t) => t[1]), at],
  );
  return rows.length > 0;
}

/**
 * Raises an alert and, unless its OLT, switch or POP is silenced, owes each enabled channel of the tenant a message for each
 * of its targets — in the caller's transaction, so the alert and its deliveries are stored together or not
 * at all. Answers null when an alert with the same key exists already (raised before: nothing is owed again).
 */
export async function openAlert(m: EntityManager, a: NewAlert): Promise<OpenedAlert | null> {
  const quiet = await isSilenced(m, a, a.openedAt);
  const inserted: { id: string }[] = await m.query(
    `INSERT INTO alert (tenant_id, kind, dedup_key, state, olt_id, pon_port, onu_ref, title, detail, silenced,
                        opened_at, resolved_at, target_type, target_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)
     ON CONFLICT (tenant_id, dedup_key) DO NOTHING
     RETURNING id`,
    [
      a.tenantId,
      a.kind,
      a.dedupKey.slice(0, 200),
      a.info ? 'resolved' : 'firing',
      a.oltId,
      a.ponPort ?? null,
      a.onuRef ?? null,
      a.title.slice(0, 300),
      JSON.stringify(a.detail),
      quiet,
      a.openedAt,
      a.info ? a.openedAt : null,
      a.targetType ?? null,
      a.targetId ?? null,
    ],
  );
  const id = inserted[0]?.id;
  if (!id) return null;
  const deliveries = quiet ? 0 : await oweToChannels(m, a, id);
  return { id: String(id), silenced: quiet, deliveries };
}

/**
 * Resolves a firing alert; when `notify`, the recovery is owed to every channel target its opening was owed
 * to (a silenced alert owes none). Answers false when it was not firing (resolved already).
 */
export async function resolveAlert(
  m: EntityManager,
  alertId: string,
  resolvedAt: Date,
  notify: boolean,
  detail?: Record<string, unknown>,
): Promise<boolean> {
  const updated: unknown = await m.query(
    `UPDATE alert SET state = 'resolved', resolved_at = $2, detail = detail || $3::jsonb
      WHERE id = $1 AND state = 'firing'
      RETURNING id, tenant_id, silenced`,
    [alertId, resolvedAt, JSON.stringify(detail ?? {})],
  );
  const row = returnedRows<{ id: string; tenant_id: string; silenced: boolean }>(updated)[0];
  if (!row) return false;
  if (notify && !row.silenced) {
    await m.query(
      `INSERT INTO alert_delivery (tenant_id, alert_id, phase, channel_id, target, status, next_attempt_at)
       SELECT d.tenant_id, d.alert_id, 'resolve', d.channel_id, d.target, 'pending', now()
         FROM alert_delivery d JOIN alert_channel c ON c.id = d.channel_id AND c.enabled
        WHERE d.alert_id = $1 AND d.phase = 'open'
       ON CONFLICT DO NOTHING`,
      [alertId],
    );
  }
  return true;
}

interface ChannelRow {
  id: string;
  kind: AlertChannelKind;
  settings: AlertChannelSettings;
  use_device_ids: boolean;
}

/**
 * One pending delivery per enabled channel and target (the Telegram/WhatsApp id saved on the alert's OLT or
 * switch too, when the channel asks for it).
 */
async function oweToChannels(m: EntityManager, a: NewAlert, alertId: string): Promise<number> {
  const tenantId = a.tenantId;
  const channels: ChannelRow[] = await m.query(
    `SELECT id, kind, settings, use_device_ids FROM alert_channel WHERE tenant_id = $1 AND enabled`,
    [tenantId],
  );
  if (!channels.length) return 0;
  let device: { telegram_id: string | null; whatsapp_id: string | null } | undefined;
  if (channels.some((c) => c.use_device_ids)) {
    if (a.oltId)
      [device] = await m.query(`SELECT telegram_id, whatsapp_id FROM olt WHERE id = $1`, [a.oltId]);
    else if (a.targetType === 'switch' && a.targetId)
      [device] = await m.query(`SELECT telegram_id, whatsapp_id FROM switch WHERE id = $1`, [a.targetId]);
  }
  const rows: [string, string, AlertPhase][] = [];
  for (const c of channels) {
    const targets = new Set(channelTargets(c.kind, c.settings));
    if (c.use_device_ids && device) {
      const own = deviceTarget(c.kind, device);
      if (own) targets.add(own);
    }
    for (const t of targets) rows.push([c.id, t, 'open']);
  }
  if (!rows.length) return 0;
  const result: { id: string }[] = await m.query(
    `INSERT INTO alert_delivery (tenant_id, alert_id, phase, channel_id, target, status, next_attempt_at)
     SELECT $1, $2, t.phase, t.channel_id, t.target, 'pending', now()
       FROM unnest($3::uuid[], $4::text[], $5::text[]) AS t(channel_id, target, phase)
     ON CONFLICT DO NOTHING
     RETURNING id`,
    [tenantId, alertId, rows.map((r) => r[0]), rows.map((r) => r[1]), rows.map((r) => r[2])],
  );
  return result.length;
}

/**
 * The OLT or switch form's own id for a channel kind, in the shapes a channel accepts: a Telegram chat id or
 * `@name`, a WhatsApp number as digits (the form takes it as typed: `+880 1711-000000` becomes
 * `8801711000000`). Anything else is not a target.
 */
export function deviceTarget(
  kind: AlertChannelKind,
  device: { telegram_id: string | null; whatsapp_id: string | null },
): string | null {
  if (kind === 'telegram') {
    const id = device.telegram_id?.trim() ?? '';
    return TELEGRAM_CHAT_ID_PATTERN.test(id) ? id : null;
  }
  if (kind === 'whatsapp') {
    const digits = (device.whatsapp_id ?? '').replace(/[\s()+-]/g, '');
    return WHATSAPP_RECIPIENT_PATTERN.test(digits) ? digits : null;
  }
  return null;
}
