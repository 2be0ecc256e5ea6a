import { useCallback } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateInvoiceRequest, InvoiceQuery, PackageKind } from '@pondesk/contracts';
import {
  createInvoice,
  fetchBillingTargets,
  fetchCatalogue,
  fetchExpiryNotices,
  fetchInvoice,
  fetchInvoices,
  fetchPaymentAttempt,
  startPayment,
} from './api';
import { isFinalState, RESULT_POLL_MS } from './payment-result';
import { billingKeys } from './query-keys';

/** Prices change rarely; a minute-old catalogue is fine, and the server prices the invoice anyway. */
const CATALOGUE_STALE_MS = 60_000;
/** Expiry moves by days: the banner is read again every quarter of an hour (and after a payment). */
const NOTICES_REFRESH_MS = 15 * 60_000;

export const useCatalogue = (enabled = true) =>
  useQuery({
    queryKey: billingKeys.catalogue(),
    queryFn: ({ signal }) => fetchCatalogue(signal),
    staleTime: CATALOGUE_STALE_MS,
    enabled,
  });

export const useInvoices = (query: InvoiceQuery, enabled = true) =>
  useQuery({
    queryKey: billingKeys.invoices(query),
    queryFn: ({ signal }) => fetchInvoices(query, signal),
    placeholderData: keepPreviousData,
    enabled,
    // Coming back from the bKash window shows the invoice paid there, however quickly (staleTime is 15 s).
    refetchOnWindowFocus: 'always',
  });

export const useInvoice = (id: string | null | undefined) =>
  useQuery({
    queryKey: billingKeys.invoice(id ?? ''),
    queryFn: ({ signal }) => fetchInvoice(id ?? '', signal),
    enabled: !!id,
  });

export const useBillingTargets = (kind: PackageKind, enabled = true) =>
  useQuery({
    queryKey: billingKeys.targets(kind),
    queryFn: ({ signal }) => fetchBillingTargets(kind, signal),
    enabled,
    staleTime: 30_000,
    retry: false,
  });

export const useExpiryNotices = (enabled: boolean) =>
  useQuery({
    queryKey: billingKeys.expiryNotices(),
    queryFn: ({ signal }) => fetchExpiryNotices(signal),
    enabled,
    refetchInterval: NOTICES_REFRESH_MS,
    staleTime: 60_000,
    refetchOnWindowFocus: true,
  });

export function useCreateInvoice() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateInvoiceRequest) => createInvoice(body),
    onSuccess: () => qc.invalidateQueries({ queryKey: billingKeys.invoiceLists() }),
  });
}

export const useStartPayment = () =>
  useMutation({ mutationFn: (invoiceId: string) => startPayment(invoiceId) });

/**
 * The payment attempt of the result page: read again every 2 s while it is open, until `polling` turns
 * false (the page's minute is over).
 */
export const usePaymentAttempt = (id: string | null, polling: boolean) =>
  useQuery({
    queryKey: billingKeys.payment(id ?? ''),
    queryFn: ({ signal }) => fetchPaymentAttempt(id ?? '', signal),
    enabled: !!id,
    refetchInterval: (query) => {
      const state = query.state.data?.state;
      return polling && (!state || !isFinalState(state)) ? RESULT_POLL_MS : false;
    },
  });

/** After a payment: the invoices, the expiry banner and the device lists (their expiry) are read again. */
export function useRefreshAfterPayment() {
  const qc = useQueryClient();
  return useCallback(() => {
    void qc.invalidateQueries({ queryKey: billingKeys.invoiceLists() });
    void qc.invalidateQueries({ queryKey: billingKeys.expiryNotices() });
    void qc.invalidateQueries({ queryKey: billingKeys.targets('olt') });
    void qc.invalidateQueries({ queryKey: billingKeys.targets('switch') });
    // The OLT and switch lists (their expiry column), named by their key roots: those features use billing.
    void qc.invalidateQueries({ queryKey: ['olts', 'list'] });
    void qc.invalidateQueries({ queryKey: ['switches', 'list'] });
  }, [qc]);
}
