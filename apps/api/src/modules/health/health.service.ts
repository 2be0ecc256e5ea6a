import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type Redis from 'ioredis';
import type { DataSource } from 'typeorm';
import type { HealthComponent, HealthResponse } from '@pondesk/contracts';
import { workerHeartbeatPrefix } from '@pondesk/server-queue';
import { APP_CONFIG, type AppConfig } from '@pondesk/server-config';
import { REDIS_COMMANDS } from '../../common/redis/redis.module';

const CHECK_TIMEOUT_MS = 1500;
const startedAt = Date.now();

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    promise.then(
      (v) => (clearTimeout(timer), resolve(v)),
      (e: unknown) => (clearTimeout(timer), reject(e)),
    );
  });
}

async function timed(probe: () => Promise<unknown>): Promise<HealthComponent> {
  const t0 = performance.now();
  try {
    await withTimeout(probe(), CHECK_TIMEOUT_MS);
    return { status: 'up', latencyMs: Math.round((performance.now() - t0) * 10) / 10 };
  } catch (error) {
    return { status: 'down', detail: error instanceof Error ? error.message : String(error) };
  }
}

@Injectable()
export class HealthService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(REDIS_COMMANDS) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async check(): Promise<HealthResponse> {
    const [database, redis] = await Promise.all([
      timed(() => this.dataSource.query('SELECT 1')),
      timed(() => this.redis.ping()),
    ]);
    const worker =
      redis.status === 'up'
        ? await this.workerState()
        : { status: 'down' as const, detail: 'unknown while Redis is down' };
    const checks = { database, redis, worker };
    const down = (Object.keys(checks) as (keyof typeof checks)[]).filter((k) => checks[k].status === 'down');
    return {
      status: down.length ? 'unavailable' : 'ok',
      down,
      checks,
      version: process.env.npm_package_version ?? '0.1.0',
      uptimeSeconds: Math.round((Date.now() - startedAt) / 1000),
    };
  }

  /** Workers refresh a key with a TTL; none left means no worker has been alive recently. */
  private async workerState(): Promise<HealthComponent & { workers?: number }> {
    try {
      let cursor = '0';
      let count = 0;
      do {
        const [next, keys] = await withTimeout(
          this.redis.scan(cursor, 'MATCH', `${workerHeartbeatPrefix(this.config)}*`, 'COUNT', 100),
          CHECK_TIMEOUT_MS,
        );
        cursor = next;
        count += keys.length;
      } while (cursor !== '0');
      return count > 0
        ? { status: 'up', workers: count }
        : { status: 'down', workers: 0, detail: 'no worker heartbeat' };
    } catch (error) {
      return { status: 'down', detail: error instanceof Error ? error.message : String(error) };
    }
  }
}
