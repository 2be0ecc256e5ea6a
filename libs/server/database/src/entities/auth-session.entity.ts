import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
} from 'typeorm';
import { UserEntity } from './user.entity';

/**
 * One sign-in. Access tokens carry its id, so revoking it (logout, hold, password reset, refresh
 * token reuse) ends both the refresh token chain and every access token it issued.
 */
@Entity('auth_session')
@Index('ix_auth_session_user', ['userId'])
export class AuthSessionEntity {
  @PrimaryGeneratedColumn('uuid') id!: string;

  /** Null for the platform administrator, who is configured by the environment, not stored. */
  @Column({ name: 'user_id', type: 'uuid', nullable: true }) userId!: string | null;
  @ManyToOne(() => UserEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: UserEntity | null;

  @Column({ name: 'is_platform_admin', type: 'boolean', default: false }) isPlatformAdmin!: boolean;

  @Column({ name: 'expires_at', type: 'timestamptz' }) expiresAt!: Date;
  @Column({ name: 'revoked_at', type: 'timestamptz', nullable: true }) revokedAt!: Date | null;
  @Column({ name: 'created_ip', type: 'varchar', length: 64, nullable: true }) createdIp!: string | null;
  @Column({ name: 'user_agent', type: 'varchar', length: 255, nullable: true }) userAgent!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
}
