import type {
  BillingCycle,
  BillingCycleInput,
  BillingPackage,
  BillingPackageInput,
  CompanyLinks,
  CancelInvoiceRequest,
  OtherProduct,
  OtherProductInput,
  Paged,
  PaymentAttempt,
  PaymentAttemptQuery,
  PlatformInvoice,
  PlatformInvoiceQuery,
  RefundRequest,
  SupportContact,
  TermsContent,
  UpdateEvent,
  UpdateEventInput,
} from '@pondesk/contracts';
import { http } from '../../shared/http-client';

const id = (value: string) => encodeURIComponent(value);

// ---------- catalogue ----------

export const fetchPackages = (signal?: AbortSignal) =>
  http<BillingPackage[]>('/platform/billing/packages', { signal });
export const createPackage = (body: BillingPackageInput) =>
  http<BillingPackage>('/platform/billing/packages', { method: 'POST', body });
export const updatePackage = (packageId: string, body: BillingPackageInput) =>
  http<BillingPackage>(`/platform/billing/packages/${id(packageId)}`, { method: 'PUT', body });

export const fetchCycles = (signal?: AbortSignal) =>
  http<BillingCycle[]>('/platform/billing/cycles', { signal });
export const createCycle = (body: BillingCycleInput) =>
  http<BillingCycle>('/platform/billing/cycles', { method: 'POST', body });
export const updateCycle = (cycleId: string, body: BillingCycleInput) =>
  http<BillingCycle>(`/platform/billing/cycles/${id(cycleId)}`, { method: 'PUT', body });

// ---------- payments and invoices ----------

export const fetchPlatformInvoices = (query: PlatformInvoiceQuery, signal?: AbortSignal) =>
  http<Paged<PlatformInvoice>>('/platform/billing/invoices', { query: { ...query }, signal });
export const cancelInvoice = (invoiceId: string, body: CancelInvoiceRequest) =>
  http<unknown>(`/platform/billing/invoices/${id(invoiceId)}/cancel`, { method: 'POST', body });

export const fetchPayments = (query: PaymentAttemptQuery, signal?: AbortSignal) =>
  http<Paged<PaymentAttempt>>('/platform/billing/payments', { query: { ...query }, signal });
export const refundPayment = (paymentId: string, body: RefundRequest) =>
  http<unknown>(`/platform/billing/payments/${id(paymentId)}/refund`, { method: 'POST', body });

// ---------- content ----------

export const fetchSupportSettings = (signal?: AbortSignal) =>
  http<SupportContact>('/platform/content/support', { signal });
export const saveSupportSettings = (body: SupportContact) =>
  http<SupportContact>('/platform/content/support', { method: 'PUT', body });

export const fetchTermsSettings = (signal?: AbortSignal) =>
  http<TermsContent>('/platform/content/terms', { signal });
export const saveTermsSettings = (body: TermsContent) =>
  http<TermsContent>('/platform/content/terms', { method: 'PUT', body });

export const fetchCompanySettings = (signal?: AbortSignal) =>
  http<CompanyLinks>('/platform/content/company', { signal });
export const saveCompanySettings = (body: CompanyLinks) =>
  http<CompanyLinks>('/platform/content/company', { method: 'PUT', body });

export const fetchProducts = (signal?: AbortSignal) =>
  http<OtherProduct[]>('/platform/content/products', { signal });
export const createProduct = (body: OtherProductInput) =>
  http<OtherProduct>('/platform/content/products', { method: 'POST', body });
export const updateProduct = (productId: string, body: OtherProductInput) =>
  http<OtherProduct>(`/platform/content/products/${id(productId)}`, { method: 'PUT', body });
export const deleteProduct = (productId: string) =>
  http<void>(`/platform/content/products/${id(productId)}`, { method: 'DELETE' });

export const fetchEvents = (signal?: AbortSignal) =>
  http<UpdateEvent[]>('/platform/content/events', { signal });
export const createEvent = (body: UpdateEventInput) =>
  http<UpdateEvent>('/platform/content/events', { method: 'POST', body });
export const updateEvent = (eventId: string, body: UpdateEventInput) =>
  http<UpdateEvent>(`/platform/content/events/${id(eventId)}`, { method: 'PUT', body });
export const deleteEvent = (eventId: string) =>
  http<void>(`/platform/content/events/${id(eventId)}`, { method: 'DELETE' });
