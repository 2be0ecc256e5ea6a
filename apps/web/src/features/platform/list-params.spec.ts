import {
  CONTENT_TABS,
  canRefund,
  parseInvoiceParams,
  parsePaymentParams,
  reasonError,
  tabOf,
  tabPath,
  tenantInvoicesPath,
  toInvoiceQuery,
  toInvoiceSearchParams,
  toPaymentQuery,
  toPaymentSearchParams,
  updatePaymentParams,
} from './list-params';

describe('tabs in the address', () => {
  it('reads a known tab, else the first', () => {
    expect(tabOf(new URLSearchParams('tab=events'), CONTENT_TABS)).toBe('events');
    expect(tabOf(new URLSearchParams('tab=nope'), CONTENT_TABS)).toBe('support');
    expect(tabOf(new URLSearchParams(''), CONTENT_TABS)).toBe('support');
  });

  it("gives the first tab the route's bare address", () => {
    expect(tabPath('/platform/content', CONTENT_TABS, 'support')).toBe('/platform/content');
    expect(tabPath('/platform/content', CONTENT_TABS, 'products')).toBe('/platform/content?tab=products');
  });
});

describe('payments list params', () => {
  it('drops values the server would refuse and sends the rest', () => {
    const p = parsePaymentParams(new URLSearchParams('state=bogus&page=-2&q=INV-7'));
    expect(p).toEqual({ page: 1, state: '', q: 'INV-7' });
    expect(toPaymentQuery({ page: 3, state: 'completed', q: ' 8N7A ' })).toEqual({
      page: 3,
      pageSize: 20,
      state: 'completed',
      search: '8N7A',
    });
  });

  it('starts again at page 1 when a filter changes, and keeps the address plain', () => {
    expect(updatePaymentParams({ page: 4, state: '', q: '' }, { state: 'failed' })).toEqual({
      page: 1,
      state: 'failed',
      q: '',
    });
    expect(toPaymentSearchParams({ page: 1, state: '', q: '' }).toString()).toBe('');
    expect(toPaymentSearchParams({ page: 2, state: 'failed', q: 'x' }).toString()).toBe(
      'state=failed&q=x&page=2',
    );
  });

  it('refunds only completed payments not yet refunded', () => {
    expect(canRefund({ state: 'completed', refundedAt: null })).toBe(true);
    expect(canRefund({ state: 'completed', refundedAt: '2026-01-01T00:00:00Z' })).toBe(false);
    expect(canRefund({ state: 'failed', refundedAt: null })).toBe(false);
  });
});

describe('invoices list params', () => {
  const tenant = '1b4e28ba-2fa1-11d2-883f-0016d3cca427';

  it('keeps the tab and a tenant given by id', () => {
    const p = parseInvoiceParams(
      new URLSearchParams(`tab=invoices&status=due&tenant=${tenant.toUpperCase()}&page=2`),
    );
    expect(p).toEqual({ page: 2, status: 'due', tenant, q: '' });
    expect(toInvoiceQuery(p)).toEqual({
      page: 2,
      pageSize: 20,
      status: 'due',
      tenantId: tenant,
      search: undefined,
    });
    expect(toInvoiceSearchParams(p).toString()).toBe(`tab=invoices&status=due&tenant=${tenant}&page=2`);
    expect(parseInvoiceParams(new URLSearchParams('tenant=abc&status=all'))).toEqual({
      page: 1,
      status: '',
      tenant: '',
      q: '',
    });
  });

  it("links a payment's tenant to their invoices", () => {
    expect(tenantInvoicesPath(tenant)).toBe(`/platform/payments?tab=invoices&tenant=${tenant}`);
  });
});

describe('reasons', () => {
  it('needs one, of at most 200 characters', () => {
    expect(reasonError('  ')).toBe('Please give a reason');
    expect(reasonError('Paid twice')).toBeUndefined();
    expect(reasonError('x'.repeat(201))).toBe('At most 200 characters');
    expect(reasonError('Refund & close')).toBe('The reason cannot contain <, > or &');
    expect(reasonError('<b>')).toBe('The reason cannot contain <, > or &');
  });
});
