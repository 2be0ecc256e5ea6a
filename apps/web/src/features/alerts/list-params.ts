import { ALERT_KINDS, type AlertHistoryQuery, type AlertKind, type AlertState } from '@pondesk/contracts';

/**
 * The /alerts page's state in the address bar: the tab (`?tab=rules`, so each can be linked; History,
 * the default, needs none) and the History tab's filters and page.
 */
export const ALERT_TABS = ['history', 'rules', 'channels', 'silences'] as const;
export type AlertTab = (typeof ALERT_TABS)[number];

export const ALERT_TAB_LABELS: Record<AlertTab, string> = {
  history: 'History',
  rules: 'Rules',
  channels: 'Channels',
  silences: 'Silences',
};

export function alertTabOf(qs: URLSearchParams): AlertTab {
  const tab = qs.get('tab') as AlertTab | null;
  return tab && ALERT_TABS.includes(tab) ? tab : 'history';
}

/** The address of a tab (History's is the bare route). */
export const alertTabPath = (tab: AlertTab): string => (tab === 'history' ? '/alerts' : `/alerts?tab=${tab}`);

export const ALERT_HISTORY_PAGE_SIZE = 20;
const ALERT_STATES: readonly AlertState[] = ['firing', 'resolved'];

export interface HistoryParams {
  page: number;
  state: AlertState | '';
  kind: AlertKind | '';
}

export const DEFAULT_HISTORY_PARAMS: HistoryParams = { page: 1, state: '', kind: '' };

export function parseHistoryParams(qs: URLSearchParams): HistoryParams {
  const page = Number(qs.get('page'));
  const state = qs.get('state') as AlertState | null;
  const kind = qs.get('kind') as AlertKind | null;
  return {
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    state: state && ALERT_STATES.includes(state) ? state : '',
    kind: kind && ALERT_KINDS.includes(kind) ? kind : '',
  };
}

/** Only what differs from the defaults, so the plain /alerts address stays plain. */
export function toHistorySearchParams(p: HistoryParams): URLSearchParams {
  const qs = new URLSearchParams();
  if (p.state) qs.set('state', p.state);
  if (p.kind) qs.set('kind', p.kind);
  if (p.page !== 1) qs.set('page', String(p.page));
  return qs;
}

/** A filter change starts again at page 1. */
export function updateHistoryParams(current: HistoryParams, change: Partial<HistoryParams>): HistoryParams {
  const next = { ...current, ...change };
  if (change.page === undefined) next.page = 1;
  return next;
}

export const toHistoryQuery = (p: HistoryParams): AlertHistoryQuery => ({
  page: p.page,
  pageSize: ALERT_HISTORY_PAGE_SIZE,
  state: p.state || undefined,
  kind: p.kind || undefined,
});

export const historyPageCount = (total: number): number =>
  Math.max(1, Math.ceil(total / ALERT_HISTORY_PAGE_SIZE));

/**
 * A server field error's name as a form's field: `params.minOnus` → `minOnus`, `chatIds.1` or
 * `chatIds[1]` → `chatIds` (a list's error shows on the list's input).
 */
export const formFieldOf = (serverField: string): string =>
  serverField.replace(/^params\./, '').replace(/(\.\d+|\[\d+\])+$/, '');
