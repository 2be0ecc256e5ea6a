import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Brackets, DataSource, Repository } from 'typeorm';
import {
  billingDay,
  type BillingTargetType,
  type Paged,
  type PaymentAttempt,
  type PlatformInvoice,
} from '@pondesk/contracts';
import { BkashPaymentEntity, InvoiceEntity } from '@pondesk/server-database';
import { paymentReceiver, toInvoice, toPaymentAttempt } from '@pondesk/server-billing';
import type { PlatformActor } from '../../common/auth/actor';
import { likePattern, pageOf } from '../../common/http/page-query.dto';
import { AuditService } from '../audit/audit.service';
import type { PaymentAttemptQueryDto, PlatformInvoiceQueryDto } from './dto/overview.dto';
import { invoiceNotDue, invoiceNotFound } from './platform-billing.exception';

const DEVICE_TABLES: Readonly<Record<BillingTargetType, string>> = { olt: 'olt', switch: 'switch' };

/** The platform administrator's view of every tenant's invoices and bKash payments. */
@Injectable()
export class BillingOverviewService {
  constructor(
    private readonly db: DataSource,
    @InjectRepository(InvoiceEntity) private readonly invoices: Repository<InvoiceEntity>,
    @InjectRepository(BkashPaymentEntity) private readonly payments: Repository<BkashPaymentEntity>,
    private readonly audit: AuditService,
  ) {}

  /** Newest first; `search` matches the invoice number or the ISP's name. */
  async listInvoices(query: PlatformInvoiceQueryDto): Promise<Paged<PlatformInvoice>> {
    const { page, pageSize, skip } = pageOf(query);
    const qb = this.invoices
      .createQueryBuilder('i')
      .leftJoin('tenant', 't', 't.id = i.tenant_id')
      .orderBy('i.created_at', 'DESC')
      .addOrderBy('i.id', 'DESC')
      .skip(skip)
      .take(pageSize);
    if (query.tenantId) qb.andWhere('i.tenant_id = :tenantId', { tenantId: query.tenantId });
    if (query.status && query.status !== 'all') qb.andWhere('i.status = :status', { status: query.status });
    const term = query.search?.trim();
    if (term)
      qb.andWhere(
        new Brackets((w) =>
          w.where('i.invoice_no ILIKE :s', { s: likePattern(term) }).orWhere('t.isp_name ILIKE :s'),
        ),
      );
    const [rows, total] = await qb.getManyAndCount();
    const items = await this.toPlatformInvoices(rows);
    return { items, total, page, pageSize };
  }

  /** Cancels a due invoice (a paid one is cancelled by refunding its payment). */
  async cancelInvoice(actor: PlatformActor, id: string, reason: string): Promise<PlatformInvoice> {
    await this.db.transaction(async (m) => {
      const repo = m.getRepository(InvoiceEntity);
      const before = await repo.findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
      if (!before) throw invoiceNotFound();
      if (before.status !== 'due') throw invoiceNotDue(before.status);
      const change = { status: 'cancelled' as const, cancelledAt: new Date(), cancelReason: reason };
      await repo.update({ id }, change);
      await this.audit.record(
        actor,
        {
          action: 'invoice.cancel',
          entityType: 'invoice',
          entityId: id,
          tenantId: before.tenantId,
          before: { invoiceNo: before.invoiceNo, status: before.status },
          after: { invoiceNo: before.invoiceNo, ...change },
        },
        m,
      );
    });
    const [invoice] = await this.toPlatformInvoices(await this.invoices.findBy({ id }));
    return invoice;
  }

  /** Newest first; `search` matches bKash's ids, our invoice numbers or the ISP's name. */
  async listPayments(query: PaymentAttemptQueryDto): Promise<Paged<PaymentAttempt>> {
    const { page, pageSize, skip } = pageOf(query);
    const qb = this.payments
      .createQueryBuilder('p')
      .leftJoin('tenant', 't', 't.id = p.tenant_id')
      .leftJoin('invoice', 'i', 'i.id = p.invoice_id')
      .orderBy('p.created_at', 'DESC')
      .addOrderBy('p.id', 'DESC')
      .skip(skip)
      .take(pageSize);
    if (query.state) qb.andWhere('p.state = :state', { state: query.state });
    const term = query.search?.trim();
    if (term)
      qb.andWhere(
        new Brackets((w) =>
          w
            .where('p.merchant_invoice_number ILIKE :s', { s: likePattern(term) })
            .orWhere('p.payment_id ILIKE :s')
            .orWhere('p.trx_id ILIKE :s')
            .orWhere('p.refund_trx_id ILIKE :s')
            .orWhere('i.invoice_no ILIKE :s')
            .orWhere('t.isp_name ILIKE :s'),
        ),
      );
    const [rows, total] = await qb.getManyAndCount();
    return { items: await this.toAttempts(rows), total, page, pageSize };
  }

  async payment(id: string): Promise<PaymentAttempt | null> {
    const row = await this.payments.findOne({ where: { id } });
    return row ? (await this.toAttempts([row]))[0] : null;
  }

  private async toPlatformInvoices(rows: InvoiceEntity[]): Promise<PlatformInvoice[]> {
    const [names, expiries, receiver] = await Promise.all([
      this.tenantNames(rows.map((r) => r.tenantId)),
      this.deviceExpiries(rows),
      paymentReceiver(this.db.manager),
    ]);
    const today = billingDay();
    return rows.map((row) => ({
      ...toInvoice(row, {
        paymentReceiver: receiver,
        targetExpiresOn: expiries.get(`${row.targetType}:${row.targetId}`) ?? null,
        today,
      }),
      tenantId: row.tenantId,
      tenantName: names.get(row.tenantId) ?? null,
    }));
  }

  private async toAttempts(rows: BkashPaymentEntity[]): Promise<PaymentAttempt[]> {
    const invoiceIds = [...new Set(rows.map((r) => r.invoiceId))];
    const [names, invoiceNos] = await Promise.all([
      this.tenantNames(rows.map((r) => r.tenantId)),
      invoiceIds.length
        ? (this.db.query(`SELECT id, invoice_no FROM invoice WHERE id = ANY($1)`, [invoiceIds]) as Promise<
            { id: string; invoice_no: string }[]
          >)
        : Promise.resolve([]),
    ]);
    const numbers = new Map(invoiceNos.map((r) => [r.id, r.invoice_no]));
    return rows.map((p) =>
      toPaymentAttempt(p, {
        invoiceNo: numbers.get(p.invoiceId) ?? '',
        tenantName: names.get(p.tenantId) ?? null,
      }),
    );
  }

  private async tenantNames(ids: string[]): Promise<Map<string, string | null>> {
    const unique = [...new Set(ids)];
    if (!unique.length) return new Map();
    const rows: { id: string; isp_name: string | null }[] = await this.db.query(
      `SELECT id, isp_name FROM tenant WHERE id = ANY($1)`,
      [unique],
    );
    return new Map(rows.map((r) => [r.id, r.isp_name]));
  }

  /** Current expiry of each invoice's device, keyed `<type>:<id>` (absent: the device is gone). */
  private async deviceExpiries(rows: InvoiceEntity[]): Promise<Map<string, string | null>> {
    const out = new Map<string, string | null>();
    for (const type of Object.keys(DEVICE_TABLES) as BillingTargetType[]) {
      const ids = [...new Set(rows.filter((r) => r.targetType === type).map((r) => r.targetId))];
      if (!ids.length) continue;
      const found: { id: string; expires_on: string | null }[] = await this.db.query(
        `SELECT id, expires_on::text AS expires_on FROM "${DEVICE_TABLES[type]}" WHERE id = ANY($1)`,
        [ids],
      );
      for (const d of found) out.set(`${type}:${d.id}`, d.expires_on);
    }
    return out;
  }
}
