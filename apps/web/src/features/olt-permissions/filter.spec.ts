import { filterByName } from './filter';

describe('OLT name filter', () => {
  const rows = [{ name: 'Core-North' }, { name: 'core-south' }, { name: 'Edge' }];

  it('matches part of the name regardless of case', () => {
    expect(filterByName(rows, 'CORE').map((r) => r.name)).toEqual(['Core-North', 'core-south']);
    expect(filterByName(rows, ' south ').map((r) => r.name)).toEqual(['core-south']);
  });

  it('returns everything for an empty search and nothing for no match', () => {
    expect(filterByName(rows, '')).toHaveLength(3);
    expect(filterByName(rows, 'zzz')).toEqual([]);
  });
});
