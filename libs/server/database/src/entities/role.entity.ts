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
import { MenuEntity } from './menu.entity';
import { TenantEntity } from './tenant.entity';

/** A set of menus (permission codes) held by users of one tenant. */
@Entity('role')
@Index('uq_role_tenant_code', ['tenantId', 'code'], { unique: true })
@Index('uq_role_tenant_name', ['tenantId', 'name'], { unique: true })
export class RoleEntity {
  @PrimaryGeneratedColumn('uuid') id!: string;

  @Column({ name: 'tenant_id', type: 'uuid' }) tenantId!: string;
  @ManyToOne(() => TenantEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'tenant_id' })
  tenant?: TenantEntity;

  @Column({ type: 'varchar', length: 60 }) name!: string;
  @Column({ type: 'varchar', length: 60 }) code!: string;
  @Column({ type: 'boolean', default: true }) active!: boolean;

  @ManyToMany(() => MenuEntity)
  @JoinTable({
    name: 'role_menu',
    joinColumn: { name: 'role_id', referencedColumnName: 'id' },
    inverseJoinColumn: { name: 'menu_code', referencedColumnName: 'code' },
  })
  menus?: MenuEntity[];

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt!: Date;
}
