import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { OltEntity } from './olt.entity';
import { UserEntity } from './user.entity';

/** An OLT a user (without code 2000) may see. Removing the OLT or the user removes the link. */
@Entity('user_olt_permission')
@Index('ix_user_olt_permission_tenant', ['tenantId'])
@Index('ix_user_olt_permission_olt', ['oltId'])
export class UserOltPermissionEntity {
  @PrimaryColumn({ name: 'user_id', type: 'uuid' }) userId!: string;
  @PrimaryColumn({ name: 'olt_id', type: 'uuid' }) oltId!: string;

  @ManyToOne(() => UserEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: UserEntity;

  @ManyToOne(() => OltEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'olt_id' })
  olt?: OltEntity;

  @Column({ name: 'tenant_id', type: 'uuid' }) tenantId!: string;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
}
