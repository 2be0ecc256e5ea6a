import type { BillingTargetRow, OltRow, SwitchRow } from '@pondesk/contracts';
import type { BillingTarget } from './purchase';

/** An OLT row; the list may also name the package the OLT is on. */
export type BilledOltRow = OltRow & { billingPackage?: string | null };

export const targetFromOlt = (row: BilledOltRow): BillingTarget => ({
  type: 'olt',
  id: row.id,
  name: row.name,
  expiresOn: row.expiresOn,
  packageRef: row.billingPackage ?? null,
});

export const targetFromSwitch = (row: SwitchRow): BillingTarget => ({
  type: 'switch',
  id: row.id,
  name: row.name,
  expiresOn: row.expiresOn,
  packageRef: row.billingPackage,
});

export const targetFromBillingRow = (row: BillingTargetRow): BillingTarget => ({
  type: row.type,
  id: row.id,
  name: row.name,
  expiresOn: row.expiresOn,
  packageRef: row.billingPackageId ?? row.billingPackage,
});
