import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { TenantEntity } from '@pondesk/server-database';
import { IdentityModule } from '../identity/identity.module';
import { TenantsController } from './tenants.controller';
import { TenantsService } from './tenants.service';

@Module({
  imports: [TypeOrmModule.forFeature([TenantEntity]), IdentityModule],
  controllers: [TenantsController],
  providers: [TenantsService],
})
export class TenantsModule {}
