import type { AuditQuery } from '@pondesk/contracts';

export const auditKeys = {
  all: ['audit'] as const,
  lists: () => [...auditKeys.all, 'list'] as const,
  list: (query: AuditQuery) => [...auditKeys.lists(), query] as const,
  facets: () => [...auditKeys.all, 'facets'] as const,
};
