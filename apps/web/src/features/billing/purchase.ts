import {
  BILLING_MESSAGES,
  extendExpiry,
  type BillingCatalogue,
  type BillingPackage,
  type BillingTargetType,
  type CreateInvoiceRequest,
  type PackageKind,
} from '@pondesk/contracts';
import { formatBillingDay, formatTk, targetLabelOf } from './format';

/** A device a package pays for, as the purchase popup needs it. */
export interface BillingTarget {
  type: BillingTargetType;
  id: string;
  name: string;
  /** YYYY-MM-DD, or null when no expiry is recorded yet. */
  expiresOn: string | null;
  /** The package the device is on: a catalogue id, or (older switches) a package name. */
  packageRef: string | null;
}

/** What opens the package popup: a package card, an OLT row's Billing or a switch's Renew. */
export interface PurchaseRequest {
  kind: PackageKind;
  packageId?: string | null;
  target?: BillingTarget | null;
}

/** The popup's choices; '' until one is made. */
export interface PurchaseChoice {
  packageId: string;
  cycleId: string;
  targetId: string;
}

export type PurchaseAction = 'now' | 'later';

export interface PurchaseQuote {
  totalPoisha: number;
  total: string;
  /** YYYY-MM-DD the device would run until if paid today. */
  expiresOn: string;
  expiry: string;
}

/** Total and new expiry of `months` of a package for a device expiring on `currentExpiry` (null: never billed). */
export function quotePurchase(
  monthlyPricePoisha: number,
  months: number,
  currentExpiry: string | null,
  today: string,
): PurchaseQuote {
  const totalPoisha = monthlyPricePoisha * months;
  const expiresOn = extendExpiry(currentExpiry, today, months).to;
  return { totalPoisha, total: formatTk(totalPoisha), expiresOn, expiry: formatBillingDay(expiresOn) };
}

/** The catalogue's packages of one kind that are on offer, in the operator's order. */
export function packagesOfKind(catalogue: BillingCatalogue | undefined, kind: PackageKind): BillingPackage[] {
  return (catalogue?.packages ?? [])
    .filter((p) => p.kind === kind && p.active)
    .sort((a, b) => a.sortOrder - b.sortOrder || a.name.localeCompare(b.name));
}

/**
 * The package a device is on, among those offered: its reference is a package id, or on older switches
 * the package's name. '' when none matches (the user then chooses).
 */
export function resolvePackageId(
  packages: readonly BillingPackage[],
  ref: string | null | undefined,
): string {
  if (!ref) return packages.length === 1 ? packages[0].id : '';
  const wanted = ref.trim().toLowerCase();
  const hit =
    packages.find((p) => p.id === ref) ?? packages.find((p) => p.name.trim().toLowerCase() === wanted);
  return hit?.id ?? (packages.length === 1 ? packages[0].id : '');
}

/** The first choices of a popup: the request's package (or the device's own), and its device. */
export function initialChoice(request: PurchaseRequest, packages: readonly BillingPackage[]): PurchaseChoice {
  const requested = request.packageId && packages.some((p) => p.id === request.packageId);
  return {
    packageId: requested
      ? (request.packageId as string)
      : resolvePackageId(packages, request.target?.packageRef),
    cycleId: '',
    targetId: request.target?.id ?? '',
  };
}

/**
 * Why Pay Now / Pay Later cannot go ahead yet, or null. A missing month is reported first and nothing is
 * sent (spec 1 §5 sends the request anyway; we do not). Pay Now without bKash says so; Pay Later still works.
 */
export function purchaseProblem(
  choice: PurchaseChoice,
  kind: PackageKind,
  action: PurchaseAction,
  paymentsConfigured: boolean,
): string | null {
  if (!choice.cycleId) return BILLING_MESSAGES.selectMonth;
  if (!choice.packageId) return 'Please Select a Package';
  if (!choice.targetId) return `Please Select ${kind === 'olt' ? 'an' : 'a'} ${targetLabelOf(kind)}`;
  if (action === 'now' && !paymentsConfigured) return BILLING_MESSAGES.paymentsNotConfigured;
  return null;
}

/** The POST /billing/invoices body of complete choices. */
export function toCreateInvoice(choice: PurchaseChoice, kind: PackageKind): CreateInvoiceRequest {
  return {
    packageId: choice.packageId,
    cycleId: choice.cycleId,
    targetType: kind,
    targetId: choice.targetId,
  };
}

/** The device list with the request's own device in it, even when the list cannot show it. */
export function withRequestTarget(
  targets: readonly BillingTarget[] | undefined,
  requested: BillingTarget | null | undefined,
): BillingTarget[] {
  const list = [...(targets ?? [])];
  if (requested && !list.some((t) => t.id === requested.id)) list.unshift(requested);
  return list;
}
