export * from './queues';
export * from './redis-connection';
export * from './olt-schedulers';
