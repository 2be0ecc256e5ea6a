import type { DeviceLogQuery } from '@pondesk/contracts';

export const logKeys = {
  all: ['logs'] as const,
  lists: () => [...logKeys.all, 'list'] as const,
  list: (query: DeviceLogQuery) => [...logKeys.lists(), query] as const,
  /** The newest lines the Live Log List starts from (one device, or '' for all). */
  live: (device: string) => [...logKeys.all, 'live', device] as const,
  devices: () => [...logKeys.all, 'devices'] as const,
};
