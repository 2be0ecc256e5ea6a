import { allChecked, toggleAll, toggleCode } from './menu-selection';

describe('role menu selection', () => {
  const all = [2000, 2006, 2008];

  it('toggles one code, keeping the list sorted', () => {
    expect(toggleCode([2008], 2006)).toEqual([2006, 2008]);
    expect(toggleCode([2006, 2008], 2006)).toEqual([2008]);
  });

  it('checks all when anything is unchecked and unchecks all when everything is', () => {
    expect(toggleAll([], all)).toEqual(all);
    expect(toggleAll([2006], all)).toEqual(all);
    expect(toggleAll(all, all)).toEqual([]);
    expect(allChecked([2008, 2006, 2000], all)).toBe(true);
    expect(allChecked([], [])).toBe(false);
  });
});
