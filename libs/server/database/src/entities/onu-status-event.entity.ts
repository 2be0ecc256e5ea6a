import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import type { OnuDownReasonCode, OnuStatusCode } from '@pondesk/contracts';

/** An ONU went offline (with its reason) or came back. */
@Entity('onu_status_event')
@Index('onu_status_event_tenant_time_idx', ['tenantId', 'occurredAt'])
@Index('onu_status_event_onu_time_idx', ['onuRef', 'occurredAt'])
export class OnuStatusEventEntity {
  @PrimaryGeneratedColumn('increment', { type: 'bigint' }) id!: string;
  @Column({ name: 'tenant_id', type: 'uuid' }) tenantId!: string;
  @Column({ name: 'olt_id', type: 'uuid' }) oltId!: string;
  /** `onu.id` of the ONU (named so because `onu_id` is the id within its PON port). */
  @Column({ name: 'onu_ref', type: 'uuid' }) onuRef!: string;
  @Column({ name: 'pon_port', type: 'int' }) ponPort!: number;
  @Column({ name: 'onu_id', type: 'int' }) onuId!: number;
  @Column({ name: 'from_status', type: 'varchar', length: 10, nullable: true })
  fromStatus!: OnuStatusCode | null;
  @Column({ name: 'to_status', type: 'varchar', length: 10 }) toStatus!: OnuStatusCode;
  @Column({ type: 'varchar', length: 12, nullable: true }) reason!: OnuDownReasonCode | null;
  @Column({ name: 'reason_raw', type: 'varchar', length: 120, nullable: true }) reasonRaw!: string | null;
  @Column({ name: 'occurred_at', type: 'timestamptz' }) occurredAt!: Date;
}
