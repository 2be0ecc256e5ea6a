import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, QueryFailedError, Repository, type EntityManager } from 'typeorm';
import type { BillingCycle, BillingPackage } from '@pondesk/contracts';
import { BillingCycleEntity, BillingPackageEntity } from '@pondesk/server-database';
import type { PlatformActor } from '../../common/auth/actor';
import { AuditService } from '../audit/audit.service';
import type { BillingCycleDto, BillingPackageDto } from './dto/catalogue.dto';
import { cycleMonthsTaken, cycleNotFound, packageNotFound } from './platform-billing.exception';

function toPackage(p: BillingPackageEntity): BillingPackage {
  return {
    id: p.id,
    kind: p.kind,
    name: p.name,
    portCount: p.portCount,
    oltModes: p.oltModes,
    description: p.description,
    monthlyPricePoisha: p.monthlyPricePoisha,
    active: p.active,
    sortOrder: p.sortOrder,
  };
}

function toCycle(c: BillingCycleEntity): BillingCycle {
  return { id: c.id, months: c.months, label: c.label, active: c.active };
}

const isUniqueViolation = (error: unknown): boolean =>
  error instanceof QueryFailedError && (error.driverError as { code?: unknown })?.code === '23505';

/**
 * The catalogue the platform sells: packages and 'Select Month' cycles. Nothing is deleted: an inactive
 * package or cycle is no longer offered, and invoices that name it keep their copy of its name and price.
 */
@Injectable()
export class CatalogueService {
  constructor(
    private readonly db: DataSource,
    @InjectRepository(BillingPackageEntity) private readonly packages: Repository<BillingPackageEntity>,
    @InjectRepository(BillingCycleEntity) private readonly cycles: Repository<BillingCycleEntity>,
    private readonly audit: AuditService,
  ) {}

  async listPackages(): Promise<BillingPackage[]> {
    const rows = await this.packages.find({
      order: { kind: 'ASC', sortOrder: 'ASC', name: 'ASC', id: 'ASC' },
    });
    return rows.map(toPackage);
  }

  createPackage(actor: PlatformActor, body: BillingPackageDto): Promise<BillingPackage> {
    return this.db.transaction(async (m) => {
      const repo = m.getRepository(BillingPackageEntity);
      const saved = await repo.save(repo.create({ ...body }));
      await this.record(m, actor, 'billing-package.create', 'billing_package', saved.id, { after: saved });
      return toPackage(saved);
    });
  }

  updatePackage(actor: PlatformActor, id: string, body: BillingPackageDto): Promise<BillingPackage> {
    return this.db.transaction(async (m) => {
      const repo = m.getRepository(BillingPackageEntity);
      const before = await repo.findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
      if (!before) throw packageNotFound();
      const after = await repo.save(repo.merge(repo.create({ ...before }), body));
      await this.record(m, actor, 'billing-package.update', 'billing_package', id, { before, after });
      return toPackage(after);
    });
  }

  async listCycles(): Promise<BillingCycle[]> {
    const rows = await this.cycles.find({ order: { months: 'ASC' } });
    return rows.map(toCycle);
  }

  async createCycle(actor: PlatformActor, body: BillingCycleDto): Promise<BillingCycle> {
    return this.db
      .transaction(async (m) => {
        const repo = m.getRepository(BillingCycleEntity);
        if (await repo.exists({ where: { months: body.months } })) throw cycleMonthsTaken(body.months);
        const saved = await repo.save(repo.create({ ...body }));
        await this.record(m, actor, 'billing-cycle.create', 'billing_cycle', saved.id, { after: saved });
        return toCycle(saved);
      })
      .catch((error: unknown) => this.monthsTaken(error, body.months));
  }

  async updateCycle(actor: PlatformActor, id: string, body: BillingCycleDto): Promise<BillingCycle> {
    return this.db
      .transaction(async (m) => {
        const repo = m.getRepository(BillingCycleEntity);
        const before = await repo.findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
        if (!before) throw cycleNotFound();
        if (body.months !== before.months && (await repo.exists({ where: { months: body.months } })))
          throw cycleMonthsTaken(body.months);
        const after = await repo.save(repo.merge(repo.create({ ...before }), body));
        await this.record(m, actor, 'billing-cycle.update', 'billing_cycle', id, { before, after });
        return toCycle(after);
      })
      .catch((error: unknown) => this.monthsTaken(error, body.months));
  }

  /** Two saves of the same months at once: the index refuses the second, answered as the check would. */
  private monthsTaken(error: unknown, months: number): never {
    if (isUniqueViolation(error)) throw cycleMonthsTaken(months);
    throw error;
  }

  private record(
    m: EntityManager,
    actor: PlatformActor,
    action: string,
    entityType: string,
    entityId: string,
    change: { before?: object | null; after?: object | null },
  ): Promise<void> {
    // The catalogue belongs to no tenant.
    return this.audit.record(actor, { action, entityType, entityId, tenantId: null, ...change }, m);
  }
}
