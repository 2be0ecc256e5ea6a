import type { BillingCycle, BillingPackage } from '@pondesk/contracts';
import {
  cycleFormErrors,
  cycleServerErrors,
  cycleWithActive,
  packageFormErrors,
  packageFormOf,
  packageServerErrors,
  packageWithActive,
  sortPackages,
  toCycleInput,
  toPackageInput,
  type PackageFormValues,
} from './catalogue-forms';

const PACKAGE: BillingPackage = {
  id: 'p1',
  kind: 'olt',
  name: 'Silver',
  portCount: 8,
  oltModes: 'GPON, EPON',
  description: 'Eight PON ports',
  monthlyPricePoisha: 150050,
  active: true,
  sortOrder: 2,
};

const valid: PackageFormValues = {
  kind: 'switch',
  name: ' Gold ',
  portCount: '16',
  oltModes: 'GPON',
  description: '',
  price: '2500',
  sortOrder: '1',
  active: true,
};

describe('package form', () => {
  it('fills from a package, price in Taka', () => {
    expect(packageFormOf(PACKAGE)).toEqual({
      kind: 'olt',
      name: 'Silver',
      portCount: '8',
      oltModes: 'GPON, EPON',
      description: 'Eight PON ports',
      price: '1500.50',
      sortOrder: '2',
      active: true,
    });
  });

  it('sends the price as poisha and the numbers as numbers', () => {
    expect(packageFormErrors(valid)).toEqual({});
    expect(toPackageInput(valid)).toEqual({
      kind: 'switch',
      name: 'Gold',
      portCount: 16,
      oltModes: 'GPON',
      description: '',
      monthlyPricePoisha: 250000,
      active: true,
      sortOrder: 1,
    });
  });

  it('names every field that is wrong', () => {
    expect(
      packageFormErrors({
        ...valid,
        name: ' ',
        portCount: '0',
        price: '12.345',
        sortOrder: '-1',
        oltModes: 'x'.repeat(81),
      }),
    ).toEqual({
      name: 'Please enter the package name',
      portCount: 'A whole number from 1 to 100000',
      oltModes: 'At most 80 characters',
      price: 'Enter Taka like 1500 or 1500.50',
      sortOrder: 'A whole number from 0 to 9999',
    });
    expect(packageFormErrors({ ...valid, portCount: '2.5', price: '' })).toEqual({
      portCount: 'A whole number from 1 to 100000',
      price: 'Enter the monthly price in Taka',
    });
  });

  it('changes only active when activating or deactivating', () => {
    expect(packageWithActive(PACKAGE, false)).toEqual({
      kind: 'olt',
      name: 'Silver',
      portCount: 8,
      oltModes: 'GPON, EPON',
      description: 'Eight PON ports',
      monthlyPricePoisha: 150050,
      active: false,
      sortOrder: 2,
    });
  });

  it("shows the server's price error under the Taka field", () => {
    expect(
      packageServerErrors({ monthlyPricePoisha: 'must be positive', name: 'taken', other: 'x' }),
    ).toEqual({
      price: 'must be positive',
      name: 'taken',
    });
  });

  it('orders packages by their order number, then name', () => {
    const rows = [
      { ...PACKAGE, id: 'a', name: 'B', sortOrder: 1 },
      { ...PACKAGE, id: 'b', name: 'A', sortOrder: 1 },
      { ...PACKAGE, id: 'c', name: 'Z', sortOrder: 0 },
    ];
    expect(sortPackages(rows).map((r) => r.id)).toEqual(['c', 'b', 'a']);
  });
});

describe('billing cycle form', () => {
  it('takes whole months and names the cycle when the label is left empty', () => {
    expect(cycleFormErrors({ months: '6', label: '', active: true })).toEqual({});
    expect(toCycleInput({ months: '6', label: '', active: true })).toEqual({
      months: 6,
      label: '6 Months',
      active: true,
    });
    expect(toCycleInput({ months: '1', label: ' ', active: false })).toEqual({
      months: 1,
      label: '1 Month',
      active: false,
    });
    expect(toCycleInput({ months: '12', label: 'One year', active: true })).toEqual({
      months: 12,
      label: 'One year',
      active: true,
    });
  });

  it('refuses months outside 1 to 120 and long labels', () => {
    expect(cycleFormErrors({ months: '0', label: 'x'.repeat(41), active: true })).toEqual({
      months: 'A whole number of months from 1 to 120',
      label: 'At most 40 characters',
    });
    expect(cycleFormErrors({ months: 'six', label: '', active: true })).toEqual({
      months: 'A whole number of months from 1 to 120',
    });
  });

  it('maps server errors and toggles active alone', () => {
    expect(cycleServerErrors({ months: 'already offered' })).toEqual({ months: 'already offered' });
    const cycle: BillingCycle = { id: 'c', months: 3, label: '3 Months', active: true };
    expect(cycleWithActive(cycle, false)).toEqual({ months: 3, label: '3 Months', active: false });
  });
});
