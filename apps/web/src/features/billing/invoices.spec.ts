import { anInvoice } from './fixtures';
import { invoiceExpiry, invoicePages, invoiceQuery, invoiceRow } from './invoices';

describe('the invoice card', () => {
  it('asks the server for the filter and page, ten rows a page', () => {
    expect(invoiceQuery('all', 1)).toEqual({ status: 'all', page: 1, pageSize: 10 });
    expect(invoiceQuery('paid', 3)).toEqual({ status: 'paid', page: 3, pageSize: 10 });
    expect(invoiceQuery('due', 2)).toEqual({ status: 'due', page: 2, pageSize: 10 });
    expect(invoiceQuery('due', 0)).toEqual({ status: 'due', page: 1, pageSize: 10 });
  });

  it('counts pages, one at least', () => {
    expect(invoicePages(0)).toBe(1);
    expect(invoicePages(10)).toBe(1);
    expect(invoicePages(11)).toBe(2);
    expect(invoicePages(95)).toBe(10);
  });

  it('shows an unpaid invoice with Pay and the expiry it would give today', () => {
    expect(invoiceRow(anInvoice())).toEqual({
      receiver: 'PonDesk Ltd',
      status: 'Unpaid',
      invoiceNo: 'INV-000003',
      months: '3 Months',
      expiry: '28 Feb 2027',
      amount: 'Tk 4,500.00',
      device: 'OLT Core',
      payable: true,
    });
  });

  it('shows a paid invoice with the period it credited and no Pay', () => {
    const paid = anInvoice({
      status: 'paid',
      periodFrom: '2026-12-01',
      periodTo: '2027-03-31',
      paidAt: '2026-11-21T04:00:00.000Z',
      trxId: 'TRX123',
    });
    expect(invoiceExpiry(paid)).toBe('2027-03-31');
    expect(invoiceRow(paid)).toMatchObject({ status: 'Paid', expiry: '31 Mar 2027', payable: false });
  });

  it('shows a cancelled invoice as Cancelled, not payable', () => {
    expect(invoiceRow(anInvoice({ status: 'cancelled' }))).toMatchObject({
      status: 'Cancelled',
      payable: false,
    });
  });
});
