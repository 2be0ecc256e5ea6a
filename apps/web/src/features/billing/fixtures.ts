import type { Invoice } from '@pondesk/contracts';

/** An invoice as the API answers it, for the specs. */
export const anInvoice = (over: Partial<Invoice> = {}): Invoice => ({
  id: '0b6a1c4e-7f3e-4c4b-9f59-2d1f1a3b5c01',
  number: 3,
  invoiceNo: 'INV-000003',
  status: 'due',
  paymentReceiver: 'PonDesk Ltd',
  paymentMethod: null,
  packageId: 'p1',
  packageName: 'GPON 8',
  months: 3,
  monthlyPricePoisha: 150000,
  amountPoisha: 450000,
  discountPoisha: 0,
  targetType: 'olt',
  targetId: 'o1',
  targetName: 'Core',
  expiresOnIfPaidToday: '2027-02-28',
  periodFrom: null,
  periodTo: null,
  issuedOn: '2026-11-20',
  paidAt: null,
  trxId: null,
  issuedBy: null,
  ...over,
});
