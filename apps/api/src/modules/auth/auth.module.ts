import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import {
  AuthSessionEntity,
  PasswordResetEntity,
  RefreshTokenEntity,
  UserEntity,
} from '@pondesk/server-database';
import { TenantsModule } from '../tenants/tenants.module';
import { AuthController } from './auth.controller';
import { AuthService } from './auth.service';
import { IdentityService } from './identity.service';
import { PasswordService } from './password.service';
import { SessionService } from './session.service';

@Module({
  imports: [
    TypeOrmModule.forFeature([AuthSessionEntity, RefreshTokenEntity, PasswordResetEntity, UserEntity]),
    TenantsModule,
  ],
  controllers: [AuthController],
  providers: [AuthService, IdentityService, PasswordService, SessionService],
  exports: [IdentityService, PasswordService, SessionService],
})
export class AuthModule {}
