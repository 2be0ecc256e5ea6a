import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AuditQuery } from '@pondesk/contracts';
import { fetchAuditFacets, fetchAuditLog } from './api';
import { auditKeys } from './query-keys';

/** A page of the log; the previous page stays on screen while the next one loads. */
export const useAuditLog = (query: AuditQuery) =>
  useQuery({
    queryKey: auditKeys.list(query),
    queryFn: ({ signal }) => fetchAuditLog(query, signal),
    placeholderData: keepPreviousData,
    // The log grows with every change made elsewhere in the console: opening it shows the latest.
    refetchOnMount: 'always',
  });

export const useAuditFacets = () =>
  useQuery({
    queryKey: auditKeys.facets(),
    queryFn: ({ signal }) => fetchAuditFacets(signal),
    refetchOnMount: 'always',
  });
