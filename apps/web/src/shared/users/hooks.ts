import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { PageQuery } from '@pondesk/contracts';
import { getUser, listUsers } from './api';
import { userKeys } from './query-keys';

export const useUsers = (query: PageQuery) =>
  useQuery({
    queryKey: userKeys.list(query),
    queryFn: () => listUsers(query),
    placeholderData: keepPreviousData,
  });

export const useUser = (id: string | undefined) =>
  useQuery({ queryKey: userKeys.detail(id ?? ''), queryFn: () => getUser(id ?? ''), enabled: !!id });
