import type {
  BillingCycle,
  BillingCycleInput,
  BillingPackage,
  BillingPackageInput,
  PackageKind,
} from '@pondesk/contracts';
import { serverErrorsFor, tooLong, wholeNumber, type FormErrors } from './form-errors';
import { takaInputOf, takaInputToPoisha } from './money';

export const PACKAGE_KIND_LABELS: Record<PackageKind, string> = { olt: 'OLT', switch: 'Switch' };

/** Column sizes of the package and cycle tables. */
export const PACKAGE_LIMITS = {
  name: 80,
  oltModes: 80,
  description: 2000,
  maxPorts: 100_000,
  maxOrder: 9999,
};
export const CYCLE_LIMITS = { label: 40, maxMonths: 120 };

// ---------- packages ----------

export interface PackageFormValues {
  kind: PackageKind;
  name: string;
  portCount: string;
  oltModes: string;
  description: string;
  /** Taka, as typed. */
  price: string;
  sortOrder: string;
  active: boolean;
}
export type PackageFormField = keyof PackageFormValues;
export type PackageFormErrors = FormErrors<PackageFormField>;

export function packageFormOf(p: BillingPackage | null): PackageFormValues {
  if (!p)
    return {
      kind: 'olt',
      name: '',
      portCount: '',
      oltModes: '',
      description: '',
      price: '',
      sortOrder: '0',
      active: true,
    };
  return {
    kind: p.kind,
    name: p.name,
    portCount: String(p.portCount),
    oltModes: p.oltModes,
    description: p.description,
    price: takaInputOf(p.monthlyPricePoisha),
    sortOrder: String(p.sortOrder),
    active: p.active,
  };
}

export function packageFormErrors(v: PackageFormValues): PackageFormErrors {
  const e: PackageFormErrors = {};
  if (!v.name.trim()) e.name = 'Please enter the package name';
  else e.name = tooLong(v.name, PACKAGE_LIMITS.name);
  if (wholeNumber(v.portCount, 1, PACKAGE_LIMITS.maxPorts) === null)
    e.portCount = `A whole number from 1 to ${PACKAGE_LIMITS.maxPorts}`;
  e.oltModes = tooLong(v.oltModes, PACKAGE_LIMITS.oltModes);
  e.description = tooLong(v.description, PACKAGE_LIMITS.description);
  const price = takaInputToPoisha(v.price);
  if ('error' in price) e.price = price.error;
  if (wholeNumber(v.sortOrder, 0, PACKAGE_LIMITS.maxOrder) === null)
    e.sortOrder = `A whole number from 0 to ${PACKAGE_LIMITS.maxOrder}`;
  return Object.fromEntries(Object.entries(e).filter(([, m]) => m)) as PackageFormErrors;
}

/** The API's input from values that passed `packageFormErrors`. */
export function toPackageInput(v: PackageFormValues): BillingPackageInput {
  const price = takaInputToPoisha(v.price);
  return {
    kind: v.kind,
    name: v.name.trim(),
    portCount: Number(v.portCount.trim()),
    oltModes: v.oltModes.trim(),
    description: v.description.trim(),
    monthlyPricePoisha: 'poisha' in price ? price.poisha : 0,
    active: v.active,
    sortOrder: Number(v.sortOrder.trim()),
  };
}

/** The same package with only `active` changed (Activate / Deactivate; packages are never deleted). */
export const packageWithActive = (p: BillingPackage, active: boolean): BillingPackageInput => ({
  kind: p.kind,
  name: p.name,
  portCount: p.portCount,
  oltModes: p.oltModes,
  description: p.description,
  monthlyPricePoisha: p.monthlyPricePoisha,
  active,
  sortOrder: p.sortOrder,
});

const PACKAGE_FIELDS: readonly PackageFormField[] = [
  'kind',
  'name',
  'portCount',
  'oltModes',
  'description',
  'price',
  'sortOrder',
  'active',
];

export const packageServerErrors = (fields: Record<string, string>): PackageFormErrors =>
  serverErrorsFor(fields, PACKAGE_FIELDS, { monthlyPricePoisha: 'price' });

/** Table order: the order number, then the name. */
export const sortPackages = (rows: readonly BillingPackage[]): BillingPackage[] =>
  [...rows].sort((a, b) => a.sortOrder - b.sortOrder || a.name.localeCompare(b.name));

// ---------- billing cycles ----------

export interface CycleFormValues {
  months: string;
  label: string;
  active: boolean;
}
export type CycleFormField = keyof CycleFormValues;
export type CycleFormErrors = FormErrors<CycleFormField>;

export const cycleFormOf = (c: BillingCycle | null): CycleFormValues =>
  c
    ? { months: String(c.months), label: c.label, active: c.active }
    : { months: '', label: '', active: true };

/** '1 Month', '6 Months': what the label says when left empty. */
export const defaultCycleLabel = (months: number): string => `${months} ${months === 1 ? 'Month' : 'Months'}`;

export function cycleFormErrors(v: CycleFormValues): CycleFormErrors {
  const e: CycleFormErrors = {};
  if (wholeNumber(v.months, 1, CYCLE_LIMITS.maxMonths) === null)
    e.months = `A whole number of months from 1 to ${CYCLE_LIMITS.maxMonths}`;
  const label = tooLong(v.label, CYCLE_LIMITS.label);
  if (label) e.label = label;
  return e;
}

export function toCycleInput(v: CycleFormValues): BillingCycleInput {
  const months = Number(v.months.trim());
  return { months, label: v.label.trim() || defaultCycleLabel(months), active: v.active };
}

export const cycleWithActive = (c: BillingCycle, active: boolean): BillingCycleInput => ({
  months: c.months,
  label: c.label,
  active,
});

export const cycleServerErrors = (fields: Record<string, string>): CycleFormErrors =>
  serverErrorsFor(fields, ['months', 'label', 'active'] as const);

export const sortCycles = (rows: readonly BillingCycle[]): BillingCycle[] =>
  [...rows].sort((a, b) => a.months - b.months || a.label.localeCompare(b.label));
