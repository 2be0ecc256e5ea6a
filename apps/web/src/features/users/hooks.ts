import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateUserRequest, UpdateUserRequest, UserStatus } from '@pondesk/contracts';
import { userKeys } from '../../shared/users/query-keys';
import { branchKeys } from '../branches/query-keys';
import { roleKeys } from '../roles/query-keys';
import * as api from './api';

/** Any user change can move role counts and branch user lists too. */
function useInvalidate() {
  const qc = useQueryClient();
  return () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: userKeys.all }),
      qc.invalidateQueries({ queryKey: roleKeys.all }),
      qc.invalidateQueries({ queryKey: branchKeys.all }),
    ]);
}

export function useSaveUser() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: CreateUserRequest | UpdateUserRequest }) =>
      id ? api.updateUser(id, body) : api.createUser(body as CreateUserRequest),
    onSuccess: invalidate,
  });
}

export function useDeleteUser() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: api.deleteUser, onSuccess: invalidate });
}

export function useSetUserStatus() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: UserStatus }) => api.setUserStatus(id, status),
    onSuccess: invalidate,
  });
}
