import type { AuditFacets, AuditQuery, AuditRow, Paged } from '@pondesk/contracts';
import { http } from '../../shared/http-client';

export const fetchAuditLog = (query: AuditQuery, signal?: AbortSignal) =>
  http<Paged<AuditRow>>('/audit', { query: { ...query }, signal });

/** The users and action names that appear in the log, for the filter pickers. */
export const fetchAuditFacets = (signal?: AbortSignal) => http<AuditFacets>('/audit/facets', { signal });
