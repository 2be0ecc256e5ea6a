import {
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import type {
  BillingCycleInput,
  BillingPackageInput,
  CompanyLinks,
  OtherProductInput,
  PaymentAttemptQuery,
  PlatformInvoiceQuery,
  SupportContact,
  TermsContent,
  UpdateEventInput,
} from '@pondesk/contracts';
import { contentKeys } from '../content/query-keys';
import * as api from './api';
import { platformKeys } from './query-keys';

/** After a change: the list it belongs to, and the content tenants and guests read in this browser. */
function useInvalidate(...keys: QueryKey[]) {
  const qc = useQueryClient();
  return () =>
    Promise.all([...keys, contentKeys.all].map((queryKey) => qc.invalidateQueries({ queryKey }))).then(
      () => undefined,
    );
}

// ---------- catalogue ----------

export const usePackages = () =>
  useQuery({ queryKey: platformKeys.packages(), queryFn: ({ signal }) => api.fetchPackages(signal) });

export function useSavePackage() {
  const invalidate = useInvalidate(platformKeys.packages());
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: BillingPackageInput }) =>
      id ? api.updatePackage(id, body) : api.createPackage(body),
    onSuccess: invalidate,
  });
}

export const useCycles = () =>
  useQuery({ queryKey: platformKeys.cycles(), queryFn: ({ signal }) => api.fetchCycles(signal) });

export function useSaveCycle() {
  const invalidate = useInvalidate(platformKeys.cycles());
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: BillingCycleInput }) =>
      id ? api.updateCycle(id, body) : api.createCycle(body),
    onSuccess: invalidate,
  });
}

// ---------- payments and invoices ----------

export const usePlatformInvoices = (query: PlatformInvoiceQuery) =>
  useQuery({
    queryKey: platformKeys.invoices(query),
    queryFn: ({ signal }) => api.fetchPlatformInvoices(query, signal),
    placeholderData: keepPreviousData,
    // Tenants pay while the screen is closed: opening it shows the latest.
    refetchOnMount: 'always',
  });

export const usePayments = (query: PaymentAttemptQuery) =>
  useQuery({
    queryKey: platformKeys.payments(query),
    queryFn: ({ signal }) => api.fetchPayments(query, signal),
    placeholderData: keepPreviousData,
    refetchOnMount: 'always',
  });

/** A refund or a cancellation changes both lists (a refunded payment's invoice, a cancelled invoice's attempts). */
function useInvalidateBilling() {
  const qc = useQueryClient();
  return () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: platformKeys.invoiceLists() }),
      qc.invalidateQueries({ queryKey: platformKeys.paymentLists() }),
    ]).then(() => undefined);
}

export function useCancelInvoice() {
  const invalidate = useInvalidateBilling();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) => api.cancelInvoice(id, { reason }),
    onSettled: invalidate,
  });
}

export function useRefundPayment() {
  const invalidate = useInvalidateBilling();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) => api.refundPayment(id, { reason }),
    // Also after a refusal: a 409 usually means the row changed meanwhile.
    onSettled: invalidate,
  });
}

// ---------- content ----------

export const useSupportSettings = (enabled = true) =>
  useQuery({
    queryKey: platformKeys.support(),
    queryFn: ({ signal }) => api.fetchSupportSettings(signal),
    enabled,
  });

export function useSaveSupport() {
  const invalidate = useInvalidate(platformKeys.support());
  return useMutation({
    mutationFn: (body: SupportContact) => api.saveSupportSettings(body),
    onSuccess: invalidate,
  });
}

export const useTermsSettings = () =>
  useQuery({ queryKey: platformKeys.terms(), queryFn: ({ signal }) => api.fetchTermsSettings(signal) });

export function useSaveTerms() {
  const invalidate = useInvalidate(platformKeys.terms());
  return useMutation({
    mutationFn: (body: TermsContent) => api.saveTermsSettings(body),
    onSuccess: invalidate,
  });
}

export const useCompanySettings = () =>
  useQuery({ queryKey: platformKeys.company(), queryFn: ({ signal }) => api.fetchCompanySettings(signal) });

export function useSaveCompany() {
  const invalidate = useInvalidate(platformKeys.company());
  return useMutation({
    mutationFn: (body: CompanyLinks) => api.saveCompanySettings(body),
    onSuccess: invalidate,
  });
}

export const useProducts = (enabled = true) =>
  useQuery({
    queryKey: platformKeys.products(),
    queryFn: ({ signal }) => api.fetchProducts(signal),
    enabled,
  });

export function useSaveProduct() {
  const invalidate = useInvalidate(platformKeys.products());
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: OtherProductInput }) =>
      id ? api.updateProduct(id, body) : api.createProduct(body),
    onSuccess: invalidate,
  });
}

export function useDeleteProduct() {
  const invalidate = useInvalidate(platformKeys.products());
  return useMutation({ mutationFn: (id: string) => api.deleteProduct(id), onSuccess: invalidate });
}

export const useEvents = () =>
  useQuery({
    queryKey: platformKeys.events(),
    queryFn: ({ signal }) => api.fetchEvents(signal),
    refetchOnMount: 'always',
  });

export function useSaveEvent() {
  const invalidate = useInvalidate(platformKeys.events());
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: UpdateEventInput }) =>
      id ? api.updateEvent(id, body) : api.createEvent(body),
    onSuccess: invalidate,
  });
}

export function useDeleteEvent() {
  const invalidate = useInvalidate(platformKeys.events());
  return useMutation({ mutationFn: (id: string) => api.deleteEvent(id), onSuccess: invalidate });
}
