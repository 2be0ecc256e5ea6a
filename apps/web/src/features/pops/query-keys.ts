import type { PopOutageQuery } from '@pondesk/contracts';

export const popKeys = {
  all: ['pops'] as const,
  areas: () => [...popKeys.all, 'areas'] as const,
  areaList: (search: string) => [...popKeys.areas(), search] as const,
  options: () => [...popKeys.all, 'options'] as const,
  sources: () => [...popKeys.all, 'sources'] as const,
  sourceList: (search: string) => [...popKeys.sources(), search] as const,
  monitor: () => [...popKeys.all, 'monitor'] as const,
  outages: () => [...popKeys.all, 'outages'] as const,
  outageList: (query: PopOutageQuery) => [...popKeys.outages(), query] as const,
  services: () => [...popKeys.all, 'services'] as const,
  serviceList: (search: string) => [...popKeys.services(), search] as const,
  branches: (source: string) => [...popKeys.all, 'branches', source] as const,
};
