import { z } from 'zod';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

function urlWithProtocol(protocols: string[]) {
  return z
    .string({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be a string') })
    .min(1, 'is required')
    .refine(
      (value) => {
        try {
          return protocols.includes(new URL(value).protocol.replace(/:$/, ''));
        } catch {
          return false;
        }
      },
      `must be a URL (${protocols.join(' or ')}://…)`,
    );
}

const intFromEnv = (min: number, max: number, fallback: number) =>
  z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(min, `must be at least ${min}`)
    .max(max, `must be at most ${max}`)
    .default(fallback);

/** Every variable the api and the worker read; documented in `.env.example`. */
export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  DATABASE_URL: urlWithProtocol(['postgres', 'postgresql']),
  REDIS_URL: urlWithProtocol(['redis', 'rediss']),
  /** Redis key namespace of this installation (queues, heartbeats); `pondesk:<database name>` when unset. */
  REDIS_NAMESPACE: z
    .string()
    .regex(/^[A-Za-z0-9:_-]{1,100}$/, 'must be 1–100 letters, digits, colons, hyphens or underscores')
    .optional(),
  PORT: intFromEnv(0, 65535, 3000),
  LOG_LEVEL: z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` }).default('info'),
  JWT_SECRET: z.string({ error: 'is required' }).min(32, 'must be at least 32 characters'),
  ENCRYPTION_KEY: z
    .string({ error: 'is required' })
    .refine((v) => /^[0-9a-fA-F]{64}$/.test(v) || Buffer.from(v, 'base64').length === 32, {
      message: 'must be 32 bytes as 64 hex characters or base64',
    }),
  /** Public origin of the web app; reset links point here and nowhere else. */
  APP_ORIGIN: z.url({ error: 'must be a URL' }).optional(),
  WEB_DIST_DIR: z.string().optional(),
  WORKER_CONCURRENCY: intFromEnv(1, 256, 8),
  SNMP_TIMEOUT_MS: intFromEnv(100, 60000, 3000),
  SNMP_RETRIES: intFromEnv(0, 10, 1),
  /** Seconds between reachability/health checks of each OLT (offline after 3 failed ones). */
  OLT_HEALTH_INTERVAL_SECONDS: intFromEnv(5, 3600, 60),
  /** Raw rx samples older than this are dropped; hourly rollups stay. */
  SAMPLE_RETENTION_DAYS: intFromEnv(1, 3650, 90),
  PLATFORM_ADMIN_USERNAME: z.string().min(3).optional(),
  PLATFORM_ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
  SMTP_URL: urlWithProtocol(['smtp', 'smtps']).optional(),
  MAIL_FROM: z.string().default('PonDesk <no-reply@pondesk.local>'),
  SMS_GATEWAY_URL: z.url({ error: 'must be a URL' }).optional(),
  SMS_GATEWAY_TOKEN: z.string().optional(),
  /** Where the API keeps uploaded files (profile photos under `photos/`); relative to the working directory. */
  DATA_DIR: z.string().min(1, 'must not be empty').default('data'),
});

export type AppConfig = z.infer<typeof envSchema>;
