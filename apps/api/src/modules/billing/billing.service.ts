import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import {
  billingDay,
  expiryState,
  type BillingCatalogue,
  type BillingTargetRow,
  type BillingTargetType,
  type Invoice,
  type InvoiceList,
} from '@pondesk/contracts';
import { InvoiceError, issueInvoice, paymentReceiver, toInvoice } from '@pondesk/server-billing';
import { APP_CONFIG, bkashSettings, type AppConfig } from '@pondesk/server-config';
import { BillingCycleEntity, BillingPackageEntity, InvoiceEntity } from '@pondesk/server-database';
import type { TenantActor } from '../../common/auth/actor';
import { pageOf } from '../../common/http/page-query.dto';
import { OltAccessService } from '../../common/olt-access/olt-access.service';
import { AuditService } from '../audit/audit.service';
import { canBill, invoiceScope } from './billing-access';
import { invoiceHttpError, invoiceNotFound, targetKindForbidden, targetNotFound } from './billing.exception';
import type { CreateInvoiceDto } from './dto/create-invoice.dto';
import type { InvoiceQueryDto } from './dto/invoice-query.dto';

/** The catalogue a tenant buys from, and the tenant's invoices. */
@Injectable()
export class BillingService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly access: OltAccessService,
    private readonly audit: AuditService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async catalogue(): Promise<BillingCatalogue> {
    const [packages, cycles] = await Promise.all([
      this.db.getRepository(BillingPackageEntity).find({
        where: { active: true },
        order: { sortOrder: 'ASC', name: 'ASC', id: 'ASC' },
      }),
      this.db.getRepository(BillingCycleEntity).find({ where: { active: true }, order: { months: 'ASC' } }),
    ]);
    return {
      packages: packages.map((p) => ({
        id: p.id,
        kind: p.kind,
        name: p.name,
        portCount: p.portCount,
        oltModes: p.oltModes,
        description: p.description,
        monthlyPricePoisha: p.monthlyPricePoisha,
        active: p.active,
        sortOrder: p.sortOrder,
      })),
      cycles: cycles.map((c) => ({ id: c.id, months: c.months, label: c.label, active: c.active })),
      paymentsConfigured: bkashSettings(this.config) !== null,
    };
  }

  /** Newest number first; `status` all (default), paid or due. */
  async list(actor: TenantActor, query: InvoiceQueryDto): Promise<InvoiceList> {
    const { page, pageSize, skip } = pageOf(query);
    const { sql, params } = invoiceScope(actor, 'i');
    const qb = this.db.getRepository(InvoiceEntity).createQueryBuilder('i').where(sql, params);
    if (query.status && query.status !== 'all') qb.andWhere('i.status = :status', { status: query.status });
    const [rows, total] = await qb
      .orderBy('i.number', 'DESC')
      .addOrderBy('i.id', 'DESC')
      .skip(skip)
      .take(pageSize)
      .getManyAndCount();
    return { items: await this.toContracts(rows), total, page, pageSize };
  }

  async get(actor: TenantActor, id: string): Promise<Invoice> {
    const [invoice] = await this.toContracts([await this.findVisible(actor, id)]);
    return invoice;
  }

  /** Pay Later, and the first step of Pay Now: a due invoice for one of the tenant's devices. */
  async create(actor: TenantActor, dto: CreateInvoiceDto): Promise<Invoice> {
    if (!canBill(actor, dto.targetType)) throw targetKindForbidden(dto.targetType);
    if (dto.targetType === 'olt' && !(await this.access.canSee(actor, dto.targetId)))
      throw targetNotFound('olt');
    const invoice = await this.db.transaction(async (tx) => {
      let row: InvoiceEntity;
      try {
        row = await issueInvoice(tx, {
          tenantId: actor.tenantId,
          userId: actor.userId,
          packageId: dto.packageId,
          cycleId: dto.cycleId,
          targetType: dto.targetType,
          targetId: dto.targetId,
        });
      } catch (error) {
        if (error instanceof InvoiceError) throw invoiceHttpError(error, dto.targetType);
        throw error;
      }
      await this.audit.record(
        actor,
        {
          action: 'invoice.create',
          entityType: 'invoice',
          entityId: row.id,
          after: {
            invoiceNo: row.invoiceNo,
            packageName: row.packageName,
            months: row.months,
            amountPoisha: row.amountPoisha,
            targetType: row.targetType,
            targetId: row.targetId,
            targetName: row.targetName,
          },
        },
        tx,
      );
      return row;
    });
    const [created] = await this.toContracts([invoice]);
    return created;
  }

  /** The devices of one kind the actor may buy a package for (visible ones; OLTs as the OLT list scopes them). */
  async targets(actor: TenantActor, kind: BillingTargetType): Promise<BillingTargetRow[]> {
    if (!canBill(actor, kind)) throw targetKindForbidden(kind);
    const table = kind === 'olt' ? 'olt' : 'switch';
    const scope =
      kind === 'olt'
        ? this.access.scope(actor, 'd')
        : { sql: 'd.tenant_id = :scopeTenantId', params: { scopeTenantId: actor.tenantId } };
    const rows: {
      id: string;
      name: string;
      expires_on: string | null;
      billing_package_id: string | null;
      billing_package: string | null;
    }[] = await this.db
      .createQueryBuilder()
      .select(['d.id AS id', 'd.name AS name', 'd.billing_package_id AS billing_package_id'])
      .addSelect(`to_char(d.expires_on, 'YYYY-MM-DD')`, 'expires_on')
      .addSelect('d.billing_package', 'billing_package')
      .from(table, 'd')
      .where(scope.sql, scope.params)
      .andWhere('d.show = true')
      .orderBy('lower(d.name)', 'ASC')
      .addOrderBy('d.id', 'ASC')
      .getRawMany();
    const today = billingDay();
    return rows.map((r) => ({
      type: kind,
      id: r.id,
      name: r.name,
      expiresOn: r.expires_on,
      expiryState: expiryState(r.expires_on, today),
      billingPackageId: r.billing_package_id,
      billingPackage: r.billing_package,
    }));
  }

  /** One of the tenant's invoices the actor may see (another tenant's, or of an OLT not permitted: 404). */
  async findVisible(
    actor: TenantActor,
    id: string,
    manager: EntityManager = this.db.manager,
  ): Promise<InvoiceEntity> {
    const { sql, params } = invoiceScope(actor, 'i');
    const row = await manager
      .getRepository(InvoiceEntity)
      .createQueryBuilder('i')
      .where(sql, params)
      .andWhere('i.id = :id', { id })
      .getOne();
    if (!row) throw invoiceNotFound();
    return row;
  }

  /** Contract views, with each device's current expiry (one query per device kind). */
  async toContracts(rows: InvoiceEntity[]): Promise<Invoice[]> {
    if (!rows.length) return [];
    const receiver = await paymentReceiver(this.db.manager);
    const expiries = new Map<string, string | null>();
    for (const type of ['olt', 'switch'] as BillingTargetType[]) {
      const ids = [...new Set(rows.filter((r) => r.targetType === type).map((r) => r.targetId))];
      if (!ids.length) continue;
      const found: { id: string; expires_on: string | null }[] = await this.db.query(
        `SELECT id, expires_on::text AS expires_on FROM ${type === 'olt' ? 'olt' : 'switch'} WHERE id = ANY($1::uuid[])`,
        [ids],
      );
      for (const f of found) expiries.set(`${type}:${f.id}`, f.expires_on);
    }
    const today = billingDay();
    return rows.map((row) =>
      toInvoice(row, {
        paymentReceiver: receiver,
        targetExpiresOn: expiries.get(`${row.targetType}:${row.targetId}`) ?? null,
        today,
      }),
    );
  }
}
