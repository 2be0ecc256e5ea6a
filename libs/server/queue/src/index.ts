export * from './queues';
export * from './job-payloads';
export * from './job-catalogue';
export * from './job-queue';
export * from './redis-connection';
export * from './redis-connections';
export * from './olt-schedulers';
