export * from './data-source';
export * from './migrate';
export * from './entities';
export { migrations } from './migrations';
export { ONU_SEARCH_COLUMN, ONU_SEARCH_SQL } from './onu-search';
export { ONU_SEEN_ORDER_SQL, onuLastSeenSql } from './onu-seen';
export * from './olt-stats';
export * from './olt-transports';
export { rollUpSignalHour, vacuumSignalHourly } from './signal-rollup';
export { onuPlace, storedHit, storedMacOwners, storedOnusOf, type StoredOnu } from './scan-rows';
export { preparedQuery } from './prepared-query';
export { affectedCount, returnedRows } from './raw-result';
export {
  SAME_SESSION_EVENT_SECONDS,
  oltsCarryingPppoeIds,
  writeSessionEvents,
  type SessionEventRecord,
} from './session-events';
export {
  portSortName,
  switchPortColumns,
  switchPortFromRow,
  toSwitchPortEvent,
  toSwitchPortRow,
  type SwitchPortDbRow,
} from './switch-rows';
