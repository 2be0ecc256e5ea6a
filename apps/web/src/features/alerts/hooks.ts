import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AlertChannel,
  AlertChannelInput,
  AlertHistory,
  AlertHistoryQuery,
  AlertKind,
  AlertRule,
  AlertRuleUpdate,
  AlertSilence,
  AlertSilenceInput,
  SilenceTargetType,
} from '@pondesk/contracts';
import { fetchScanOlts } from '../../shared/scans/api';
import { scanKeys } from '../../shared/scans/query-keys';
import { fetchPopOptions } from '../pops/api';
import { popKeys } from '../pops/query-keys';
import { fetchSwitchOptions } from '../switches/api';
import { switchKeys } from '../switches/query-keys';
import {
  acknowledgeAlert,
  createAlertChannel,
  createAlertSilence,
  deleteAlertChannel,
  deleteAlertSilence,
  fetchAlertChannels,
  fetchAlertHistory,
  fetchAlertRules,
  fetchAlertSilences,
  saveAlertRule,
  testAlertChannel,
  updateAlertChannel,
} from './api';
import { alertKeys } from './query-keys';

/** New alerts and delivery outcomes arrive without an event: the history is read again this often. */
export const HISTORY_REFRESH_MS = 15_000;
/** Silences start and end on their own. */
const SILENCES_REFRESH_MS = 60_000;

export const useAlertHistory = (query: AlertHistoryQuery) =>
  useQuery({
    queryKey: alertKeys.history(query),
    queryFn: ({ signal }) => fetchAlertHistory(query, signal),
    placeholderData: keepPreviousData,
    refetchInterval: HISTORY_REFRESH_MS,
    // Coming back to the tab shows what happened meanwhile, not the page cached a few seconds ago.
    refetchOnMount: 'always',
  });

export function useAcknowledgeAlert() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => acknowledgeAlert(id),
    onSuccess: (row) => {
      // Shown at once on every cached page; the refetch confirms.
      qc.setQueriesData<AlertHistory>(
        { queryKey: alertKeys.histories() },
        (old) => old && { ...old, items: old.items.map((r) => (r.id === row.id ? row : r)) },
      );
      return qc.invalidateQueries({ queryKey: alertKeys.histories() });
    },
  });
}

export const useAlertRules = () =>
  useQuery({ queryKey: alertKeys.rules(), queryFn: ({ signal }) => fetchAlertRules(signal) });

export function useSaveAlertRule() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, body }: { kind: AlertKind; body: AlertRuleUpdate }) => saveAlertRule(kind, body),
    onSuccess: (rule) =>
      qc.setQueryData<AlertRule[]>(alertKeys.rules(), (old) =>
        old?.some((r) => r.kind === rule.kind)
          ? old.map((r) => (r.kind === rule.kind ? rule : r))
          : [...(old ?? []), rule],
      ),
  });
}

export const useAlertChannels = () =>
  useQuery({ queryKey: alertKeys.channels(), queryFn: ({ signal }) => fetchAlertChannels(signal) });

export function useSaveAlertChannel() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: AlertChannelInput }) =>
      id ? updateAlertChannel(id, body) : createAlertChannel(body),
    onSuccess: () => qc.invalidateQueries({ queryKey: alertKeys.channels() }),
  });
}

export function useDeleteAlertChannel() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteAlertChannel(id),
    onSuccess: (_void, id) => {
      qc.setQueryData<AlertChannel[]>(alertKeys.channels(), (old) => old?.filter((c) => c.id !== id));
      return qc.invalidateQueries({ queryKey: alertKeys.channels() });
    },
  });
}

/** 'Send test': one message through the channel, answered with what its API said. */
export const useTestAlertChannel = () => useMutation({ mutationFn: (id: string) => testAlertChannel(id) });

export const useAlertSilences = () =>
  useQuery({
    queryKey: alertKeys.silences(),
    queryFn: ({ signal }) => fetchAlertSilences(signal),
    refetchInterval: SILENCES_REFRESH_MS,
  });

export function useCreateSilence() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: AlertSilenceInput) => createAlertSilence(body),
    onSuccess: () => qc.invalidateQueries({ queryKey: alertKeys.silences() }),
  });
}

export function useDeleteSilence() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteAlertSilence(id),
    onSuccess: (_void, id) => {
      qc.setQueryData<AlertSilence[]>(alertKeys.silences(), (old) => old?.filter((s) => s.id !== id));
      return qc.invalidateQueries({ queryKey: alertKeys.silences() });
    },
  });
}

export interface TargetOptions {
  options: { id: string; name: string }[] | undefined;
  loading: boolean;
  error: Error | null;
}

const TARGETS_STALE_MS = 60_000;

/**
 * What a silence can be put on, from the lists the other screens' selects already use (and share the
 * cache with): the OLTs the user may see, the switches, the POPs. Only the chosen type's is fetched.
 */
export function useSilenceTargets(type: SilenceTargetType): TargetOptions {
  const olts = useQuery({
    queryKey: scanKeys.olts(),
    queryFn: ({ signal }) => fetchScanOlts(signal),
    staleTime: TARGETS_STALE_MS,
    enabled: type === 'olt',
  });
  const switches = useQuery({
    queryKey: switchKeys.options(),
    queryFn: ({ signal }) => fetchSwitchOptions(signal),
    staleTime: TARGETS_STALE_MS,
    enabled: type === 'switch',
  });
  const pops = useQuery({
    queryKey: popKeys.options(),
    queryFn: ({ signal }) => fetchPopOptions(signal),
    staleTime: TARGETS_STALE_MS,
    enabled: type === 'pop',
  });
  const query = type === 'olt' ? olts : type === 'switch' ? switches : pops;
  const options =
    type === 'olt'
      ? olts.data?.olts.map((o) => ({ id: o.id, name: o.name }))
      : type === 'switch'
        ? switches.data?.map((s) => ({ id: s.id, name: s.name }))
        : pops.data?.map((p) => ({ id: p.id, name: p.name }));
  return { options, loading: query.isPending, error: query.isError ? query.error : null };
}
