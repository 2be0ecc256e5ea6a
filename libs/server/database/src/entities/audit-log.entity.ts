import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** Who changed what and when, with the row before and after (secrets stripped). Append-only. */
@Entity('audit_log')
@Index('ix_audit_log_tenant_time', ['tenantId', 'createdAt'])
// The Audit Log's user and action filters read a page newest first from these, and its pickers walk them.
@Index('ix_audit_log_tenant_action_time', ['tenantId', 'action', 'createdAt'])
@Index('ix_audit_log_tenant_actor_time', ['tenantId', 'actorUserId', 'createdAt'])
export class AuditLogEntity {
  @PrimaryGeneratedColumn('uuid') id!: string;

  /** Null for platform-level changes that belong to no tenant. No FK: the log outlives what it names. */
  @Column({ name: 'tenant_id', type: 'uuid', nullable: true }) tenantId!: string | null;
  @Column({ name: 'actor_user_id', type: 'uuid', nullable: true }) actorUserId!: string | null;
  @Column({ name: 'actor_name', type: 'varchar', length: 60 }) actorName!: string;
  @Column({ type: 'varchar', length: 60 }) action!: string;
  @Column({ name: 'entity_type', type: 'varchar', length: 40 }) entityType!: string;
  @Column({ name: 'entity_id', type: 'varchar', length: 64, nullable: true }) entityId!: string | null;
  @Column({ type: 'jsonb', nullable: true }) before!: Record<string, unknown> | null;
  @Column({ type: 'jsonb', nullable: true }) after!: Record<string, unknown> | null;
  @Column({ type: 'varchar', length: 64, nullable: true }) ip!: string | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
}
