import type { PaymentAttemptQuery, PlatformInvoiceQuery } from '@pondesk/contracts';

export const platformKeys = {
  all: ['platform'] as const,
  packages: () => [...platformKeys.all, 'packages'] as const,
  cycles: () => [...platformKeys.all, 'cycles'] as const,
  invoiceLists: () => [...platformKeys.all, 'invoices'] as const,
  invoices: (query: PlatformInvoiceQuery) => [...platformKeys.invoiceLists(), query] as const,
  paymentLists: () => [...platformKeys.all, 'payments'] as const,
  payments: (query: PaymentAttemptQuery) => [...platformKeys.paymentLists(), query] as const,
  content: () => [...platformKeys.all, 'content'] as const,
  support: () => [...platformKeys.content(), 'support'] as const,
  terms: () => [...platformKeys.content(), 'terms'] as const,
  company: () => [...platformKeys.content(), 'company'] as const,
  products: () => [...platformKeys.content(), 'products'] as const,
  events: () => [...platformKeys.content(), 'events'] as const,
};
