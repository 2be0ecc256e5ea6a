import { PeriodicTask } from './periodic-task';

describe('PeriodicTask', () => {
  it('never runs twice at once, and runs once more after a kick that came while it ran', async () => {
    let active = 0;
    let most = 0;
    let runs = 0;
    let release!: () => void;
    const task = new PeriodicTask(
      async () => {
        runs++;
        active++;
        most = Math.max(most, active);
        await new Promise<void>((r) => (release = r));
        active--;
      },
      () => undefined,
    );
    task.kick();
    task.kick();
    task.kick();
    expect(runs).toBe(1);
    release();
    await new Promise((r) => setImmediate(r));
    expect(runs).toBe(2); // the kicks during the first run made one more run, not two
    release();
    await task.stop();
    expect(most).toBe(1);
    task.kick();
    expect(runs).toBe(2); // stopped: kicks do nothing
  });

  it('reports a failed run and runs again on the next kick', async () => {
    const errors: string[] = [];
    let runs = 0;
    const task = new PeriodicTask(
      async () => {
        runs++;
        if (runs === 1) throw new Error('database away');
      },
      (m) => errors.push(m),
    );
    task.kick();
    await new Promise((r) => setImmediate(r));
    task.kick();
    await task.stop();
    expect(errors).toEqual(['database away']);
    expect(runs).toBe(2);
  });
});
