import type { AlertHistoryQuery } from '@pondesk/contracts';

export const alertKeys = {
  all: ['alerts'] as const,
  rules: () => [...alertKeys.all, 'rules'] as const,
  channels: () => [...alertKeys.all, 'channels'] as const,
  histories: () => [...alertKeys.all, 'history'] as const,
  history: (query: AlertHistoryQuery) => [...alertKeys.histories(), query] as const,
  silences: () => [...alertKeys.all, 'silences'] as const,
};
