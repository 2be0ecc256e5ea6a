export * from './device-target-policy';
