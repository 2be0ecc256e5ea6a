import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, Repository } from 'typeorm';
import type { Paged, TenantRow } from '@pondesk/contracts';
import { TenantEntity } from '@pondesk/server-database';
import { APP_CONFIG, type AppConfig } from '@pondesk/server-config';
import type { PlatformActor } from '../../common/auth/actor';
import { likePattern, pageOf, type PageQueryDto } from '../../common/http/page-query.dto';
import { AuditService } from '../audit/audit.service';
import { PasswordService } from '../identity/password.service';
import { SessionService } from '../identity/session.service';
import { TenantProvisioningService } from '../identity/tenant-provisioning.service';
import { assertIdentityFree, mapUniqueViolation } from '../identity/user-uniqueness';
import type { CreateTenantDto, UpdateTenantDto, UpdateTenantStatusDto } from './dto/tenant.dto';
import { tenantNotFound } from './tenants.exception';

/** The platform administrator's view of ISP accounts. */
@Injectable()
export class TenantsService {
  constructor(
    private readonly db: DataSource,
    @InjectRepository(TenantEntity) private readonly tenants: Repository<TenantEntity>,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly provisioning: TenantProvisioningService,
    private readonly passwords: PasswordService,
    private readonly audit: AuditService,
    private readonly sessions: SessionService,
  ) {}

  async list(query: PageQueryDto): Promise<Paged<TenantRow>> {
    const { page, pageSize, skip } = pageOf(query);
    const qb = this.tenants
      .createQueryBuilder('t')
      .orderBy('t.created_at', 'DESC')
      .addOrderBy('t.id')
      .skip(skip)
      .take(pageSize);
    if (query.search) qb.where('t.isp_name ILIKE :s', { s: likePattern(query.search) });
    const [rows, total] = await qb.getManyAndCount();
    const counts = await this.userCounts(rows.map((t) => t.id));
    return { items: rows.map((t) => this.toRow(t, counts.get(t.id) ?? 0)), total, page, pageSize };
  }

  async get(id: string): Promise<TenantRow> {
    const tenant = await this.tenants.findOne({ where: { id } });
    if (!tenant) throw tenantNotFound();
    return this.toRow(tenant, (await this.userCounts([id])).get(id) ?? 0);
  }

  async create(actor: PlatformActor, body: CreateTenantDto): Promise<TenantRow> {
    const passwordHash = await this.passwords.hash(body.password);
    const tenant = await this.db
      .transaction(async (m) => {
        await assertIdentityFree(m, body, { reservedUsername: this.config.PLATFORM_ADMIN_USERNAME });
        const created = await this.provisioning.provision(m, {
          ispName: body.ispName,
          username: body.username,
          email: body.email,
          passwordHash,
        });
        await this.audit.record(
          actor,
          {
            action: 'tenant.create',
            entityType: 'tenant',
            entityId: created.tenant.id,
            tenantId: created.tenant.id,
            after: created.tenant,
          },
          m,
        );
        return created.tenant;
      })
      .catch((error: unknown) => mapUniqueViolation(error));
    return this.get(tenant.id);
  }

  async update(
    actor: PlatformActor,
    id: string,
    body: UpdateTenantDto | UpdateTenantStatusDto,
  ): Promise<TenantRow> {
    await this.db.transaction(async (m) => {
      const repo = m.getRepository(TenantEntity);
      const before = await repo.findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
      if (!before) throw tenantNotFound();
      const after = repo.merge(repo.create({ ...before }), body);
      await repo.save(after);
      // A hold signs every user of the tenant out (as a user hold does), closing their sockets.
      if ('status' in body && body.status === 'hold') await this.sessions.revokeAllForTenant(id, m);
      const action = 'status' in body ? 'tenant.status' : 'tenant.update';
      await this.audit.record(
        actor,
        { action, entityType: 'tenant', entityId: id, tenantId: id, before, after },
        m,
      );
    });
    return this.get(id);
  }

  private async userCounts(ids: string[]): Promise<Map<string, number>> {
    if (!ids.length) return new Map();
    const rows: { tenant_id: string; n: string }[] = await this.db.query(
      `SELECT tenant_id, count(*) AS n FROM app_user WHERE tenant_id = ANY($1) GROUP BY tenant_id`,
      [ids],
    );
    return new Map(rows.map((r) => [r.tenant_id, Number(r.n)]));
  }

  private toRow(t: TenantEntity, userCount: number): TenantRow {
    return {
      id: t.id,
      ispName: t.ispName,
      contactNumber: t.contactNumber,
      address: t.address,
      profileConfirmed: t.profileConfirmed,
      status: t.status,
      userCount,
      createdAt: t.createdAt.toISOString(),
    };
  }
}
