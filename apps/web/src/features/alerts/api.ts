import type {
  AlertChannel,
  AlertChannelInput,
  AlertHistory,
  AlertHistoryQuery,
  AlertKind,
  AlertRow,
  AlertRule,
  AlertRuleUpdate,
  AlertSilence,
  AlertSilenceInput,
  AlertTestResult,
} from '@pondesk/contracts';
import { http } from '../../shared/http-client';

const channel = (id: string) => `/alerts/channels/${encodeURIComponent(id)}`;

export const fetchAlertRules = (signal?: AbortSignal) => http<AlertRule[]>('/alerts/rules', { signal });

export const saveAlertRule = (kind: AlertKind, body: AlertRuleUpdate) =>
  http<AlertRule>(`/alerts/rules/${encodeURIComponent(kind)}`, { method: 'PUT', body });

export const fetchAlertChannels = (signal?: AbortSignal) =>
  http<AlertChannel[]>('/alerts/channels', { signal });

export const createAlertChannel = (body: AlertChannelInput) =>
  http<AlertChannel>('/alerts/channels', { method: 'POST', body });

/** A body without `secret` keeps the stored one. */
export const updateAlertChannel = (id: string, body: AlertChannelInput) =>
  http<AlertChannel>(channel(id), { method: 'PATCH', body });

export const deleteAlertChannel = (id: string) => http<void>(channel(id), { method: 'DELETE' });

export const testAlertChannel = (id: string) =>
  http<AlertTestResult>(`${channel(id)}/test`, { method: 'POST' });

export const fetchAlertHistory = (query: AlertHistoryQuery, signal?: AbortSignal) =>
  http<AlertHistory>('/alerts/history', { query: { ...query }, signal });

export const acknowledgeAlert = (id: string) =>
  http<AlertRow>(`/alerts/${encodeURIComponent(id)}/ack`, { method: 'POST' });

export const fetchAlertSilences = (signal?: AbortSignal) =>
  http<AlertSilence[]>('/alerts/silences', { signal });

export const createAlertSilence = (body: AlertSilenceInput) =>
  http<AlertSilence>('/alerts/silences', { method: 'POST', body });

export const deleteAlertSilence = (id: string) =>
  http<void>(`/alerts/silences/${encodeURIComponent(id)}`, { method: 'DELETE' });
