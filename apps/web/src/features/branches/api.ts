import type { BranchRow, CreateBranchRequest, UpdateBranchRequest } from '@pondesk/contracts';
import { http } from '../../shared/http-client';

export const listBranches = () => http<BranchRow[]>('/branches');
export const createBranch = (body: CreateBranchRequest) =>
  http<BranchRow>('/branches', { method: 'POST', body });
export const updateBranch = (id: string, body: UpdateBranchRequest) =>
  http<BranchRow>(`/branches/${encodeURIComponent(id)}`, { method: 'PATCH', body });
export const deleteBranch = (id: string) =>
  http<void>(`/branches/${encodeURIComponent(id)}`, { method: 'DELETE' });
