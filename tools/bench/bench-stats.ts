/** Small helpers the benchmarks share: percentiles, a seeded generator, process CPU, Redis clean-up. */
import { readFileSync } from 'node:fs';
import Redis from 'ioredis';

/** The value at `p` percent of `xs` (nearest rank). */
export const percentile = (xs: number[], p: number): number =>
  [...xs].sort((a, b) => a - b)[Math.max(0, Math.ceil((xs.length * p) / 100) - 1)];
export const p95 = (xs: number[]): number => percentile(xs, 95);
export const median = (xs: number[]): number => percentile(xs, 50);

/** A small deterministic generator (xorshift32), so every run draws and asks the same. */
export function prng(seed: number): () => number {
  let a = seed >>> 0 || 1;
  return () => {
    a ^= a << 13;
    a ^= a >>> 17;
    a ^= a << 5;
    return (a >>> 0) / 0x1_0000_0000;
  };
}

/** CPU time (user + system) a process has used, in ms; 0 once it is gone. */
export function cpuMs(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}

/** Deletes a run's Redis namespace (its queues and keys); nothing to do when Redis is gone. */
export async function dropRedisNamespace(namespace: string): Promise<void> {
  const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', { lazyConnect: true });
  try {
    await redis.connect();
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${namespace}:*`, 'COUNT', 1000);
      if (keys.length) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } catch {
    // nothing to clean, or Redis is gone: the namespace is the run's own either way
  } finally {
    redis.disconnect();
  }
}
