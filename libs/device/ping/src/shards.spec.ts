import { defaultShardSize, planShards, type ShardPlanEntry } from './shards';

const ips = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => `10.0.${(from + i) >> 8}.${(from + i) & 255}`);
const targetsOf = (plan: ShardPlanEntry[]) => plan.map((s) => s.targets);

describe('planShards', () => {
  it('spreads new targets over as few processes as the limit allows, each target once', () => {
    const plan = planShards([], ips(1, 1000), 400);
    expect(plan.map((s) => s.targets.length)).toEqual([400, 400, 200]);
    expect(plan.every((s) => s.changed && s.previous === null)).toBe(true);
    expect(new Set(plan.flatMap((s) => s.targets)).size).toBe(1000);
  });

  it('keeps every process when the targets are the same (in any order)', () => {
    const current = targetsOf(planShards([], ips(1, 1000), 400));
    const plan = planShards(current, [...ips(1, 1000)].reverse(), 400);
    expect(plan).toEqual(current.map((targets, i) => ({ targets, previous: i, changed: false })));
  });

  it('restarts only the process that gets a new target (the one with room)', () => {
    const current = targetsOf(planShards([], ips(1, 1000), 400));
    const plan = planShards(current, [...ips(1, 1000), '192.0.2.7'], 400);
    expect(plan.map((s) => [s.previous, s.changed, s.targets.length])).toEqual([
      [0, false, 400],
      [1, false, 400],
      [2, true, 201],
    ]);
    expect(plan[2].targets.at(-1)).toBe('192.0.2.7');
  });

  it("restarts only a removed target's process, and lets a new target join it there", () => {
    const current = targetsOf(planShards([], ips(1, 1000), 400));
    const removed = current[0][10];
    const wanted = ips(1, 1000).filter((ip) => ip !== removed);
    const plan = planShards(current, [...wanted, '192.0.2.8'], 400);
    expect(plan.map((s) => [s.previous, s.changed])).toEqual([
      [0, true],
      [1, false],
      [2, false],
    ]);
    expect(plan[0].targets).not.toContain(removed);
    expect(plan[0].targets).toContain('192.0.2.8');
    expect(plan[2].targets).toEqual(current[2]);
  });

  it('starts a new process only when every process is full', () => {
    const current = targetsOf(planShards([], ips(1, 800), 400));
    const plan = planShards(current, [...ips(1, 800), '192.0.2.9'], 400);
    expect(plan.map((s) => [s.previous, s.changed, s.targets])).toEqual([
      [0, false, current[0]],
      [1, false, current[1]],
      [null, true, ['192.0.2.9']],
    ]);
  });

  it('stops the processes whose targets are all gone', () => {
    const current = targetsOf(planShards([], ips(1, 1000), 400));
    const plan = planShards(current, current[0], 400);
    expect(plan).toEqual([{ targets: current[0], previous: 0, changed: false }]);
    expect(planShards(current, [], 400)).toEqual([]);
  });

  it('merges small leftovers once there are more processes than needed plus one', () => {
    const current = targetsOf(planShards([], ips(1, 1000), 100)); // 10 shards of 100
    // Ten targets left in each of the first four shards: 40 targets, which fit in one process.
    const wanted = current.slice(0, 4).flatMap((s) => s.slice(0, 10));
    const plan = planShards(current, wanted, 100);
    expect(plan.length).toBeLessThanOrEqual(2);
    expect(plan.flatMap((s) => s.targets).sort()).toEqual([...wanted].sort());
    expect(plan.every((s) => s.changed)).toBe(true);
  });

  it('refuses a limit below one', () => {
    expect(() => planShards([], ['10.0.0.1'], 0)).toThrow(RangeError);
  });
});

describe('defaultShardSize', () => {
  it('fits the sends of one process in half the interval', () => {
    expect(defaultShardSize(1000, 1)).toBe(500);
    expect(defaultShardSize(1000, 2)).toBe(250);
    expect(defaultShardSize(10, 20)).toBe(1);
  });
});
