import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateUserRequest, PageQuery, UpdateUserRequest, UserStatus } from '@pondesk/contracts';
import * as api from './api';
import { userKeys } from './query-keys';

export const useUsers = (query: PageQuery) =>
  useQuery({
    queryKey: userKeys.list(query),
    queryFn: () => api.listUsers(query),
    placeholderData: keepPreviousData,
  });

export const useUser = (id: string | undefined) =>
  useQuery({ queryKey: userKeys.detail(id ?? ''), queryFn: () => api.getUser(id ?? ''), enabled: !!id });

/** Any user change can move role counts and branch user lists too. */
function useInvalidate() {
  const qc = useQueryClient();
  return () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: userKeys.all }),
      qc.invalidateQueries({ queryKey: ['roles'] }),
      qc.invalidateQueries({ queryKey: ['branches'] }),
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
