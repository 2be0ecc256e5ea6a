import type { InactiveOnuRow, ScanFailureCode } from '@pondesk/contracts';
import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { OltEntity } from './olt.entity';

/**
 * The last inactive-ONU scan of one OLT: what the OLT listed (with the stored ONUs' PPPoE ids joined),
 * or why it could not. One row per OLT, replaced by each scan; every user who may see the OLT reads it.
 */
@Entity('inactive_scan_result')
@Index('ix_inactive_scan_result_tenant', ['tenantId'])
export class InactiveScanResultEntity {
  @PrimaryColumn({ name: 'olt_id', type: 'uuid' }) oltId!: string;

  @ManyToOne(() => OltEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'olt_id' })
  olt?: OltEntity;

  @Column({ name: 'tenant_id', type: 'uuid' }) tenantId!: string;
  @Column({ name: 'scanned_at', type: 'timestamptz' }) scannedAt!: Date;
  @Column({ type: 'boolean' }) ok!: boolean;
  @Column({ type: 'varchar', length: 20, nullable: true }) code!: ScanFailureCode | null;
  @Column({ type: 'text', nullable: true }) error!: string | null;
  @Column({ type: 'jsonb', default: () => `'[]'` }) rows!: InactiveOnuRow[];
  @Column({ name: 'duration_ms', type: 'integer' }) durationMs!: number;
}
