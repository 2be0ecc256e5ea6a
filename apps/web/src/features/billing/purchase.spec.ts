import type { BillingCatalogue, BillingPackage } from '@pondesk/contracts';
import {
  initialChoice,
  packagesOfKind,
  purchaseProblem,
  quotePurchase,
  resolvePackageId,
  toCreateInvoice,
  withRequestTarget,
  type BillingTarget,
} from './purchase';

const pkg = (id: string, over: Partial<BillingPackage> = {}): BillingPackage => ({
  id,
  kind: 'olt',
  name: id,
  portCount: 8,
  oltModes: 'GPON',
  description: '',
  monthlyPricePoisha: 150000,
  active: true,
  sortOrder: 0,
  ...over,
});

const olt = (id: string, expiresOn: string | null, packageRef: string | null = null): BillingTarget => ({
  type: 'olt',
  id,
  name: `OLT ${id}`,
  expiresOn,
  packageRef,
});

describe('quotePurchase', () => {
  it('totals months × the monthly price', () => {
    expect(quotePurchase(150000, 3, '2026-11-28', '2026-11-20')).toEqual({
      totalPoisha: 450000,
      total: 'Tk 4,500.00',
      expiresOn: '2027-02-28',
      expiry: '28 Feb 2027',
    });
    expect(quotePurchase(99900, 12, null, '2026-05-10').total).toBe('Tk 11,988.00');
  });

  it('extends from the current expiry while it is today or later', () => {
    expect(quotePurchase(150000, 3, '2026-11-28', '2026-11-28').expiry).toBe('28 Feb 2027');
    expect(quotePurchase(150000, 1, '2027-01-31', '2027-01-15').expiry).toBe('28 Feb 2027');
    expect(quotePurchase(150000, 1, '2028-01-31', '2028-01-01').expiry).toBe('29 Feb 2028');
  });

  it('counts from today for a device never billed or already expired', () => {
    expect(quotePurchase(150000, 1, null, '2027-01-31').expiry).toBe('28 Feb 2027');
    expect(quotePurchase(150000, 6, '2026-03-01', '2026-04-10').expiry).toBe('10 Oct 2026');
  });
});

describe('the purchase popup choices', () => {
  const catalogue: BillingCatalogue = {
    packages: [
      pkg('b', { sortOrder: 2 }),
      pkg('a', { sortOrder: 1 }),
      pkg('off', { active: false }),
      pkg('sw', { kind: 'switch' }),
    ],
    cycles: [],
    paymentsConfigured: true,
  };

  it('offers the active packages of one kind in the operator order', () => {
    expect(packagesOfKind(catalogue, 'olt').map((p) => p.id)).toEqual(['a', 'b']);
    expect(packagesOfKind(catalogue, 'switch').map((p) => p.id)).toEqual(['sw']);
    expect(packagesOfKind(undefined, 'olt')).toEqual([]);
  });

  it("finds the device's package by id, or by name for older switches", () => {
    const offered = [pkg('p1', { name: 'Gold' }), pkg('p2', { name: 'Silver' })];
    expect(resolvePackageId(offered, 'p2')).toBe('p2');
    expect(resolvePackageId(offered, ' gold ')).toBe('p1');
    expect(resolvePackageId(offered, 'Bronze')).toBe('');
    expect(resolvePackageId(offered, null)).toBe('');
    expect(resolvePackageId([pkg('only')], null)).toBe('only');
  });

  it("starts from the card's package or the device's own, with no month", () => {
    const offered = [pkg('p1', { name: 'Gold' }), pkg('p2', { name: 'Silver' })];
    expect(initialChoice({ kind: 'olt', packageId: 'p2' }, offered)).toEqual({
      packageId: 'p2',
      cycleId: '',
      targetId: '',
    });
    expect(initialChoice({ kind: 'olt', target: olt('o1', null, 'Gold') }, offered)).toEqual({
      packageId: 'p1',
      cycleId: '',
      targetId: 'o1',
    });
    expect(initialChoice({ kind: 'olt', packageId: 'gone' }, offered).packageId).toBe('');
  });

  it('asks for a month first and sends nothing without one', () => {
    const none = { packageId: '', cycleId: '', targetId: '' };
    expect(purchaseProblem(none, 'olt', 'now', true)).toBe('Please Select a Month');
    expect(purchaseProblem(none, 'olt', 'later', true)).toBe('Please Select a Month');
    expect(purchaseProblem({ ...none, cycleId: 'c3' }, 'olt', 'now', true)).toBe('Please Select a Package');
    expect(purchaseProblem({ ...none, cycleId: 'c3', packageId: 'p1' }, 'olt', 'now', true)).toBe(
      'Please Select an OLT',
    );
    expect(purchaseProblem({ ...none, cycleId: 'c3', packageId: 'p1' }, 'switch', 'later', true)).toBe(
      'Please Select a Switch',
    );
  });

  it('refuses Pay Now without bKash, but lets Pay Later issue the invoice', () => {
    const full = { packageId: 'p1', cycleId: 'c3', targetId: 'o1' };
    expect(purchaseProblem(full, 'olt', 'now', false)).toBe(
      'Online payment is not configured on this server. Please contact support to pay.',
    );
    expect(purchaseProblem(full, 'olt', 'later', false)).toBeNull();
    expect(purchaseProblem(full, 'olt', 'now', true)).toBeNull();
  });

  it('builds the invoice request of complete choices', () => {
    expect(toCreateInvoice({ packageId: 'p1', cycleId: 'c3', targetId: 's9' }, 'switch')).toEqual({
      packageId: 'p1',
      cycleId: 'c3',
      targetType: 'switch',
      targetId: 's9',
    });
  });

  it("keeps the row's own device in the list, even when the list cannot show it", () => {
    const listed = [olt('o1', null), olt('o2', null)];
    expect(withRequestTarget(listed, olt('o2', null)).map((t) => t.id)).toEqual(['o1', 'o2']);
    expect(withRequestTarget(listed, olt('o9', null)).map((t) => t.id)).toEqual(['o9', 'o1', 'o2']);
    expect(withRequestTarget(undefined, olt('o9', null)).map((t) => t.id)).toEqual(['o9']);
    expect(withRequestTarget(undefined, null)).toEqual([]);
  });
});
