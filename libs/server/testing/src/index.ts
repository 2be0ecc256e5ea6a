export * from './test-database';
export * from './test-env';
export * from './net';
export * from './redis-server';
export * from './simulator-process';
