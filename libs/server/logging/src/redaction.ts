/**
 * Paths pino censors in every log line: credentials of users and devices never reach the logs.
 * `*` matches one level, so nested bodies (`req.body.password`, `job.data.community`) are covered.
 */
const SECRET_KEYS = [
  'password',
  'newPassword',
  'currentPassword',
  'confirmPassword',
  'passwordConfirmation',
  'token',
  'accessToken',
  'refreshToken',
  'otp',
  'secret',
  'ingestSecret',
  'ingestKey',
  'shareToken',
  'community',
  'snmpCommunity',
  'readCommunity',
  'writeCommunity',
  'telnetPassword',
  'enablePassword',
  'mikrotikPassword',
  'authKey',
  'privKey',
  // The VPN concentrator's login, should the configuration object ever be logged.
  'VPN_CONCENTRATOR_PASSWORD',
];

export const REDACT_PATHS: string[] = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-ingest-secret"]',
  'req.headers["x-ingest-key"]',
  'req.headers["x-share-token"]',
  'req.body.key',
  'res.headers["set-cookie"]',
  ...SECRET_KEYS.flatMap((k) => [k, `*.${k}`, `*.*.${k}`, `req.body.${k}`]),
];

export const REDACTED = '[redacted]';
