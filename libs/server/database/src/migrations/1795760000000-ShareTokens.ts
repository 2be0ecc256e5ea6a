import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Share links: read-only tokens scoped to a tenant's OLTs (all of them, or the listed `olt_ids`). Only
 * the token's SHA-256 is kept (unique: the public routes find the token by it) and its last 4
 * characters to show it masked. Listed per tenant, newest first.
 */
export class ShareTokens1795760000000 implements MigrationInterface {
  name = 'ShareTokens1795760000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "share_token" ("id" uuid NOT NULL DEFAULT uuid_generate_v4(), "tenant_id" uuid NOT NULL,
        "label" character varying(120), "scope" character varying(4) NOT NULL,
        "olt_ids" uuid[] NOT NULL DEFAULT '{}', "token_hash" character(64) NOT NULL,
        "token_last4" character varying(4) NOT NULL, "created_by" uuid,
        "created_by_name" character varying(60) NOT NULL,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "expires_at" TIMESTAMP WITH TIME ZONE, "revoked_at" TIMESTAMP WITH TIME ZONE,
        "last_used_at" TIMESTAMP WITH TIME ZONE, "use_count" integer NOT NULL DEFAULT 0,
        CONSTRAINT "share_token_pkey" PRIMARY KEY ("id"),
        CONSTRAINT "share_token_scope_check" CHECK ("scope" IN ('all', 'olts')),
        CONSTRAINT "share_token_tenant_fk" FOREIGN KEY ("tenant_id") REFERENCES "tenant"("id") ON DELETE CASCADE,
        CONSTRAINT "share_token_created_by_fk" FOREIGN KEY ("created_by") REFERENCES "app_user"("id") ON DELETE SET NULL)`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "share_token_hash_idx" ON "share_token" ("token_hash")`);
    await queryRunner.query(
      `CREATE INDEX "share_token_tenant_created_idx" ON "share_token" ("tenant_id", "created_at" DESC, "id" DESC)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "share_token"`);
  }
}
