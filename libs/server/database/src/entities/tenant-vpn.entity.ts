import type { VpnService } from '@pondesk/contracts';
import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { TenantEntity } from './tenant.entity';

/**
 * A tenant's account on the platform's VPN concentrator: the PPP secret its router dials in with. One per
 * tenant (the key), so two Add VPN clicks at once cannot make two; the worker writes it right after the
 * secret exists on the concentrator. The password is sealed with the SecretBox, as device credentials
 * are, because the tenant's admin is shown it again (it goes into the router's dial-in command).
 */
@Entity('tenant_vpn')
@Index('tenant_vpn_username_uq', ['username'], { unique: true })
export class TenantVpnEntity {
  @PrimaryColumn({ name: 'tenant_id', type: 'uuid', primaryKeyConstraintName: 'tenant_vpn_pkey' })
  tenantId!: string;
  @ManyToOne(() => TenantEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'tenant_id', foreignKeyConstraintName: 'tenant_vpn_tenant_fk' })
  tenant?: TenantEntity;

  /** The PPP secret's name on the concentrator (`pd-…`, unique there and here). */
  @Column({ type: 'varchar', length: 40 }) username!: string;
  @Column({ name: 'password_enc', type: 'text' }) passwordEnc!: string;
  /** The secret's service as it was made (the command the page shows follows it). */
  @Column({ type: 'varchar', length: 8 }) service!: VpnService;
  /** The interface name the command creates on the tenant's router. */
  @Column({ name: 'connection_name', type: 'varchar', length: 40 }) connectionName!: string;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
}
