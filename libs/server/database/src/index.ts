export * from './data-source';
export * from './migrate';
export * from './entities';
export { migrations } from './migrations';
