import { readFileSync, existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { checkedEnvSchema, type AppConfig } from './env.schema';

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

/** Parses `KEY=value` lines; quotes are stripped, `#` starts a comment. */
export function parseDotenv(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const eq = line.indexOf('=');
    if (eq <= 0) continue;
    const key = line.slice(0, eq).trim();
    let value = line.slice(eq + 1).trim();
    if (/^(['"]).*\1$/.test(value)) value = value.slice(1, -1);
    out[key] = value;
  }
  return out;
}

/** Reads `.env` from the working directory into `env` without overriding what is already set. */
export function applyDotenvFile(
  env: NodeJS.ProcessEnv = process.env,
  file = resolve(process.cwd(), '.env'),
): void {
  if (!existsSync(file)) return;
  for (const [key, value] of Object.entries(parseDotenv(readFileSync(file, 'utf8')))) {
    if (env[key] === undefined) env[key] = value;
  }
}

/** Validates the environment; the error message is one line naming the first bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const result = checkedEnvSchema.safeParse(env);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const name = String(issue.path[0] ?? 'environment');
  throw new ConfigError(`Invalid configuration: ${name} ${issue.message}`);
}

/** For process entrypoints: on bad configuration print one line and exit 1. */
export function loadConfigOrExit(env: NodeJS.ProcessEnv = process.env): AppConfig {
  applyDotenvFile(env);
  try {
    return loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}
