export * from './errors';
export * from './health';
export * from './realtime';
export * from './identity';
export * from './fleet/olt';
export * from './fleet/reasons';
export * from './fleet/onu';
export * from './fleet/dashboard';
