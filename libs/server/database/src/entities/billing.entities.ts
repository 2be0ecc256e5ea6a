import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  PrimaryColumn,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';
import type { BillingTargetType, InvoiceStatus, PackageKind, PaymentState } from '@pondesk/contracts';

/** bigint columns arrive from pg as strings; poisha amounts fit a JS number (< 2^53). */
const bigintNumber = {
  to: (v: number | null) => v,
  from: (v: string | null) => (v === null ? null : Number(v)),
};

/** A package the platform sells (catalogue; the platform administrator edits it). */
@Entity('billing_package')
export class BillingPackageEntity {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column({ type: 'varchar', length: 8 }) kind!: PackageKind;
  @Column({ type: 'varchar', length: 80 }) name!: string;
  @Column({ name: 'port_count', type: 'int' }) portCount!: number;
  @Column({ name: 'olt_modes', type: 'varchar', length: 80, default: '' }) oltModes!: string;
  @Column({ type: 'text', default: '' }) description!: string;
  @Column({ name: 'monthly_price_poisha', type: 'bigint', transformer: bigintNumber })
  monthlyPricePoisha!: number;
  @Column({ type: 'boolean', default: true }) active!: boolean;
  @Column({ name: 'sort_order', type: 'int', default: 0 }) sortOrder!: number;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt!: Date;
}

/** A 'Select Month' choice. */
@Entity('billing_cycle')
@Index('billing_cycle_months_uq', ['months'], { unique: true })
export class BillingCycleEntity {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column({ type: 'int' }) months!: number;
  @Column({ type: 'varchar', length: 40 }) label!: string;
  @Column({ type: 'boolean', default: true }) active!: boolean;
}

/** The last invoice number issued per tenant; bumped in the invoice's own transaction, so numbers have no gaps. */
@Entity('invoice_sequence')
export class InvoiceSequenceEntity {
  @PrimaryColumn({ name: 'tenant_id', type: 'uuid' }) tenantId!: string;
  @Column({ name: 'last_number', type: 'int' }) lastNumber!: number;
}

/**
 * An invoice. Its document (number, package, months, prices, amount, target, issue day) never changes once
 * issued — a trigger in the Billing migration refuses such updates; only the status and the payment
 * record (paid_at, trx_id, period, method) move, once.
 */
@Entity('invoice')
@Index('invoice_tenant_number_uq', ['tenantId', 'number'], { unique: true })
@Index('invoice_tenant_status_idx', ['tenantId', 'status', 'number'])
@Index('invoice_target_idx', ['targetType', 'targetId'])
export class InvoiceEntity {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column({ name: 'tenant_id', type: 'uuid' }) tenantId!: string;
  @Column({ type: 'int' }) number!: number;
  @Column({ name: 'invoice_no', type: 'varchar', length: 40 }) invoiceNo!: string;
  @Column({ type: 'varchar', length: 10, default: 'due' }) status!: InvoiceStatus;
  @Column({ name: 'package_id', type: 'uuid' }) packageId!: string;
  @Column({ name: 'package_name', type: 'varchar', length: 80 }) packageName!: string;
  @Column({ type: 'int' }) months!: number;
  @Column({ name: 'monthly_price_poisha', type: 'bigint', transformer: bigintNumber })
  monthlyPricePoisha!: number;
  @Column({ name: 'discount_poisha', type: 'bigint', default: 0, transformer: bigintNumber })
  discountPoisha!: number;
  @Column({ name: 'amount_poisha', type: 'bigint', transformer: bigintNumber }) amountPoisha!: number;
  @Column({ name: 'target_type', type: 'varchar', length: 8 }) targetType!: BillingTargetType;
  @Column({ name: 'target_id', type: 'uuid' }) targetId!: string;
  /** The device's name when issued (the device may be renamed or removed later). */
  @Column({ name: 'target_name', type: 'varchar', length: 120 }) targetName!: string;
  @Column({ name: 'issued_on', type: 'date' }) issuedOn!: string;
  @Column({ name: 'issued_by', type: 'uuid', nullable: true }) issuedBy!: string | null;
  @Column({ name: 'payment_method', type: 'varchar', length: 20, nullable: true }) paymentMethod!:
    string | null;
  @Column({ name: 'paid_at', type: 'timestamptz', nullable: true }) paidAt!: Date | null;
  @Column({ name: 'trx_id', type: 'varchar', length: 40, nullable: true }) trxId!: string | null;
  @Column({ name: 'period_from', type: 'date', nullable: true }) periodFrom!: string | null;
  @Column({ name: 'period_to', type: 'date', nullable: true }) periodTo!: string | null;
  @Column({ name: 'cancelled_at', type: 'timestamptz', nullable: true }) cancelledAt!: Date | null;
  @Column({ name: 'cancel_reason', type: 'varchar', length: 200, nullable: true }) cancelReason!:
    string | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
}

/**
 * One bKash payment attempt (INTEGRATIONS §1.5). A fresh merchant invoice number per attempt
 * (`<invoice>-A<n>`); the row exists before bKash's create is called.
 */
@Entity('bkash_payment')
@Index('bkash_payment_merchant_invoice_uq', ['merchantId', 'merchantInvoiceNumber'], { unique: true })
@Index('bkash_payment_payment_id_uq', ['paymentId'], { unique: true })
@Index('bkash_payment_trx_id_uq', ['trxId'], { unique: true })
@Index('bkash_payment_invoice_idx', ['invoiceId'])
@Index('bkash_payment_open_idx', ['state', 'createdAt'])
export class BkashPaymentEntity {
  @PrimaryGeneratedColumn('uuid') id!: string;
  /** Which merchant credential set (the platform's, or one day an ISP's own). */
  @Column({ name: 'merchant_id', type: 'varchar', length: 40 }) merchantId!: string;
  @Column({ name: 'tenant_id', type: 'uuid' }) tenantId!: string;
  @Column({ name: 'invoice_id', type: 'uuid' }) invoiceId!: string;
  @Column({ name: 'merchant_invoice_number', type: 'varchar', length: 64 }) merchantInvoiceNumber!: string;
  @Column({ name: 'payment_id', type: 'varchar', length: 64, nullable: true }) paymentId!: string | null;
  @Column({ name: 'trx_id', type: 'varchar', length: 40, nullable: true }) trxId!: string | null;
  /** Where bKash sends the customer; reused by a second tab paying the same invoice while this one is open. */
  @Column({ name: 'bkash_url', type: 'varchar', length: 1000, nullable: true }) bkashUrl!: string | null;
  @Column({ name: 'amount_poisha', type: 'bigint', transformer: bigintNumber }) amountPoisha!: number;
  @Column({ type: 'varchar', length: 12, default: 'created' }) state!: PaymentState;
  @Column({ name: 'status_code', type: 'varchar', length: 12, nullable: true }) statusCode!: string | null;
  @Column({ name: 'status_message', type: 'varchar', length: 200, nullable: true }) statusMessage!:
    string | null;
  @Column({ name: 'payer_reference', type: 'varchar', length: 40 }) payerReference!: string;
  @Column({ name: 'created_by', type: 'uuid', nullable: true }) createdBy!: string | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt!: Date;
  @Column({ name: 'completed_at', type: 'timestamptz', nullable: true }) completedAt!: Date | null;
  @Column({ name: 'refund_trx_id', type: 'varchar', length: 40, nullable: true }) refundTrxId!: string | null;
  @Column({ name: 'refunded_at', type: 'timestamptz', nullable: true }) refundedAt!: Date | null;
  @Column({ name: 'refund_amount_poisha', type: 'bigint', nullable: true, transformer: bigintNumber })
  refundAmountPoisha!: number | null;
  @Column({ name: 'refund_reason', type: 'varchar', length: 200, nullable: true }) refundReason!:
    string | null;
}

/** Key–value platform content: 'support', 'terms', 'company' (see `@pondesk/contracts` content types). */
@Entity('platform_setting')
export class PlatformSettingEntity {
  @PrimaryColumn({ type: 'varchar', length: 40 }) key!: string;
  @Column({ type: 'jsonb' }) value!: Record<string, unknown>;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt!: Date;
}

/** 'Other services' shown in the support panel. */
@Entity('other_product')
export class OtherProductEntity {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column({ type: 'varchar', length: 120 }) name!: string;
  @Column({ type: 'text', default: '' }) description!: string;
  @Column({ name: 'photo_url', type: 'varchar', length: 500, default: '' }) photoUrl!: string;
  @Column({ type: 'varchar', length: 500 }) link!: string;
  @Column({ name: 'sort_order', type: 'int', default: 0 }) sortOrder!: number;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
}

/** An announcement shown once per user as a popup while active. */
@Entity('update_event')
@Index('update_event_window_idx', ['startsAt', 'endsAt'])
export class UpdateEventEntity {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column({ type: 'varchar', length: 200 }) note!: string;
  @Column({ type: 'text', default: '' }) description!: string;
  @Column({ name: 'report_link', type: 'varchar', length: 500, default: '' }) reportLink!: string;
  @Column({ name: 'starts_at', type: 'timestamptz' }) startsAt!: Date;
  @Column({ name: 'ends_at', type: 'timestamptz' }) endsAt!: Date;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
}

/** A user closed an event's popup (spec: closing records that this user saw it). */
@Entity('update_event_seen')
export class UpdateEventSeenEntity {
  @PrimaryColumn({ name: 'event_id', type: 'uuid' }) eventId!: string;
  @PrimaryColumn({ name: 'user_id', type: 'uuid' }) userId!: string;
  @CreateDateColumn({ name: 'seen_at', type: 'timestamptz' }) seenAt!: Date;
}
