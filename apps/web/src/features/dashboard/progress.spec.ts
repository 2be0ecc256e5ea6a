import { PROGRESS_MAX, PROGRESS_STEP, nextProgress } from './progress';

describe('nextProgress', () => {
  it('moves in steps of 5 while loading', () => {
    expect(nextProgress(0, false)).toBe(5);
    expect(nextProgress(5, false)).toBe(10);
    expect(nextProgress(40, false)).toBe(45);
  });

  it('holds one step short of 100 until the data arrives', () => {
    const seen = [0];
    for (let i = 0; i < 30; i++) seen.push(nextProgress(seen[seen.length - 1], false));
    expect(seen.slice(0, 20)).toEqual(Array.from({ length: 20 }, (_, i) => i * PROGRESS_STEP));
    expect(seen[seen.length - 1]).toBe(PROGRESS_MAX - PROGRESS_STEP);
  });

  it('is full once the data is in', () => {
    expect(nextProgress(35, true)).toBe(100);
    expect(nextProgress(0, true)).toBe(100);
  });

  it('starts from zero for a negative value', () => {
    expect(nextProgress(-10, false)).toBe(5);
  });
});
