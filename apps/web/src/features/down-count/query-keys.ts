import type { DownCountQuery } from './api';

export const downCountKeys = {
  all: ['down-counts'] as const,
  lists: () => [...downCountKeys.all, 'list'] as const,
  list: (query: DownCountQuery) => [...downCountKeys.lists(), query] as const,
  /** The tenant's ingest key, URL, scripts and reporting routers. */
  setup: () => ['ingest', 'setup'] as const,
};
