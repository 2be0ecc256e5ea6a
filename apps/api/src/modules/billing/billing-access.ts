import { Permission, type BillingTargetType } from '@pondesk/contracts';
import type { TenantActor } from '../../common/auth/actor';

const has = (actor: TenantActor, code: number) => (actor.permissions as number[]).includes(code);

/** Buying (and paying for) a package: 2001 for any device, else 2006 for an OLT or 2004 for a switch. */
export function canBill(actor: TenantActor, targetType: BillingTargetType): boolean {
  return (
    has(actor, Permission.PackageList) ||
    has(actor, targetType === 'olt' ? Permission.OltList : Permission.SwitchList)
  );
}

/**
 * SQL condition on an invoice alias limiting invoices to those the actor may see: the tenant's, and of
 * OLTs only those the user is permitted (per-user OLT permissions; code 2000 sees them all). An invoice
 * stays visible to those permitted after its OLT is deleted.
 */
export function invoiceScope(
  actor: TenantActor,
  alias: string,
): { sql: string; params: Record<string, unknown> } {
  const tenant = `${alias}.tenant_id = :billingTenantId`;
  if (has(actor, Permission.Admin)) return { sql: tenant, params: { billingTenantId: actor.tenantId } };
  return {
    sql: `${tenant} AND (${alias}.target_type <> 'olt' OR ${alias}.target_id IN (SELECT p.olt_id FROM user_olt_permission p WHERE p.user_id = :billingUserId AND p.tenant_id = :billingTenantId))`,
    params: { billingTenantId: actor.tenantId, billingUserId: actor.userId },
  };
}
