import type { OltBrandCode, OltModeCode, OltStatus } from '@pondesk/contracts';
import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** One OLT of a tenant. Credentials are sealed with the SecretBox (AES-256-GCM) and never leave the server. */
@Entity('olt')
@Index('olt_tenant_code_uq', ['tenantId', 'code'], { unique: true })
@Index('olt_tenant_show_idx', ['tenantId', 'show'])
export class OltEntity {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column({ name: 'tenant_id', type: 'uuid' }) tenantId!: string;
  /** The "Olt ID" operators quote (short, unique within the tenant). */
  @Column({ type: 'varchar', length: 40 }) code!: string;
  @Column({ type: 'varchar', length: 120 }) name!: string;
  @Column({ type: 'varchar', length: 255 }) host!: string;
  @Column({ type: 'varchar', length: 10 }) brand!: OltBrandCode;
  @Column({ type: 'varchar', length: 10 }) mode!: OltModeCode;
  @Column({ type: 'varchar', length: 80, nullable: true }) model!: string | null;
  @Column({ name: 'snmp_port', type: 'int', default: 161 }) snmpPort!: number;
  @Column({ name: 'telnet_port', type: 'int', default: 23 }) telnetPort!: number;
  @Column({ name: 'http_port', type: 'int', nullable: true }) httpPort!: number | null;
  @Column({ type: 'varchar', length: 80, nullable: true }) username!: string | null;
  @Column({ name: 'password_enc', type: 'text', nullable: true }) passwordEnc!: string | null;
  @Column({ name: 'enable_password_enc', type: 'text', nullable: true }) enablePasswordEnc!: string | null;
  @Column({ name: 'snmp_community_enc', type: 'text' }) snmpCommunityEnc!: string;
  @Column({ name: 'snmp_write_community_enc', type: 'text', nullable: true }) snmpWriteCommunityEnc!:
    string | null;
  @Column({ type: 'text', nullable: true }) description!: string | null;
  @Column({ name: 'branch_id', type: 'uuid', nullable: true }) branchId!: string | null;

  @Column({ name: 'mikrotik_host', type: 'varchar', length: 255, nullable: true }) mikrotikHost!:
    string | null;
  @Column({ name: 'mikrotik_port', type: 'int', nullable: true }) mikrotikPort!: number | null;
  @Column({ name: 'mikrotik_username', type: 'varchar', length: 80, nullable: true }) mikrotikUsername!:
    string | null;
  @Column({ name: 'mikrotik_password_enc', type: 'text', nullable: true }) mikrotikPasswordEnc!:
    string | null;

  /** Short names the device logs show for the OLT and its router (migration DeviceLogs). */
  @Column({ name: 'log_name', type: 'varchar', length: 40, nullable: true }) logName!: string | null;
  @Column({ name: 'mikrotik_log_name', type: 'varchar', length: 40, nullable: true }) mikrotikLogName!:
    string | null;

  @Column({ name: 'whatsapp_id', type: 'varchar', length: 120, nullable: true }) whatsappId!: string | null;
  @Column({ name: 'telegram_id', type: 'varchar', length: 120, nullable: true }) telegramId!: string | null;
  @Column({ name: 'data_collection_ratio', type: 'int', nullable: true }) dataCollectionRatio!: number | null;
  @Column({ name: 'db_alert_range', type: 'real', nullable: true }) dbAlertRange!: number | null;
  /** Billing choice as entered on Add OLT (a catalogue package's name, kept as text). */
  @Column({ name: 'billing_package', type: 'varchar', length: 80, nullable: true }) billingPackage!:
    string | null;
  @Column({ name: 'billing_months', type: 'int', nullable: true }) billingMonths!: number | null;
  /** The catalogue package chosen on Add OLT or last paid for. */
  @Column({ name: 'billing_package_id', type: 'uuid', nullable: true }) billingPackageId!: string | null;
  /** Paid up to and including this day (YYYY-MM-DD); null: never billed (works without limit). */
  @Column({ name: 'expires_on', type: 'date', nullable: true }) expiresOn!: string | null;

  @Column({ name: 'poll_interval_seconds', type: 'int', default: 300 }) pollIntervalSeconds!: number;
  /** Soft delete: hidden OLTs are neither listed nor polled. */
  @Column({ type: 'boolean', default: true }) show!: boolean;

  @Column({ type: 'varchar', length: 10, default: 'unknown' }) status!: OltStatus;
  @Column({ name: 'consecutive_failures', type: 'int', default: 0 }) consecutiveFailures!: number;
  @Column({ name: 'last_polled_at', type: 'timestamptz', nullable: true }) lastPolledAt!: Date | null;
  /** The last poll the OLT answered in full (`lastPolledAt` also counts failed ones). */
  @Column({ name: 'last_good_poll_at', type: 'timestamptz', nullable: true }) lastGoodPollAt!: Date | null;
  @Column({ name: 'last_poll_duration_ms', type: 'int', nullable: true }) lastPollDurationMs!: number | null;
  @Column({ name: 'last_error', type: 'text', nullable: true }) lastError!: string | null;
  @Column({ name: 'last_checked_at', type: 'timestamptz', nullable: true }) lastCheckedAt!: Date | null;
  @Column({ name: 'cpu_percent', type: 'real', nullable: true }) cpuPercent!: number | null;
  @Column({ name: 'memory_percent', type: 'real', nullable: true }) memoryPercent!: number | null;
  @Column({ name: 'uptime_seconds', type: 'bigint', nullable: true }) uptimeSeconds!: string | null;
  @Column({ name: 'pon_port_count', type: 'int', nullable: true }) ponPortCount!: number | null;
  @Column({ name: 'onu_count', type: 'int', default: 0 }) onuCount!: number;
  @Column({ name: 'online_onu_count', type: 'int', default: 0 }) onlineOnuCount!: number;
  /** The OLT's ONU figures (see `OltOnuStats`), kept by every writer of its ONUs. */
  @Column({ name: 'onu_stats', type: 'jsonb', default: () => "'{}'" }) onuStats!: Record<string, unknown>;

  @Column({ name: 'created_by', type: 'uuid', nullable: true }) createdBy!: string | null;
  @Column({ name: 'updated_by', type: 'uuid', nullable: true }) updatedBy!: string | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt!: Date;
}
