import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { UpdateOltPermissionsRequest } from '@pondesk/contracts';
import * as api from './api';
import { oltPermissionKeys } from './query-keys';

export const usePermittedOlts = (userId: string | undefined) =>
  useQuery({
    queryKey: oltPermissionKeys.ofUser(userId ?? ''),
    queryFn: () => api.listPermittedOlts(userId ?? ''),
    enabled: !!userId,
  });

export const useOltChoices = () =>
  useQuery({ queryKey: oltPermissionKeys.choices(), queryFn: api.listOltChoices });

export function useUpdateOltPermissions(userId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateOltPermissionsRequest) => api.updateOltPermissions(userId, body),
    onSuccess: (rows) => qc.setQueryData(oltPermissionKeys.ofUser(userId), rows),
  });
}
