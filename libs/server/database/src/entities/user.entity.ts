import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  JoinTable,
  ManyToMany,
  ManyToOne,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';
import { BranchEntity } from './branch.entity';
import { RoleEntity } from './role.entity';
import { TenantEntity } from './tenant.entity';

/** A person signing in to one tenant. Usernames (lower case) and emails are unique across tenants. */
@Entity('app_user')
@Index('ix_app_user_tenant', ['tenantId'])
export class UserEntity {
  @PrimaryGeneratedColumn('uuid') id!: string;

  @Column({ name: 'tenant_id', type: 'uuid' }) tenantId!: string;
  @ManyToOne(() => TenantEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'tenant_id' })
  tenant?: TenantEntity;

  @Index('uq_app_user_username', { unique: true })
  @Column({ type: 'varchar', length: 50 })
  username!: string;

  @Index('uq_app_user_email', { unique: true })
  @Column({ type: 'varchar', length: 254 })
  email!: string;

  /** argon2id; null until a password is set (admins may create users without one). */
  @Column({ name: 'password_hash', type: 'varchar', length: 255, nullable: true })
  passwordHash!: string | null;

  @Column({ name: 'contact_number', type: 'varchar', length: 20, nullable: true })
  contactNumber!: string | null;
  @Column({ type: 'varchar', length: 255, nullable: true }) address!: string | null;
  @Column({ name: 'isp_name', type: 'varchar', length: 120, nullable: true }) ispName!: string | null;

  /** File name under the photo directory (random, so its URL is unguessable). */
  @Column({ name: 'photo_file', type: 'varchar', length: 80, nullable: true }) photoFile!: string | null;

  @Column({ type: 'varchar', length: 10, default: 'active' }) status!: 'active' | 'hold';

  @Column({ name: 'role_id', type: 'uuid', nullable: true }) roleId!: string | null;
  @ManyToOne(() => RoleEntity, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'role_id' })
  role?: RoleEntity | null;

  @ManyToMany(() => BranchEntity)
  @JoinTable({
    name: 'user_branch',
    joinColumn: { name: 'user_id', referencedColumnName: 'id' },
    inverseJoinColumn: { name: 'branch_id', referencedColumnName: 'id' },
  })
  branches?: BranchEntity[];

  @Column({ name: 'user_price', type: 'numeric', precision: 12, scale: 2, default: 0 }) userPrice!: string;
  @Column({ name: 'send_msg', type: 'boolean', default: false }) sendMsg!: boolean;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt!: Date;
}
