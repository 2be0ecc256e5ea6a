import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { TenantEntity } from '@pondesk/server-database';
import { PasswordService } from '../auth/password.service';
import { TenantProvisioningService } from './tenant-provisioning.service';
import { TenantsController } from './tenants.controller';
import { TenantsService } from './tenants.service';

@Module({
  imports: [TypeOrmModule.forFeature([TenantEntity])],
  controllers: [TenantsController],
  // PasswordService is stateless; providing it here keeps tenants independent of the auth module.
  providers: [TenantsService, TenantProvisioningService, PasswordService],
  exports: [TenantProvisioningService],
})
export class TenantsModule {}
