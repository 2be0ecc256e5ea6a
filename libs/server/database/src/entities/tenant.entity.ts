import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** One ISP account. Every tenant-owned row carries its id. */
@Entity('tenant')
export class TenantEntity {
  @PrimaryGeneratedColumn('uuid') id!: string;

  @Column({ name: 'isp_name', type: 'varchar', length: 120, nullable: true }) ispName!: string | null;

  @Column({ name: 'contact_number', type: 'varchar', length: 20, nullable: true })
  contactNumber!: string | null;

  @Column({ type: 'varchar', length: 255, nullable: true }) address!: string | null;

  /** Set once the profile-completion popup succeeded (number confirmed by OTP). */
  @Column({ name: 'profile_confirmed', type: 'boolean', default: false }) profileConfirmed!: boolean;

  /** Secret MikroTik routers send with ingest events; AES-256-GCM encrypted (it must be shown again). */
  @Column({ name: 'ingest_secret_enc', type: 'varchar', length: 200 }) ingestSecretEnc!: string;

  @Column({ type: 'varchar', length: 10, default: 'active' }) status!: 'active' | 'hold';

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt!: Date;
}
