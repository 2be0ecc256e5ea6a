import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The tenants' VPN accounts on the platform's concentrator: one row per tenant (its id is the key, so
 * concurrent Add VPN requests cannot make two), the PPP secret's name unique across tenants as on the
 * concentrator, its password sealed with the SecretBox.
 */
export class TenantVpn1795809459115 implements MigrationInterface {
  name = 'TenantVpn1795809459115';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "tenant_vpn" ("tenant_id" uuid NOT NULL, "username" character varying(40) NOT NULL, "password_enc" text NOT NULL, "service" character varying(8) NOT NULL, "connection_name" character varying(40) NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "tenant_vpn_pkey" PRIMARY KEY ("tenant_id"))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "tenant_vpn_username_uq" ON "tenant_vpn"  ("username") `);
    await queryRunner.query(
      `ALTER TABLE "tenant_vpn" ADD CONSTRAINT "tenant_vpn_tenant_fk" FOREIGN KEY ("tenant_id") REFERENCES "tenant"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "tenant_vpn" DROP CONSTRAINT "tenant_vpn_tenant_fk"`);
    await queryRunner.query(`DROP INDEX "public"."tenant_vpn_username_uq"`);
    await queryRunner.query(`DROP TABLE "tenant_vpn"`);
  }
}
