/**
 * How targets are spread over fping processes. Each process sends to its targets one after the other,
 * `spacing` ms apart, every interval: a process takes at most as many targets as fit well inside one
 * interval. When the set of targets changes, only the processes whose targets changed are restarted: a
 * removed target leaves its process, a new one joins a process that is restarted anyway or has room,
 * and only then a new process is started.
 */

export interface ShardPlanEntry {
  targets: string[];
  /** The index of the current shard this one continues, or null for a new process. */
  previous: number | null;
  /** Whether its process has to be (re)started: a new shard, or one whose targets changed. */
  changed: boolean;
}

/** The most targets one process takes: those whose sends fit in half the interval. */
export function defaultShardSize(intervalMs: number, spacingMs: number): number {
  return Math.max(1, Math.floor((intervalMs * 0.5) / spacingMs));
}

/**
 * The shards for `wanted` given the `current` ones: every wanted target in exactly one shard of at most
 * `max`, as many current shards unchanged as possible, no more than one shard beyond the fewest needed.
 */
export function planShards(
  current: readonly (readonly string[])[],
  wanted: Iterable<string>,
  max: number,
): ShardPlanEntry[] {
  if (!Number.isInteger(max) || max < 1) throw new RangeError(`max must be a positive integer, got ${max}`);
  const want = new Set(wanted);
  const placed = new Set<string>();
  const plan: ShardPlanEntry[] = current.map((shard, index) => {
    const kept = shard.filter((ip) => want.has(ip) && !placed.has(ip)).slice(0, max);
    kept.forEach((ip) => placed.add(ip));
    return { targets: kept, previous: index, changed: kept.length !== shard.length };
  });
  const fresh = [...want].filter((ip) => !placed.has(ip));
  // Joining a shard that restarts anyway costs nothing; then the fullest with room (fewer processes).
  const order = plan
    .filter((s) => s.targets.length > 0 && s.targets.length < max)
    .sort((a, b) => Number(b.changed) - Number(a.changed) || b.targets.length - a.targets.length);
  for (const shard of order) {
    if (!fresh.length) break;
    const room = max - shard.targets.length;
    shard.targets.push(...fresh.splice(0, room));
    shard.changed = true;
  }
  while (fresh.length) plan.push({ targets: fresh.splice(0, max), previous: null, changed: true });
  const live = plan.filter((s) => s.targets.length > 0);
  // Removals can leave many small shards: merge the two smallest while there are too many.
  const fewest = Math.ceil(want.size / max);
  while (live.length > fewest + 1) {
    live.sort((a, b) => a.targets.length - b.targets.length);
    const [a, b] = live;
    if (a.targets.length + b.targets.length > max) break;
    const merged: ShardPlanEntry = {
      targets: [...b.targets, ...a.targets],
      previous: b.previous,
      changed: true,
    };
    live.splice(0, 2, merged);
  }
  return live.sort((a, b) => (a.previous ?? Infinity) - (b.previous ?? Infinity));
}
