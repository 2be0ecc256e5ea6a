import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateRoleRequest } from '@pondesk/contracts';
import { userKeys } from '../../shared/users/query-keys';
import { profileKeys } from '../profile/query-keys';
import * as api from './api';
import { roleKeys } from './query-keys';

export const useRoles = () => useQuery({ queryKey: roleKeys.list(), queryFn: api.listRoles });
export const useMenus = () =>
  useQuery({ queryKey: roleKeys.menus(), queryFn: api.listMenus, staleTime: 300_000 });

/** A role change may change the signed-in user's own menus, and the users tables show role names. */
function useInvalidate() {
  const qc = useQueryClient();
  return () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: roleKeys.all }),
      qc.invalidateQueries({ queryKey: userKeys.all }),
      qc.invalidateQueries({ queryKey: profileKeys.me() }),
    ]);
}

export function useSaveRole() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: CreateRoleRequest }) =>
      id ? api.updateRole(id, body) : api.createRole(body),
    onSuccess: invalidate,
  });
}

export function useSetRoleActive() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, active }: { id: string; active: boolean }) => api.setRoleActive(id, active),
    onSuccess: invalidate,
  });
}

export function useDeleteRole() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: api.deleteRole, onSuccess: invalidate });
}
