import type { InvoiceQuery, PackageKind } from '@pondesk/contracts';

export const billingKeys = {
  all: ['billing'] as const,
  catalogue: () => [...billingKeys.all, 'catalogue'] as const,
  invoiceLists: () => [...billingKeys.all, 'invoices'] as const,
  invoices: (query: InvoiceQuery) => [...billingKeys.invoiceLists(), query] as const,
  invoice: (id: string) => [...billingKeys.all, 'invoice', id] as const,
  payment: (id: string) => [...billingKeys.all, 'payment', id] as const,
  expiryNotices: () => [...billingKeys.all, 'expiry-notices'] as const,
  targets: (kind: PackageKind) => [...billingKeys.all, 'targets', kind] as const,
};
