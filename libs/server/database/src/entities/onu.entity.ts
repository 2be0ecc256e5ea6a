import type { OnuDownReasonCode, OnuReading, OnuStatusCode } from '@pondesk/contracts';
import { ONU_SEARCH_SQL } from '../onu-search';
import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** Latest known state of one ONU, upserted by every poll of its OLT. */
@Entity('onu')
@Index('onu_olt_port_onu_uq', ['oltId', 'ponPort', 'onuId'], { unique: true })
// The sorts on readings, one index per direction where blanks go last both ways (DESC NULLS LAST and
// expressions): created by SQL in OnuSeenOrder and OnuSortCovers. The search text, the sorts and filters
// on what seldom changes (port, ONU id, status, vendor, description, distance), MAC and PPPoE ids are
// indexed on the narrow table `onu_search`, which triggers keep (OnuSearchTable, OnuListKeys).
@Index('onu_sort_rx_idx', { synchronize: false })
@Index('onu_sort_rx_desc_idx', { synchronize: false })
@Index('onu_sort_tx_idx', { synchronize: false })
@Index('onu_sort_tx_desc_idx', { synchronize: false })
@Index('onu_sort_seen_idx', { synchronize: false })
@Index('onu_sort_seen_desc_idx', { synchronize: false })
// Offline ONUs by reason (a partial index): OnuListKeys.
@Index('onu_offline_idx', { synchronize: false })
export class OnuEntity implements OnuReading {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column({ name: 'tenant_id', type: 'uuid' }) tenantId!: string;
  @Column({ name: 'olt_id', type: 'uuid' }) oltId!: string;
  @Column({ name: 'pon_port', type: 'int' }) ponPort!: number;
  @Column({ name: 'onu_id', type: 'int' }) onuId!: number;
  /** The interface name as the OLT writes it, e.g. `EPON0/1:5` or `gpon-onu_1/1/1:5`. */
  @Column({ name: 'if_name', type: 'varchar', length: 64 }) ifName!: string;
  @Column({ type: 'varchar', length: 17, nullable: true }) mac!: string | null;
  @Column({ type: 'varchar', length: 32, nullable: true }) serial!: string | null;
  @Column({ type: 'varchar', length: 255, nullable: true }) description!: string | null;
  @Column({ name: 'pppoe_ids', type: 'text', array: true, default: () => "'{}'" }) pppoeIds!: string[];
  /** Set by an operator (Update Data): polls keep these ids instead of parsing the description. */
  @Column({ name: 'pppoe_manual', type: 'boolean', default: false }) pppoeManual!: boolean;
  @Column({ type: 'varchar', length: 10 }) status!: OnuStatusCode;
  @Column({ type: 'varchar', length: 12, nullable: true }) reason!: OnuDownReasonCode | null;
  @Column({ name: 'reason_raw', type: 'varchar', length: 120, nullable: true }) reasonRaw!: string | null;
  @Column({ name: 'rx_dbm', type: 'real', nullable: true }) rxDbm!: number | null;
  @Column({ name: 'tx_dbm', type: 'real', nullable: true }) txDbm!: number | null;
  @Column({ name: 'temperature_c', type: 'real', nullable: true }) temperatureC!: number | null;
  @Column({ name: 'voltage_v', type: 'real', nullable: true }) voltageV!: number | null;
  @Column({ name: 'bias_ma', type: 'real', nullable: true }) biasMa!: number | null;
  @Column({ name: 'distance_m', type: 'int', nullable: true }) distanceM!: number | null;
  @Column({ type: 'varchar', length: 64, nullable: true }) vendor!: string | null;
  @Column({ type: 'varchar', length: 64, nullable: true }) model!: string | null;
  @Column({ name: 'last_seen_at', type: 'timestamptz', nullable: true }) lastSeenAt!: Date | null;
  @Column({ name: 'status_changed_at', type: 'timestamptz', nullable: true }) statusChangedAt!: Date | null;
  @Column({ name: 'last_down_at', type: 'timestamptz', nullable: true }) lastDownAt!: Date | null;
  /** rx and time of the last stored sample: a new one is written on a 0.5 dB move or after an hour. */
  @Column({ name: 'sampled_rx_dbm', type: 'real', nullable: true }) sampledRxDbm!: number | null;
  @Column({ name: 'sampled_at', type: 'timestamptz', nullable: true }) sampledAt!: Date | null;
  /**
   * Every field the search box matches, lowercased into one string and kept by Postgres on every write:
   * a search tests this column instead of building the string again for each candidate row.
   */
  @Column({
    name: 'search_text',
    type: 'text',
    generatedType: 'STORED',
    asExpression: ONU_SEARCH_SQL('onu'),
    select: false,
    insert: false,
    update: false,
  })
  searchText!: string;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt!: Date;
}
