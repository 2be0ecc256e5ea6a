export * from './data-source';
export * from './migrate';
export * from './entities';
export { migrations } from './migrations';
export { ONU_SEARCH_SQL } from './migrations/1795484579911-OnuSearch';
export * from './olt-stats';
