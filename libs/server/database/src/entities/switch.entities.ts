import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryColumn,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';
import type {
  SwitchBrandCode,
  SwitchLink,
  SwitchPortEventKind,
  SwitchPortPower,
  SwitchStatus,
} from '@pondesk/contracts';
import { OltEntity } from './olt.entity';
import { TenantEntity } from './tenant.entity';

/**
 * Switches and their SFP ports. The worker polls each switch on its own scheduler and keeps one current
 * row per port; readings go to the month-partitioned `switch_port_sample` (SQL-only, created in the
 * Switches migration, keyed by the port's id), hourly rollups to `switch_port_hourly`, and link or
 * power-band changes to `switch_port_event`.
 */

/** A switch of a tenant. The SNMP community is sealed with the SecretBox and never leaves the server. */
@Entity('switch')
@Index('switch_tenant_show_idx', ['tenantId', 'show'])
export class SwitchEntity {
  @PrimaryGeneratedColumn('uuid') id!: string;

  @Column({ name: 'tenant_id', type: 'uuid' }) tenantId!: string;
  @ManyToOne(() => TenantEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'tenant_id' })
  tenant?: TenantEntity;

  @Column({ type: 'varchar', length: 100 }) name!: string;
  @Column({ type: 'varchar', length: 255 }) ip!: string;
  @Column({ name: 'snmp_port', type: 'int', default: 161 }) snmpPort!: number;
  @Column({ name: 'snmp_community_enc', type: 'text' }) snmpCommunityEnc!: string;
  @Column({ type: 'varchar', length: 16 }) brand!: SwitchBrandCode;
  @Column({ type: 'text', nullable: true }) description!: string | null;

  /** The OLT the switch serves (the list's "OLT ID"); cleared when that OLT is removed. */
  @Column({ name: 'olt_id', type: 'uuid', nullable: true }) oltId!: string | null;
  @ManyToOne(() => OltEntity, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'olt_id' })
  olt?: OltEntity;

  @Column({ name: 'whatsapp_id', type: 'varchar', length: 120, nullable: true }) whatsappId!: string | null;
  @Column({ name: 'telegram_id', type: 'varchar', length: 120, nullable: true }) telegramId!: string | null;
  /** Minutes between polls. */
  @Column({ name: 'data_collection_ratio', type: 'int', default: 5 }) dataCollectionRatio!: number;
  /** dBm: a port receiving less is critical. */
  @Column({ name: 'db_alert_range', type: 'real', default: -20 }) dbAlertRange!: number;
  /** Billing choice as entered (a catalogue switch package's name, kept as text). */
  @Column({ name: 'billing_package', type: 'varchar', length: 80, nullable: true }) billingPackage!:
    string | null;
  /** The catalogue switch package chosen or last paid for. */
  @Column({ name: 'billing_package_id', type: 'uuid', nullable: true }) billingPackageId!: string | null;
  /** Paid up to and including this day (YYYY-MM-DD); null: no expiry recorded. */
  @Column({ name: 'expires_on', type: 'date', nullable: true }) expiresOn!: string | null;

  /** Soft delete: hidden switches are neither listed nor polled. */
  @Column({ type: 'boolean', default: true }) show!: boolean;

  @Column({ type: 'varchar', length: 10, default: 'unknown' }) status!: SwitchStatus;
  @Column({ name: 'sys_descr', type: 'text', nullable: true }) sysDescr!: string | null;
  @Column({ name: 'port_count', type: 'int', default: 0 }) portCount!: number;
  @Column({ name: 'alert_port_count', type: 'int', default: 0 }) alertPortCount!: number;
  @Column({ name: 'last_polled_at', type: 'timestamptz', nullable: true }) lastPolledAt!: Date | null;
  @Column({ name: 'last_good_poll_at', type: 'timestamptz', nullable: true }) lastGoodPollAt!: Date | null;
  @Column({ name: 'last_poll_duration_ms', type: 'int', nullable: true }) lastPollDurationMs!: number | null;
  @Column({ name: 'last_error', type: 'text', nullable: true }) lastError!: string | null;

  @Column({ name: 'created_by', type: 'uuid', nullable: true }) createdBy!: string | null;
  @Column({ name: 'updated_by', type: 'uuid', nullable: true }) updatedBy!: string | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt!: Date;
}

/** The current state of one port of a switch (one row per port the switch lists optics for). */
@Entity('switch_port')
@Index('switch_port_switch_key', ['switchId', 'portKey'], { unique: true })
@Index('switch_port_tenant_power_idx', ['tenantId', 'power'])
@Index('switch_port_tenant_rx_idx', ['tenantId', 'rxDbm'])
export class SwitchPortEntity {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column({ name: 'tenant_id', type: 'uuid' }) tenantId!: string;
  @Column({ name: 'switch_id', type: 'uuid' }) switchId!: string;
  @ManyToOne(() => SwitchEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'switch_id' })
  switch?: SwitchEntity;

  /** `if<ifIndex>`, or `name:<port name>` for a port the switch gives no ifIndex for. */
  @Column({ name: 'port_key', type: 'varchar', length: 140 }) portKey!: string;
  @Column({ name: 'if_index', type: 'int', nullable: true }) ifIndex!: number | null;
  @Column({ type: 'varchar', length: 120 }) name!: string;
  /** Natural order of the name (`Gi1/0/2` before `Gi1/0/10`): digit runs zero-padded. */
  @Column({ name: 'sort_name', type: 'varchar', length: 240 }) sortName!: string;
  @Column({ type: 'varchar', length: 255, nullable: true }) description!: string | null;
  @Column({ type: 'varchar', length: 8 }) link!: SwitchLink;
  @Column({ name: 'rx_dbm', type: 'real', nullable: true }) rxDbm!: number | null;
  @Column({ name: 'tx_dbm', type: 'real', nullable: true }) txDbm!: number | null;
  @Column({ name: 'temperature_c', type: 'real', nullable: true }) temperatureC!: number | null;
  @Column({ name: 'voltage_v', type: 'real', nullable: true }) voltageV!: number | null;
  @Column({ name: 'bias_ma', type: 'real', nullable: true }) biasMa!: number | null;
  @Column({ type: 'varchar', length: 10 }) power!: SwitchPortPower;
  /** When the link or the power band last changed (null: not since first seen). */
  @Column({ name: 'changed_at', type: 'timestamptz', nullable: true }) changedAt!: Date | null;
  /** The poll that last listed the port. */
  @Column({ name: 'updated_at', type: 'timestamptz' }) updatedAt!: Date;
}

/** Hourly rollup of one port's readings, for long chart ranges. */
@Entity('switch_port_hourly')
@Index('switch_port_hourly_hour_idx', ['hour'])
export class SwitchPortHourlyEntity {
  @PrimaryColumn({ name: 'port_id', type: 'uuid' }) portId!: string;
  @PrimaryColumn({ type: 'timestamptz' }) hour!: Date;
  @Column({ name: 'tenant_id', type: 'uuid' }) tenantId!: string;
  @Column({ name: 'rx_min', type: 'real', nullable: true }) rxMin!: number | null;
  @Column({ name: 'rx_avg', type: 'real', nullable: true }) rxAvg!: number | null;
  @Column({ name: 'rx_max', type: 'real', nullable: true }) rxMax!: number | null;
  @Column({ name: 'tx_avg', type: 'real', nullable: true }) txAvg!: number | null;
  @Column({ name: 'sample_count', type: 'int' }) sampleCount!: number;
  /** Polls in the hour that found the link down. */
  @Column({ name: 'down_count', type: 'int' }) downCount!: number;
}

/** A port's link going down or up, or its rx crossing the switch's alert level. */
@Entity('switch_port_event')
@Index('switch_port_event_port_at_idx', ['portId', 'at'])
@Index('switch_port_event_tenant_at_idx', ['tenantId', 'at'])
export class SwitchPortEventEntity {
  @PrimaryGeneratedColumn('increment', { type: 'bigint' }) id!: string;
  @Column({ name: 'tenant_id', type: 'uuid' }) tenantId!: string;
  @Column({ name: 'switch_id', type: 'uuid' }) switchId!: string;
  @Column({ name: 'port_id', type: 'uuid' }) portId!: string;
  @ManyToOne(() => SwitchPortEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'port_id' })
  port?: SwitchPortEntity;
  @Column({ type: 'varchar', length: 10 }) kind!: SwitchPortEventKind;
  @Column({ name: 'rx_dbm', type: 'real', nullable: true }) rxDbm!: number | null;
  @Column({ type: 'timestamptz' }) at!: Date;
}
