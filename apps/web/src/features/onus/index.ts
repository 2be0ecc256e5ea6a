// What other features (the PPPoE page, dashboard, search) use of the ONUs; they import only this.
export { OnuActionDialogs, type PendingAction } from './components/onu-action-dialogs';
export type { OnuAction } from './components/onu-row-actions';
export { OnuStatusChip } from './components/onu-status-chip';
export { graphPath } from './components/pppoe-links';
export { RxBar } from './components/rx-bar';
export { SignalReadButton } from './components/signal-read-button';
export { FETCH_ERROR, fetchErrorText } from './components/fetch-error';
export {
  NO_READING,
  formatDateTime,
  formatDbm,
  formatDistance,
  formatSince,
  reasonLabel,
  rxFill,
} from './format';
export {
  useOnuEvents,
  useOnuLiveUpdates,
  useOnuRealtime,
  usePppoeLookup,
  usePppoeSuggestions,
  useSignalDays,
  useSignalHistory,
} from './hooks';
export { onuKeys } from './query-keys';
export { patchOnuList } from './live-updates';
export { OnuListView } from './components/onu-list-view';
export {
  DEFAULT_ONU_PARAMS,
  parseOnuParams,
  toOnuQuery,
  toOnuSearchParams,
  updateOnuParams,
  type OnuListParams,
} from './list-params';
