import type { OltListParams } from './list-params';

export const oltKeys = {
  all: ['olts'] as const,
  lists: () => [...oltKeys.all, 'list'] as const,
  list: (params: OltListParams) => [...oltKeys.lists(), params] as const,
  details: () => [...oltKeys.all, 'detail'] as const,
  detail: (id: string) => [...oltKeys.details(), id] as const,
  catalogue: () => [...oltKeys.all, 'catalogue'] as const,
  branches: () => ['branches', 'list'] as const,
};
