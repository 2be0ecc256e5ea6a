import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuthSessionEntity } from '@pondesk/server-database';
import { IdentityService } from './identity.service';
import { PasswordService } from './password.service';
import { PhotoStorageService } from './photo-storage.service';
import { SessionService } from './session.service';
import { TenantProvisioningService } from './tenant-provisioning.service';

const SHARED = [
  IdentityService,
  PasswordService,
  PhotoStorageService,
  SessionService,
  TenantProvisioningService,
];

/**
 * Who a user is and how accounts come to be: hashing, sessions, uniqueness, photos and new tenants.
 * Auth, profile, users and tenants build on it; it depends on none of them.
 */
@Module({
  imports: [TypeOrmModule.forFeature([AuthSessionEntity])],
  providers: SHARED,
  exports: SHARED,
})
export class IdentityModule {}
