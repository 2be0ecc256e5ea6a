import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
} from 'typeorm';
import { AuthSessionEntity } from './auth-session.entity';

/** One opaque refresh token of a session (SHA-256 of it). Used once; presenting it again revokes the session. */
@Entity('refresh_token')
@Index('ix_refresh_token_session', ['sessionId'])
export class RefreshTokenEntity {
  @PrimaryGeneratedColumn('uuid') id!: string;

  @Column({ name: 'session_id', type: 'uuid' }) sessionId!: string;
  @ManyToOne(() => AuthSessionEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'session_id' })
  session?: AuthSessionEntity;

  @Index('uq_refresh_token_hash', { unique: true })
  @Column({ name: 'token_hash', type: 'varchar', length: 64 })
  tokenHash!: string;

  @Column({ name: 'used_at', type: 'timestamptz', nullable: true }) usedAt!: Date | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
}
