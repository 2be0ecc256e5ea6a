import type { SwitchListQuery, SwitchPortQuery } from '@pondesk/contracts';
import type { HistoryRange } from './history-range';

export const switchKeys = {
  all: ['switches'] as const,
  lists: () => [...switchKeys.all, 'list'] as const,
  list: (query: SwitchListQuery) => [...switchKeys.lists(), query] as const,
  catalogue: () => [...switchKeys.all, 'catalogue'] as const,
  options: () => [...switchKeys.all, 'options'] as const,
  portLists: () => [...switchKeys.all, 'ports'] as const,
  ports: (query: SwitchPortQuery) => [...switchKeys.portLists(), query] as const,
  histories: () => [...switchKeys.all, 'history'] as const,
  history: (portId: string, range: HistoryRange) => [...switchKeys.histories(), portId, range] as const,
};
