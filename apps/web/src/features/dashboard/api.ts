import type {
  DashboardSummary,
  DegradingOnuList,
  SignalBandKey,
  SignalBandMembers,
} from '@pondesk/contracts';
import { http } from '../../shared/http-client';

export const fetchDashboard = (signal?: AbortSignal) => http<DashboardSummary>('/dashboard', { signal });

export const fetchBandMembers = (band: SignalBandKey, page: number, pageSize: number, signal?: AbortSignal) =>
  http<SignalBandMembers>('/dashboard/band-members', { query: { band, page, pageSize }, signal });

export const fetchDegrading = (page: number, pageSize: number, signal?: AbortSignal) =>
  http<DegradingOnuList>('/dashboard/degrading', { query: { page, pageSize }, signal });
