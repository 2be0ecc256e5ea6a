import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** Hourly min/avg/max of an ONU's rx, for long chart ranges. Raw samples live in the partitioned `onu_signal_sample`. */
@Entity('onu_signal_hourly')
// (onu_ref, hour) INCLUDE (rx_min, rx_avg, rx_max), which TypeORM cannot describe: SQL in SignalHourlyCover.
@Index('onu_signal_hourly_cover_idx', { synchronize: false })
export class OnuSignalHourlyEntity {
  @PrimaryColumn({ name: 'onu_ref', type: 'uuid' }) onuRef!: string;
  @PrimaryColumn({ type: 'timestamptz' }) hour!: Date;
  @Column({ name: 'tenant_id', type: 'uuid' }) tenantId!: string;
  @Column({ name: 'rx_min', type: 'real' }) rxMin!: number;
  @Column({ name: 'rx_avg', type: 'real' }) rxAvg!: number;
  @Column({ name: 'rx_max', type: 'real' }) rxMax!: number;
  @Column({ name: 'sample_count', type: 'int' }) sampleCount!: number;
}
