import type { OnuQuery } from '@pondesk/contracts';

export const shareKeys = {
  all: ['share-tokens'] as const,
  list: (page: number, pageSize: number) => [...shareKeys.all, 'list', page, pageSize] as const,
  olts: () => [...shareKeys.all, 'olts'] as const,
  /** What a shared link shows, per token (a visitor may open two links in one tab's life). */
  shared: (token: string) => ['shared', token] as const,
  sharedView: (token: string) => [...shareKeys.shared(token), 'view'] as const,
  sharedLists: (token: string) => [...shareKeys.shared(token), 'onus'] as const,
  sharedList: (token: string, query: OnuQuery) => [...shareKeys.sharedLists(token), query] as const,
  sharedFilters: (token: string) => [...shareKeys.shared(token), 'filters'] as const,
};
