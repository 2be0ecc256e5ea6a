import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  PrimaryColumn,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';
import type {
  AlertChannelKind,
  AlertChannelSettings,
  AlertDeliveryStatus,
  AlertKind,
  AlertPhase,
  AlertTargetType,
  AlertState,
  SilenceTargetType,
} from '@pondesk/contracts';

/** A tenant's rule for one alert kind; a kind without a row runs on `ALERT_RULE_DEFAULTS`. */
@Entity('alert_rule')
export class AlertRuleEntity {
  @PrimaryColumn({ name: 'tenant_id', type: 'uuid' }) tenantId!: string;
  @PrimaryColumn({ type: 'varchar', length: 24 }) kind!: AlertKind;
  @Column({ type: 'boolean' }) enabled!: boolean;
  @Column({ name: 'min_duration_seconds', type: 'int' }) minDurationSeconds!: number;
  @Column({ name: 'notify_recovery', type: 'boolean' }) notifyRecovery!: boolean;
  @Column({ type: 'jsonb' }) params!: Record<string, unknown>;
  @Column({ name: 'updated_by', type: 'uuid', nullable: true }) updatedBy!: string | null;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt!: Date;
}

/** Where alerts go: a Telegram bot, a WhatsApp Cloud API number, or a signed webhook. */
@Entity('alert_channel')
@Index('alert_channel_tenant_idx', ['tenantId'])
export class AlertChannelEntity {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column({ name: 'tenant_id', type: 'uuid' }) tenantId!: string;
  @Column({ type: 'varchar', length: 12 }) kind!: AlertChannelKind;
  @Column({ type: 'varchar', length: 80 }) name!: string;
  @Column({ type: 'boolean', default: true }) enabled!: boolean;
  /** Chat ids, phone number id, recipients, template, URL: nothing secret. */
  @Column({ type: 'jsonb', default: () => "'{}'" }) settings!: AlertChannelSettings;
  /** Bot token, access token or webhook signing secret, sealed with `ENCRYPTION_KEY`. */
  @Column({ name: 'secret_enc', type: 'text' }) secretEnc!: string;
  @Column({ name: 'use_device_ids', type: 'boolean', default: false }) useDeviceIds!: boolean;
  @Column({ name: 'rate_per_minute', type: 'int', default: 20 }) ratePerMinute!: number;
  @Column({ name: 'created_by', type: 'uuid', nullable: true }) createdBy!: string | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt!: Date;
}

/**
 * One incident: raised once (its `dedup_key` names the incident, e.g. a PON and the moment its outage
 * began, and is unique per tenant), resolved once.
 */
@Entity('alert')
@Index('alert_tenant_key_uq', ['tenantId', 'dedupKey'], { unique: true })
@Index('alert_tenant_opened_idx', ['tenantId', 'openedAt'])
@Index('alert_firing_idx', ['tenantId', 'kind'], { where: `"state" = 'firing'` })
export class AlertEntity {
  @PrimaryGeneratedColumn('increment', { type: 'bigint' }) id!: string;
  @Column({ name: 'tenant_id', type: 'uuid' }) tenantId!: string;
  @Column({ type: 'varchar', length: 24 }) kind!: AlertKind;
  @Column({ name: 'dedup_key', type: 'varchar', length: 200 }) dedupKey!: string;
  @Column({ type: 'varchar', length: 10 }) state!: AlertState;
  @Column({ name: 'olt_id', type: 'uuid', nullable: true }) oltId!: string | null;
  @Column({ name: 'pon_port', type: 'int', nullable: true }) ponPort!: number | null;
  @Column({ name: 'onu_ref', type: 'uuid', nullable: true }) onuRef!: string | null;
  /** What an alert of no OLT is about: a switch, a monitored server or a POP. */
  @Column({ name: 'target_type', type: 'varchar', length: 8, nullable: true })
  targetType!: AlertTargetType | null;
  @Column({ name: 'target_id', type: 'uuid', nullable: true }) targetId!: string | null;
  @Column({ type: 'varchar', length: 300 }) title!: string;
  @Column({ type: 'jsonb', default: () => "'{}'" }) detail!: Record<string, unknown>;
  @Column({ type: 'boolean', default: false }) silenced!: boolean;
  @Column({ name: 'opened_at', type: 'timestamptz' }) openedAt!: Date;
  @Column({ name: 'resolved_at', type: 'timestamptz', nullable: true }) resolvedAt!: Date | null;
  @Column({ name: 'acknowledged_at', type: 'timestamptz', nullable: true }) acknowledgedAt!: Date | null;
  @Column({ name: 'acknowledged_by', type: 'uuid', nullable: true }) acknowledgedBy!: string | null;
}

/**
 * One message owed to one channel: an alert's opening or its recovery. Made in the transaction that opens or
 * resolves the alert (so none is lost), claimed with a lease, marked delivered when the channel's API
 * accepted it (so none is sent again once it was).
 */
@Entity('alert_delivery')
@Index('alert_delivery_uq', ['alertId', 'phase', 'channelId', 'target'], { unique: true })
@Index('alert_delivery_due_idx', ['nextAttemptAt'], { where: `"status" IN ('pending', 'sending')` })
export class AlertDeliveryEntity {
  @PrimaryGeneratedColumn('increment', { type: 'bigint' }) id!: string;
  @Column({ name: 'tenant_id', type: 'uuid' }) tenantId!: string;
  @Column({ name: 'alert_id', type: 'bigint' }) alertId!: string;
  @Column({ type: 'varchar', length: 8 }) phase!: AlertPhase;
  @Column({ name: 'channel_id', type: 'uuid' }) channelId!: string;
  /** A chat id, a phone number or '' (the channel's own URL/recipients). */
  @Column({ type: 'varchar', length: 120, default: '' }) target!: string;
  @Column({ type: 'varchar', length: 10 }) status!: AlertDeliveryStatus;
  @Column({ type: 'int', default: 0 }) attempts!: number;
  @Column({ name: 'next_attempt_at', type: 'timestamptz' }) nextAttemptAt!: Date;
  /** While `sending`: until when the claiming worker owns it; a dead worker's claim lapses then. */
  @Column({ name: 'lease_until', type: 'timestamptz', nullable: true }) leaseUntil!: Date | null;
  @Column({ name: 'last_error', type: 'varchar', length: 500, nullable: true }) lastError!: string | null;
  @Column({ name: 'delivered_at', type: 'timestamptz', nullable: true }) deliveredAt!: Date | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
}

/** A maintenance window: alerts about the target raised inside it are recorded, not sent. */
@Entity('alert_silence')
@Index('alert_silence_target_idx', ['tenantId', 'targetType', 'targetId', 'endsAt'])
export class AlertSilenceEntity {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column({ name: 'tenant_id', type: 'uuid' }) tenantId!: string;
  @Column({ name: 'target_type', type: 'varchar', length: 8 }) targetType!: SilenceTargetType;
  @Column({ name: 'target_id', type: 'uuid' }) targetId!: string;
  @Column({ name: 'starts_at', type: 'timestamptz' }) startsAt!: Date;
  @Column({ name: 'ends_at', type: 'timestamptz' }) endsAt!: Date;
  @Column({ type: 'varchar', length: 200, nullable: true }) reason!: string | null;
  @Column({ name: 'created_by', type: 'uuid', nullable: true }) createdBy!: string | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
}

/** How far the alert engine has read an append-only source (`onu_status_event` ids). */
@Entity('alert_cursor')
export class AlertCursorEntity {
  @PrimaryColumn({ type: 'varchar', length: 40 }) source!: string;
  @Column({ name: 'last_id', type: 'bigint', default: 0 }) lastId!: string;
}

/** An ONU whose rx has been falling steadily: the latest daily trend over the hourly rollups. */
@Entity('onu_degradation')
@Index('onu_degradation_tenant_slope_idx', ['tenantId', 'slopeDbPerDay'])
export class OnuDegradationEntity {
  @PrimaryColumn({ name: 'onu_ref', type: 'uuid' }) onuRef!: string;
  @Column({ name: 'tenant_id', type: 'uuid' }) tenantId!: string;
  @Column({ name: 'olt_id', type: 'uuid' }) oltId!: string;
  @Column({ name: 'slope_db_per_day', type: 'real' }) slopeDbPerDay!: number;
  @Column({ name: 'rx_dbm', type: 'real', nullable: true }) rxDbm!: number | null;
  @Column({ name: 'projected_crossing_on', type: 'date', nullable: true }) projectedCrossingOn!:
    string | null;
  @Column({ name: 'computed_at', type: 'timestamptz' }) computedAt!: Date;
}

/**
 * A condition seen but not yet held for its rule's minimum duration (an ONU down for a minute of the five
 * asked): raised when it has held long enough and still holds, dropped when it clears first.
 */
@Entity('alert_pending')
export class AlertPendingEntity {
  @PrimaryColumn({ name: 'tenant_id', type: 'uuid' }) tenantId!: string;
  @PrimaryColumn({ type: 'varchar', length: 24 }) kind!: AlertKind;
  /** What it is about: an OLT id, `<olt>:<pon>`, or an ONU's id. */
  @PrimaryColumn({ type: 'varchar', length: 120 }) subject!: string;
  @Column({ name: 'dedup_key', type: 'varchar', length: 200 }) dedupKey!: string;
  @Column({ name: 'olt_id', type: 'uuid', nullable: true }) oltId!: string | null;
  @Column({ name: 'pon_port', type: 'int', nullable: true }) ponPort!: number | null;
  @Column({ name: 'onu_ref', type: 'uuid', nullable: true }) onuRef!: string | null;
  @Column({ name: 'target_type', type: 'varchar', length: 8, nullable: true })
  targetType!: AlertTargetType | null;
  @Column({ name: 'target_id', type: 'uuid', nullable: true }) targetId!: string | null;
  @Column({ type: 'timestamptz' }) since!: Date;
  @Column({ type: 'jsonb', default: () => "'{}'" }) detail!: Record<string, unknown>;
}
