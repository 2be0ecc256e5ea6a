import { Slots } from './slots';

describe('Slots', () => {
  it('runs at most size callers at once, the rest in arrival order, also after a failure', async () => {
    const slots = new Slots(2);
    let running = 0;
    let most = 0;
    const order: number[] = [];
    const task = (i: number) =>
      slots.run(async () => {
        running++;
        most = Math.max(most, running);
        await new Promise((r) => setTimeout(r, 10));
        running--;
        order.push(i);
        if (i === 1) throw new Error('boom');
        return i;
      });
    const results = await Promise.allSettled([1, 2, 3, 4, 5].map(task));
    expect(most).toBe(2);
    expect(order).toEqual([1, 2, 3, 4, 5]);
    expect(results.map((r) => r.status)).toEqual([
      'rejected',
      'fulfilled',
      'fulfilled',
      'fulfilled',
      'fulfilled',
    ]);
    // Every slot came back: two more run together.
    await Promise.all([task(6), task(7)]);
    expect(most).toBe(2);
  });
});
