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

/** A 6-digit code sent by SMS to confirm a contact number (HMAC of it): 120 s, 5 attempts. */
@Entity('otp_challenge')
@Index('ix_otp_challenge_user', ['userId', 'createdAt'])
export class OtpChallengeEntity {
  @PrimaryGeneratedColumn('uuid') id!: string;

  @Column({ name: 'user_id', type: 'uuid' }) userId!: string;
  @ManyToOne(() => UserEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: UserEntity;

  @Column({ name: 'contact_number', type: 'varchar', length: 20 }) contactNumber!: string;
  @Column({ name: 'code_hash', type: 'varchar', length: 64 }) codeHash!: string;
  @Column({ name: 'expires_at', type: 'timestamptz' }) expiresAt!: Date;
  @Column({ type: 'int', default: 0 }) attempts!: number;
  @Column({ name: 'consumed_at', type: 'timestamptz', nullable: true }) consumedAt!: Date | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
}
