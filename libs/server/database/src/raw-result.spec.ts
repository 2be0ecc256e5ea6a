import { affectedCount, returnedRows } from './raw-result';

describe('raw query results', () => {
  it('reads the rows of [rows, count] and of a plain row list', () => {
    expect(returnedRows([[{ id: 'a' }], 1])).toEqual([{ id: 'a' }]);
    expect(returnedRows([{ id: 'a' }, { id: 'b' }])).toEqual([{ id: 'a' }, { id: 'b' }]);
    expect(returnedRows(undefined)).toEqual([]);
  });

  it('reads the count of [rows, count], else 0', () => {
    expect(affectedCount([[], 7])).toBe(7);
    expect(affectedCount([{ id: 'a' }, { id: 'b' }])).toBe(0);
    expect(affectedCount(null)).toBe(0);
  });
});
