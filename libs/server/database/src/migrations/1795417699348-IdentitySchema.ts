import type { MigrationInterface, QueryRunner } from 'typeorm';

export class IdentitySchema1795417699348 implements MigrationInterface {
  name = 'IdentitySchema1795417699348';

  async up(queryRunner: QueryRunner): Promise<void> {
    // uuid_generate_v4() below; TypeORM creates the extension on connect, a plain psql run would not.
    await queryRunner.query(`CREATE EXTENSION IF NOT EXISTS "uuid-ossp"`);
    await queryRunner.query(
      `CREATE TABLE "audit_log" ("id" uuid NOT NULL DEFAULT uuid_generate_v4(), "tenant_id" uuid, "actor_user_id" uuid, "actor_name" character varying(60) NOT NULL, "action" character varying(60) NOT NULL, "entity_type" character varying(40) NOT NULL, "entity_id" character varying(64), "before" jsonb, "after" jsonb, "ip" character varying(64), "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_07fefa57f7f5ab8fc3f52b3ed0b" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_audit_log_tenant_time" ON "audit_log"  ("tenant_id", "created_at") `,
    );
    await queryRunner.query(
      `CREATE TABLE "tenant" ("id" uuid NOT NULL DEFAULT uuid_generate_v4(), "isp_name" character varying(120), "contact_number" character varying(20), "address" character varying(255), "profile_confirmed" boolean NOT NULL DEFAULT false, "ingest_secret_enc" character varying(200) NOT NULL, "status" character varying(10) NOT NULL DEFAULT 'active', "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_da8c6efd67bb301e810e56ac139" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "branch" ("id" uuid NOT NULL DEFAULT uuid_generate_v4(), "tenant_id" uuid NOT NULL, "name" character varying(100) NOT NULL, "address" character varying(255), "is_active" boolean NOT NULL DEFAULT true, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_2e39f426e2faefdaa93c5961976" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "ix_branch_tenant" ON "branch"  ("tenant_id") `);
    await queryRunner.query(
      `CREATE TABLE "menu" ("code" integer NOT NULL, "name" character varying(60) NOT NULL, "active" boolean NOT NULL DEFAULT true, CONSTRAINT "PK_a15b1f45a3ebfb807137e1287cd" PRIMARY KEY ("code"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "role" ("id" uuid NOT NULL DEFAULT uuid_generate_v4(), "tenant_id" uuid NOT NULL, "name" character varying(60) NOT NULL, "code" character varying(60) NOT NULL, "active" boolean NOT NULL DEFAULT true, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_b36bcfe02fc8de3c57a8b2391c2" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_role_tenant_name" ON "role"  ("tenant_id", "name") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_role_tenant_code" ON "role"  ("tenant_id", "code") `);
    await queryRunner.query(
      `CREATE TABLE "app_user" ("id" uuid NOT NULL DEFAULT uuid_generate_v4(), "tenant_id" uuid NOT NULL, "username" character varying(50) NOT NULL, "email" character varying(254) NOT NULL, "password_hash" character varying(255), "contact_number" character varying(20), "address" character varying(255), "isp_name" character varying(120), "photo_file" character varying(80), "status" character varying(10) NOT NULL DEFAULT 'active', "role_id" uuid, "user_price" numeric(12,2) NOT NULL DEFAULT '0', "send_msg" boolean NOT NULL DEFAULT false, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_22a5c4a3d9b2fb8e4e73fc4ada1" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_app_user_username" ON "app_user"  ("username") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_app_user_email" ON "app_user"  ("email") `);
    await queryRunner.query(`CREATE INDEX "ix_app_user_tenant" ON "app_user"  ("tenant_id") `);
    await queryRunner.query(
      `CREATE TABLE "auth_session" ("id" uuid NOT NULL DEFAULT uuid_generate_v4(), "user_id" uuid, "is_platform_admin" boolean NOT NULL DEFAULT false, "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, "revoked_at" TIMESTAMP WITH TIME ZONE, "created_ip" character varying(64), "user_agent" character varying(255), "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_19354ed146424a728c1112a8cbf" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "ix_auth_session_user" ON "auth_session"  ("user_id") `);
    await queryRunner.query(
      `CREATE TABLE "otp_challenge" ("id" uuid NOT NULL DEFAULT uuid_generate_v4(), "user_id" uuid NOT NULL, "contact_number" character varying(20) NOT NULL, "code_hash" character varying(64) NOT NULL, "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, "attempts" integer NOT NULL DEFAULT '0', "consumed_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_200fe6e81812616e7f97690cb21" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_otp_challenge_user" ON "otp_challenge"  ("user_id", "created_at") `,
    );
    await queryRunner.query(
      `CREATE TABLE "password_reset" ("id" uuid NOT NULL DEFAULT uuid_generate_v4(), "user_id" uuid NOT NULL, "token_hash" character varying(64) NOT NULL, "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, "used_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_8515e60a2cc41584fa4784f52ce" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "uq_password_reset_hash" ON "password_reset"  ("token_hash") `,
    );
    await queryRunner.query(`CREATE INDEX "ix_password_reset_user" ON "password_reset"  ("user_id") `);
    await queryRunner.query(
      `CREATE TABLE "refresh_token" ("id" uuid NOT NULL DEFAULT uuid_generate_v4(), "session_id" uuid NOT NULL, "token_hash" character varying(64) NOT NULL, "used_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_b575dd3c21fb0831013c909e7fe" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "uq_refresh_token_hash" ON "refresh_token"  ("token_hash") `,
    );
    await queryRunner.query(`CREATE INDEX "ix_refresh_token_session" ON "refresh_token"  ("session_id") `);
    await queryRunner.query(
      `CREATE TABLE "user_olt_permission" ("user_id" uuid NOT NULL, "olt_id" uuid NOT NULL, "tenant_id" uuid NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_b9a7a36920da2839322a7a9c883" PRIMARY KEY ("user_id", "olt_id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_user_olt_permission_tenant" ON "user_olt_permission"  ("tenant_id") `,
    );
    await queryRunner.query(
      `CREATE TABLE "role_menu" ("role_id" uuid NOT NULL, "menu_code" integer NOT NULL, CONSTRAINT "PK_e75bb7986fdfb19f5e7c38f1978" PRIMARY KEY ("role_id", "menu_code"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_25f45e543fbda0c91da4af7a2a" ON "role_menu"  ("role_id") `);
    await queryRunner.query(`CREATE INDEX "IDX_e56e08da5f9cd71eaa3dafd58c" ON "role_menu"  ("menu_code") `);
    await queryRunner.query(
      `CREATE TABLE "user_branch" ("user_id" uuid NOT NULL, "branch_id" uuid NOT NULL, CONSTRAINT "PK_423b3cabe319aebad5e421492bb" PRIMARY KEY ("user_id", "branch_id"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_2f91586e78ee834d1f8c87cd23" ON "user_branch"  ("user_id") `);
    await queryRunner.query(`CREATE INDEX "IDX_9fb98c3fb0e43d5bb743479b3a" ON "user_branch"  ("branch_id") `);
    await queryRunner.query(
      `ALTER TABLE "branch" ADD CONSTRAINT "FK_1f1e36ce4e79451c44ce98c0ea4" FOREIGN KEY ("tenant_id") REFERENCES "tenant"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "role" ADD CONSTRAINT "FK_85e2fec3e4e4f4ab521c4a1a460" FOREIGN KEY ("tenant_id") REFERENCES "tenant"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "app_user" ADD CONSTRAINT "FK_29ed668eb2c458a129aa6bbd31a" FOREIGN KEY ("tenant_id") REFERENCES "tenant"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "app_user" ADD CONSTRAINT "FK_00b3d05ef2cf349712d4bd2513f" FOREIGN KEY ("role_id") REFERENCES "role"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "auth_session" ADD CONSTRAINT "FK_b8783d517fab10672700a39cb49" FOREIGN KEY ("user_id") REFERENCES "app_user"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "otp_challenge" ADD CONSTRAINT "FK_b6a3963bedad02f9d881214edbf" FOREIGN KEY ("user_id") REFERENCES "app_user"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "password_reset" ADD CONSTRAINT "FK_ad88301fdc79593dd222268a8b6" FOREIGN KEY ("user_id") REFERENCES "app_user"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "refresh_token" ADD CONSTRAINT "FK_7643a722ca45fb721be1c63dc0c" FOREIGN KEY ("session_id") REFERENCES "auth_session"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "user_olt_permission" ADD CONSTRAINT "FK_bb0a4e5f2caa02fc07c4b1c4a1a" FOREIGN KEY ("user_id") REFERENCES "app_user"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "role_menu" ADD CONSTRAINT "FK_25f45e543fbda0c91da4af7a2a9" FOREIGN KEY ("role_id") REFERENCES "role"("id") ON DELETE CASCADE ON UPDATE CASCADE`,
    );
    await queryRunner.query(
      `ALTER TABLE "role_menu" ADD CONSTRAINT "FK_e56e08da5f9cd71eaa3dafd58c4" FOREIGN KEY ("menu_code") REFERENCES "menu"("code") ON DELETE CASCADE ON UPDATE CASCADE`,
    );
    await queryRunner.query(
      `ALTER TABLE "user_branch" ADD CONSTRAINT "FK_2f91586e78ee834d1f8c87cd233" FOREIGN KEY ("user_id") REFERENCES "app_user"("id") ON DELETE CASCADE ON UPDATE CASCADE`,
    );
    await queryRunner.query(
      `ALTER TABLE "user_branch" ADD CONSTRAINT "FK_9fb98c3fb0e43d5bb743479b3ad" FOREIGN KEY ("branch_id") REFERENCES "branch"("id") ON DELETE CASCADE ON UPDATE CASCADE`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "user_branch" DROP CONSTRAINT "FK_9fb98c3fb0e43d5bb743479b3ad"`);
    await queryRunner.query(`ALTER TABLE "user_branch" DROP CONSTRAINT "FK_2f91586e78ee834d1f8c87cd233"`);
    await queryRunner.query(`ALTER TABLE "role_menu" DROP CONSTRAINT "FK_e56e08da5f9cd71eaa3dafd58c4"`);
    await queryRunner.query(`ALTER TABLE "role_menu" DROP CONSTRAINT "FK_25f45e543fbda0c91da4af7a2a9"`);
    await queryRunner.query(
      `ALTER TABLE "user_olt_permission" DROP CONSTRAINT "FK_bb0a4e5f2caa02fc07c4b1c4a1a"`,
    );
    await queryRunner.query(`ALTER TABLE "refresh_token" DROP CONSTRAINT "FK_7643a722ca45fb721be1c63dc0c"`);
    await queryRunner.query(`ALTER TABLE "password_reset" DROP CONSTRAINT "FK_ad88301fdc79593dd222268a8b6"`);
    await queryRunner.query(`ALTER TABLE "otp_challenge" DROP CONSTRAINT "FK_b6a3963bedad02f9d881214edbf"`);
    await queryRunner.query(`ALTER TABLE "auth_session" DROP CONSTRAINT "FK_b8783d517fab10672700a39cb49"`);
    await queryRunner.query(`ALTER TABLE "app_user" DROP CONSTRAINT "FK_00b3d05ef2cf349712d4bd2513f"`);
    await queryRunner.query(`ALTER TABLE "app_user" DROP CONSTRAINT "FK_29ed668eb2c458a129aa6bbd31a"`);
    await queryRunner.query(`ALTER TABLE "role" DROP CONSTRAINT "FK_85e2fec3e4e4f4ab521c4a1a460"`);
    await queryRunner.query(`ALTER TABLE "branch" DROP CONSTRAINT "FK_1f1e36ce4e79451c44ce98c0ea4"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_9fb98c3fb0e43d5bb743479b3a"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_2f91586e78ee834d1f8c87cd23"`);
    await queryRunner.query(`DROP TABLE "user_branch"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_e56e08da5f9cd71eaa3dafd58c"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_25f45e543fbda0c91da4af7a2a"`);
    await queryRunner.query(`DROP TABLE "role_menu"`);
    await queryRunner.query(`DROP INDEX "public"."ix_user_olt_permission_tenant"`);
    await queryRunner.query(`DROP TABLE "user_olt_permission"`);
    await queryRunner.query(`DROP INDEX "public"."ix_refresh_token_session"`);
    await queryRunner.query(`DROP INDEX "public"."uq_refresh_token_hash"`);
    await queryRunner.query(`DROP TABLE "refresh_token"`);
    await queryRunner.query(`DROP INDEX "public"."ix_password_reset_user"`);
    await queryRunner.query(`DROP INDEX "public"."uq_password_reset_hash"`);
    await queryRunner.query(`DROP TABLE "password_reset"`);
    await queryRunner.query(`DROP INDEX "public"."ix_otp_challenge_user"`);
    await queryRunner.query(`DROP TABLE "otp_challenge"`);
    await queryRunner.query(`DROP INDEX "public"."ix_auth_session_user"`);
    await queryRunner.query(`DROP TABLE "auth_session"`);
    await queryRunner.query(`DROP INDEX "public"."ix_app_user_tenant"`);
    await queryRunner.query(`DROP INDEX "public"."uq_app_user_email"`);
    await queryRunner.query(`DROP INDEX "public"."uq_app_user_username"`);
    await queryRunner.query(`DROP TABLE "app_user"`);
    await queryRunner.query(`DROP INDEX "public"."uq_role_tenant_code"`);
    await queryRunner.query(`DROP INDEX "public"."uq_role_tenant_name"`);
    await queryRunner.query(`DROP TABLE "role"`);
    await queryRunner.query(`DROP TABLE "menu"`);
    await queryRunner.query(`DROP INDEX "public"."ix_branch_tenant"`);
    await queryRunner.query(`DROP TABLE "branch"`);
    await queryRunner.query(`DROP TABLE "tenant"`);
    await queryRunner.query(`DROP INDEX "public"."ix_audit_log_tenant_time"`);
    await queryRunner.query(`DROP TABLE "audit_log"`);
  }
}
