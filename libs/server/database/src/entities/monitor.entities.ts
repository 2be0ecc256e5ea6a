import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';
import type { PopSourceState, PopSourceType, ServerAlertReason, ServerState } from '@pondesk/contracts';
import { BranchEntity } from './branch.entity';
import { TenantEntity } from './tenant.entity';

/**
 * IP monitor and POP power. Every target (a monitored server, a POP's power source) is pinged every
 * second by the worker's prober; its 1 s results go to the day-partitioned `ping_sample` and its
 * per-minute rollups to `ping_minute` (both SQL-only, keyed by the target's id), its state to its row.
 */

/** A server on the IP monitor (/ping). */
@Entity('monitor_server')
@Index('monitor_server_tenant_ip_key', ['tenantId', 'ip'], { unique: true })
export class MonitorServerEntity {
  @PrimaryGeneratedColumn('uuid') id!: string;

  @Column({ name: 'tenant_id', type: 'uuid' }) tenantId!: string;
  @ManyToOne(() => TenantEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'tenant_id' })
  tenant?: TenantEntity;

  @Column({ type: 'varchar', length: 100 }) name!: string;
  @Column({ type: 'varchar', length: 45 }) ip!: string;
  @Column({ name: 'latency_limit_ms', type: 'integer', default: 50 }) latencyLimitMs!: number;
  /** File name under the logo directory (random, so its URL is unguessable). */
  @Column({ name: 'logo_file', type: 'varchar', length: 80, nullable: true }) logoFile!: string | null;

  @Column({ type: 'varchar', length: 8, default: 'unknown' }) state!: ServerState;
  @Column({ name: 'alert_reason', type: 'varchar', length: 12, nullable: true })
  alertReason!: ServerAlertReason | null;
  @Column({ name: 'state_since', type: 'timestamptz', nullable: true }) stateSince!: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt!: Date;
}

/** A point of presence (the Area List's row). */
@Entity('pop')
@Index('pop_tenant_name_key', ['tenantId', 'name'], { unique: true })
export class PopEntity {
  @PrimaryGeneratedColumn('uuid') id!: string;

  @Column({ name: 'tenant_id', type: 'uuid' }) tenantId!: string;
  @ManyToOne(() => TenantEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'tenant_id' })
  tenant?: TenantEntity;

  @Column({ type: 'varchar', length: 100 }) name!: string;
  @Column({ name: 'area_name', type: 'varchar', length: 100, nullable: true }) areaName!: string | null;

  @Column({ name: 'branch_id', type: 'uuid', nullable: true }) branchId!: string | null;
  @ManyToOne(() => BranchEntity, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'branch_id' })
  branch?: BranchEntity | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt!: Date;
}

/** A device on one of a POP's power circuits, pinged to tell whether that power is on (the Pop List's row). */
@Entity('pop_source')
@Index('pop_source_tenant_ip_key', ['tenantId', 'ip'], { unique: true })
@Index('pop_source_pop_idx', ['popId'])
export class PopSourceEntity {
  @PrimaryGeneratedColumn('uuid') id!: string;

  @Column({ name: 'tenant_id', type: 'uuid' }) tenantId!: string;
  @ManyToOne(() => TenantEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'tenant_id' })
  tenant?: TenantEntity;

  @Column({ name: 'pop_id', type: 'uuid' }) popId!: string;
  @ManyToOne(() => PopEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'pop_id' })
  pop?: PopEntity;

  @Column({ type: 'varchar', length: 45 }) ip!: string;
  @Column({ type: 'varchar', length: 10 }) type!: PopSourceType;
  /** Grace in minutes before silence counts as down (spec 'Pop Alive Time', default 0). */
  @Column({ name: 'alive_minutes', type: 'integer', default: 0 }) aliveMinutes!: number;

  @Column({ type: 'varchar', length: 8, default: 'unknown' }) state!: PopSourceState;
  @Column({ name: 'state_since', type: 'timestamptz', nullable: true }) stateSince!: Date | null;
  @Column({ name: 'last_reply_at', type: 'timestamptz', nullable: true }) lastReplyAt!: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt!: Date;
}

/** One outage of one power source (the Pop Log's row); `up_at` null while it goes on. */
@Entity('pop_outage')
@Index('pop_outage_tenant_down_idx', ['tenantId', 'downAt'])
@Index('pop_outage_source_idx', ['sourceId', 'downAt'])
@Index('pop_outage_open_key', ['sourceId'], { unique: true, where: '"up_at" IS NULL' })
export class PopOutageEntity {
  @PrimaryGeneratedColumn('uuid') id!: string;

  @Column({ name: 'tenant_id', type: 'uuid' }) tenantId!: string;
  @ManyToOne(() => TenantEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'tenant_id' })
  tenant?: TenantEntity;

  @Column({ name: 'source_id', type: 'uuid' }) sourceId!: string;
  @ManyToOne(() => PopSourceEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'source_id' })
  source?: PopSourceEntity;

  /** The POP, address and type as they were when the outage began (kept if the source is edited). */
  @Column({ name: 'pop_id', type: 'uuid' }) popId!: string;
  @Column({ type: 'varchar', length: 45 }) ip!: string;
  @Column({ type: 'varchar', length: 10 }) type!: PopSourceType;

  @Column({ name: 'down_at', type: 'timestamptz' }) downAt!: Date;
  @Column({ name: 'up_at', type: 'timestamptz', nullable: true }) upAt!: Date | null;
}

/** An ISP service (the Service List's row). */
@Entity('isp_service')
@Index('isp_service_tenant_name_key', ['tenantId', 'name'], { unique: true })
export class IspServiceEntity {
  @PrimaryGeneratedColumn('uuid') id!: string;

  @Column({ name: 'tenant_id', type: 'uuid' }) tenantId!: string;
  @ManyToOne(() => TenantEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'tenant_id' })
  tenant?: TenantEntity;

  @Column({ type: 'varchar', length: 100 }) name!: string;
  @Column({ type: 'boolean', default: true }) active!: boolean;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt!: Date;
}
