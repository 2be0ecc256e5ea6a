import type { MigrationInterface, QueryRunner } from 'typeorm';

export class Billing1795856236732 implements MigrationInterface {
  name = 'Billing1795856236732';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "billing_package" ("id" uuid NOT NULL DEFAULT uuid_generate_v4(), "kind" character varying(8) NOT NULL, "name" character varying(80) NOT NULL, "port_count" integer NOT NULL, "olt_modes" character varying(80) NOT NULL DEFAULT '', "description" text NOT NULL DEFAULT '', "monthly_price_poisha" bigint NOT NULL, "active" boolean NOT NULL DEFAULT true, "sort_order" integer NOT NULL DEFAULT '0', "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_40597b33409c021dece436a4e85" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "billing_cycle" ("id" uuid NOT NULL DEFAULT uuid_generate_v4(), "months" integer NOT NULL, "label" character varying(40) NOT NULL, "active" boolean NOT NULL DEFAULT true, CONSTRAINT "PK_d5931a1177eb6ed37882f8ad2f3" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "billing_cycle_months_uq" ON "billing_cycle"  ("months") `);
    await queryRunner.query(
      `CREATE TABLE "invoice_sequence" ("tenant_id" uuid NOT NULL, "last_number" integer NOT NULL, CONSTRAINT "PK_0e67b71ec86fda654be45a5e1b0" PRIMARY KEY ("tenant_id"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "invoice" ("id" uuid NOT NULL DEFAULT uuid_generate_v4(), "tenant_id" uuid NOT NULL, "number" integer NOT NULL, "invoice_no" character varying(40) NOT NULL, "status" character varying(10) NOT NULL DEFAULT 'due', "package_id" uuid NOT NULL, "package_name" character varying(80) NOT NULL, "months" integer NOT NULL, "monthly_price_poisha" bigint NOT NULL, "discount_poisha" bigint NOT NULL DEFAULT '0', "amount_poisha" bigint NOT NULL, "target_type" character varying(8) NOT NULL, "target_id" uuid NOT NULL, "target_name" character varying(120) NOT NULL, "issued_on" date NOT NULL, "issued_by" uuid, "payment_method" character varying(20), "paid_at" TIMESTAMP WITH TIME ZONE, "trx_id" character varying(40), "period_from" date, "period_to" date, "cancelled_at" TIMESTAMP WITH TIME ZONE, "cancel_reason" character varying(200), "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_15d25c200d9bcd8a33f698daf18" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "invoice_target_idx" ON "invoice"  ("target_type", "target_id") `);
    await queryRunner.query(
      `CREATE INDEX "invoice_tenant_status_idx" ON "invoice"  ("tenant_id", "status", "number") `,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "invoice_tenant_number_uq" ON "invoice"  ("tenant_id", "number") `,
    );
    await queryRunner.query(
      `CREATE TABLE "bkash_payment" ("id" uuid NOT NULL DEFAULT uuid_generate_v4(), "merchant_id" character varying(40) NOT NULL, "tenant_id" uuid NOT NULL, "invoice_id" uuid NOT NULL, "merchant_invoice_number" character varying(64) NOT NULL, "payment_id" character varying(64), "trx_id" character varying(40), "bkash_url" character varying(1000), "amount_poisha" bigint NOT NULL, "state" character varying(12) NOT NULL DEFAULT 'created', "status_code" character varying(12), "status_message" character varying(200), "payer_reference" character varying(40) NOT NULL, "created_by" uuid, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "completed_at" TIMESTAMP WITH TIME ZONE, "refund_trx_id" character varying(40), "refunded_at" TIMESTAMP WITH TIME ZONE, "refund_amount_poisha" bigint, "refund_reason" character varying(200), CONSTRAINT "PK_f340dd761434c123392ae9dabb9" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "bkash_payment_open_idx" ON "bkash_payment"  ("state", "created_at") `,
    );
    await queryRunner.query(`CREATE INDEX "bkash_payment_invoice_idx" ON "bkash_payment"  ("invoice_id") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "bkash_payment_trx_id_uq" ON "bkash_payment"  ("trx_id") `);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "bkash_payment_payment_id_uq" ON "bkash_payment"  ("payment_id") `,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "bkash_payment_merchant_invoice_uq" ON "bkash_payment"  ("merchant_id", "merchant_invoice_number") `,
    );
    await queryRunner.query(
      `CREATE TABLE "platform_setting" ("key" character varying(40) NOT NULL, "value" jsonb NOT NULL, "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_cb5948921cc25ba8a23662ea99e" PRIMARY KEY ("key"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "other_product" ("id" uuid NOT NULL DEFAULT uuid_generate_v4(), "name" character varying(120) NOT NULL, "description" text NOT NULL DEFAULT '', "photo_url" character varying(500) NOT NULL DEFAULT '', "link" character varying(500) NOT NULL, "sort_order" integer NOT NULL DEFAULT '0', "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_61d46bf02ab541bcdb4abe69308" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "update_event" ("id" uuid NOT NULL DEFAULT uuid_generate_v4(), "note" character varying(200) NOT NULL, "description" text NOT NULL DEFAULT '', "report_link" character varying(500) NOT NULL DEFAULT '', "starts_at" TIMESTAMP WITH TIME ZONE NOT NULL, "ends_at" TIMESTAMP WITH TIME ZONE NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_a6693eb184c2cfcf922063a9170" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "update_event_window_idx" ON "update_event"  ("starts_at", "ends_at") `,
    );
    await queryRunner.query(
      `CREATE TABLE "update_event_seen" ("event_id" uuid NOT NULL, "user_id" uuid NOT NULL, "seen_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_16d90164ad6db15f4b00590be72" PRIMARY KEY ("event_id", "user_id"))`,
    );
    await queryRunner.query(`ALTER TABLE "olt" ADD "billing_package_id" uuid`);
    await queryRunner.query(`ALTER TABLE "olt" ADD "expires_on" date`);
    await queryRunner.query(`ALTER TABLE "switch" ADD "billing_package_id" uuid`);
    // An issued invoice is a document: its content never changes (a correction is a new invoice). Only the
    // status moves (due → paid or cancelled, or paid → cancelled by a refund) with its payment record.
    await queryRunner.query(`CREATE FUNCTION invoice_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (NEW.tenant_id, NEW.number, NEW.invoice_no, NEW.package_id, NEW.package_name, NEW.months,
      NEW.monthly_price_poisha, NEW.discount_poisha, NEW.amount_poisha, NEW.target_type, NEW.target_id,
      NEW.target_name, NEW.issued_on, NEW.issued_by)
     IS DISTINCT FROM
     (OLD.tenant_id, OLD.number, OLD.invoice_no, OLD.package_id, OLD.package_name, OLD.months,
      OLD.monthly_price_poisha, OLD.discount_poisha, OLD.amount_poisha, OLD.target_type, OLD.target_id,
      OLD.target_name, OLD.issued_on, OLD.issued_by) THEN
    RAISE EXCEPTION 'invoice % is issued and cannot be changed', OLD.invoice_no USING ERRCODE = 'check_violation';
  END IF;
  IF OLD.status = 'cancelled' OR (OLD.status = 'paid' AND NEW.status = 'due') THEN
    IF NEW.status IS DISTINCT FROM OLD.status THEN
      RAISE EXCEPTION 'invoice % cannot go from % to %', OLD.invoice_no, OLD.status, NEW.status USING ERRCODE = 'check_violation';
    END IF;
  END IF;
  RETURN NEW;
END $$`);
    await queryRunner.query(
      `CREATE TRIGGER invoice_immutable BEFORE UPDATE ON "invoice" FOR EACH ROW EXECUTE FUNCTION invoice_immutable()`,
    );
    await queryRunner.query(`CREATE FUNCTION invoice_no_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'invoice % is issued and cannot be deleted', OLD.invoice_no USING ERRCODE = 'check_violation';
END $$`);
    await queryRunner.query(
      `CREATE TRIGGER invoice_no_delete BEFORE DELETE ON "invoice" FOR EACH ROW EXECUTE FUNCTION invoice_no_delete()`,
    );
    // Sensible default 'Select Month' choices; packages and prices are the platform operator's to enter.
    await queryRunner.query(
      `INSERT INTO "billing_cycle" ("months", "label") VALUES (1, '1 Month'), (3, '3 Months'), (6, '6 Months'), (12, '12 Months')`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER invoice_no_delete ON "invoice"`);
    await queryRunner.query(`DROP FUNCTION invoice_no_delete()`);
    await queryRunner.query(`DROP TRIGGER invoice_immutable ON "invoice"`);
    await queryRunner.query(`DROP FUNCTION invoice_immutable()`);
    await queryRunner.query(`ALTER TABLE "switch" DROP COLUMN "billing_package_id"`);
    await queryRunner.query(`ALTER TABLE "olt" DROP COLUMN "expires_on"`);
    await queryRunner.query(`ALTER TABLE "olt" DROP COLUMN "billing_package_id"`);
    await queryRunner.query(`DROP TABLE "update_event_seen"`);
    await queryRunner.query(`DROP INDEX "public"."update_event_window_idx"`);
    await queryRunner.query(`DROP TABLE "update_event"`);
    await queryRunner.query(`DROP TABLE "other_product"`);
    await queryRunner.query(`DROP TABLE "platform_setting"`);
    await queryRunner.query(`DROP INDEX "public"."bkash_payment_merchant_invoice_uq"`);
    await queryRunner.query(`DROP INDEX "public"."bkash_payment_payment_id_uq"`);
    await queryRunner.query(`DROP INDEX "public"."bkash_payment_trx_id_uq"`);
    await queryRunner.query(`DROP INDEX "public"."bkash_payment_invoice_idx"`);
    await queryRunner.query(`DROP INDEX "public"."bkash_payment_open_idx"`);
    await queryRunner.query(`DROP TABLE "bkash_payment"`);
    await queryRunner.query(`DROP INDEX "public"."invoice_tenant_number_uq"`);
    await queryRunner.query(`DROP INDEX "public"."invoice_tenant_status_idx"`);
    await queryRunner.query(`DROP INDEX "public"."invoice_target_idx"`);
    await queryRunner.query(`DROP TABLE "invoice"`);
    await queryRunner.query(`DROP TABLE "invoice_sequence"`);
    await queryRunner.query(`DROP INDEX "public"."billing_cycle_months_uq"`);
    await queryRunner.query(`DROP TABLE "billing_cycle"`);
    await queryRunner.query(`DROP TABLE "billing_package"`);
  }
}
