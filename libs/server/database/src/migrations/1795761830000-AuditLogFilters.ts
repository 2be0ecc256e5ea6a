import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The Audit Log screen filters by user and by action, newest first: each filter reads its page from an
 * index in that order instead of sorting every row of the tenant, and the filter pickers walk the same
 * indexes one distinct user or action at a time.
 */
export class AuditLogFilters1795761830000 implements MigrationInterface {
  name = 'AuditLogFilters1795761830000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE INDEX "ix_audit_log_tenant_action_time" ON "audit_log" ("tenant_id", "action", "created_at") `,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_audit_log_tenant_actor_time" ON "audit_log" ("tenant_id", "actor_user_id", "created_at") `,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."ix_audit_log_tenant_actor_time"`);
    await queryRunner.query(`DROP INDEX "public"."ix_audit_log_tenant_action_time"`);
  }
}
