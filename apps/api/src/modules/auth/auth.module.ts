import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import {
  AuthSessionEntity,
  PasswordResetEntity,
  RefreshTokenEntity,
  UserEntity,
} from '@pondesk/server-database';
import { IdentityModule } from '../identity/identity.module';
import { AuthController } from './auth.controller';
import { AuthService } from './auth.service';

@Module({
  imports: [
    TypeOrmModule.forFeature([AuthSessionEntity, RefreshTokenEntity, PasswordResetEntity, UserEntity]),
    IdentityModule,
  ],
  controllers: [AuthController],
  providers: [AuthService],
})
export class AuthModule {}
