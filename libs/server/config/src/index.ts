export * from './env.schema';
export * from './load-config';
export * from './app-config.module';
export * from './secret-box';
export * from './webhook-signature';
