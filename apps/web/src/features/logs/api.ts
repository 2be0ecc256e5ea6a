import type { DeviceLogList, DeviceLogQuery, LogDevice } from '@pondesk/contracts';
import { http } from '../../shared/http-client';

export const fetchLogs = (query: DeviceLogQuery, signal?: AbortSignal) =>
  http<DeviceLogList>('/logs', { query: { ...query }, signal });

/** The OLTs the user may see and their routers, by name, for the device filter. */
export const fetchLogDevices = (signal?: AbortSignal) => http<LogDevice[]>('/logs/devices', { signal });
