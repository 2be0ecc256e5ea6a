import { jsPDF } from 'jspdf';
import { anInvoice } from './fixtures';
import { renderInvoicePdf } from './invoice-pdf';
import { invoicePdfLines, invoiceSheet, type BillTo } from './invoice-sheet';

const billTo: BillTo = {
  name: 'Fast Net ISP',
  address: 'House 4, Road 2, Dhaka',
  phone: '+8801711000000',
  email: 'owner@fastnet.example',
};

describe('the printable invoice', () => {
  it('lists an unpaid invoice', () => {
    expect(invoicePdfLines(invoiceSheet(anInvoice(), billTo))).toEqual([
      'INVOICE',
      'INV-000003',
      'Unpaid',
      'From',
      'PonDesk Ltd',
      'Bill To',
      'Fast Net ISP',
      'House 4, Road 2, Dhaka',
      '+8801711000000',
      'owner@fastnet.example',
      'Invoice No: INV-000003',
      'Issued On: 20 Nov 2026',
      'Status: Unpaid',
      'Expiry If Paid Today: 28 Feb 2027',
      'Description',
      'Months',
      'Price',
      'Amount',
      'GPON 8 package',
      'OLT Core',
      '3 Months',
      'Tk 1,500.00 / month',
      'Tk 4,500.00',
      'Subtotal',
      'Tk 4,500.00',
      'Amount Due',
      'Tk 4,500.00',
      'Thank you for your business.',
    ]);
  });

  it('adds the payment of a paid invoice, and a discount', () => {
    const paid = anInvoice({
      status: 'paid',
      paymentMethod: 'bKash',
      trxId: 'BFK7XQ2A1',
      paidAt: '2026-11-21T04:00:00.000Z',
      periodFrom: '2026-11-29',
      periodTo: '2027-02-28',
      discountPoisha: 50000,
      amountPoisha: 400000,
      targetType: 'switch',
      targetName: 'Agg-1',
    });
    const lines = invoicePdfLines(
      invoiceSheet(paid, { name: null, address: null, phone: null, email: null }),
    );
    expect(lines).toEqual(
      expect.arrayContaining([
        'Paid',
        '—',
        'Paid On: 21 Nov 2026',
        'Payment Method: bKash',
        'Transaction ID: BFK7XQ2A1',
        'Period: 29 Nov 2026 to 28 Feb 2027',
        'Switch Agg-1',
        'Discount',
        '- Tk 500.00',
        'Amount Paid',
        'Tk 4,000.00',
      ]),
    );
    expect(lines).not.toContain('Expiry If Paid Today: 28 Feb 2027');
  });

  it('writes every line as text into a landscape 650 × 500 px page', () => {
    const sheet = invoiceSheet(anInvoice(), billTo);
    const doc = renderInvoicePdf(jsPDF, sheet);
    expect(doc.getNumberOfPages()).toBe(1);
    expect(doc.internal.pageSize.getWidth()).toBe(650);
    expect(doc.internal.pageSize.getHeight()).toBe(500);
    const pdf = doc.output();
    // 650 × 500 CSS px is 487.5 × 375 pt.
    expect(pdf).toMatch(/\/MediaBox \[0 0 487\.5 375\.?\]/);
    expect(pdf).toContain('(INV-000003) Tj');
    expect(pdf).toContain('(Tk 4,500.00) Tj');
    for (const line of invoicePdfLines(sheet))
      expect(pdf).toContain(`(${line.replace(/[()\\]/g, '\\$&')}) Tj`);
  });
});
