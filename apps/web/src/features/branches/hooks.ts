import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateBranchRequest } from '@pondesk/contracts';
import { userKeys } from '../../shared/users/query-keys';
import * as api from './api';
import { branchKeys } from './query-keys';

export const useBranches = () => useQuery({ queryKey: branchKeys.list(), queryFn: api.listBranches });

function useInvalidate() {
  const qc = useQueryClient();
  return () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: branchKeys.all }),
      qc.invalidateQueries({ queryKey: userKeys.all }),
    ]);
}

export function useSaveBranch() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: CreateBranchRequest }) =>
      id ? api.updateBranch(id, body) : api.createBranch(body),
    onSuccess: invalidate,
  });
}

export function useDeleteBranch() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: api.deleteBranch, onSuccess: invalidate });
}
