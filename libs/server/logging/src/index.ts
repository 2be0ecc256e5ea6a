export * from './redaction';
export * from './pino-options';
