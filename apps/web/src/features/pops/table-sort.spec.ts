import { nextSort, sortRows, UNSORTED, type TableSort } from './table-sort';

interface Row {
  name: string | null;
  minutes: number;
}
const rows: Row[] = [
  { name: 'banani', minutes: 10 },
  { name: 'Uttara', minutes: 2 },
  { name: null, minutes: 0 },
  { name: 'azimpur', minutes: 5 },
];
const value = (r: Row, key: 'name' | 'minutes') => r[key];

describe('sorting a whole list (spec 3 §5)', () => {
  it('keeps the list’s order until a header is clicked', () => {
    expect(sortRows(rows, UNSORTED, value)).toEqual(rows);
  });

  it('sorts ascending on the first click, descending on the second, another column ascending again', () => {
    let s: TableSort<'name' | 'minutes'> = UNSORTED;
    s = nextSort(s, 'name');
    expect(s).toEqual({ key: 'name', order: 'asc' });
    s = nextSort(s, 'name');
    expect(s).toEqual({ key: 'name', order: 'desc' });
    expect(nextSort(s, 'minutes')).toEqual({ key: 'minutes', order: 'asc' });
  });

  it('compares text without case, with an empty value as an empty string', () => {
    const asc = sortRows(rows, { key: 'name', order: 'asc' }, value).map((r) => r.name);
    expect(asc).toEqual([null, 'azimpur', 'banani', 'Uttara']);
    const desc = sortRows(rows, { key: 'name', order: 'desc' }, value).map((r) => r.name);
    expect(desc).toEqual(['Uttara', 'banani', 'azimpur', null]);
  });

  it('compares numbers as numbers', () => {
    const more = [...rows, { name: 'x', minutes: 100 }];
    expect(sortRows(more, { key: 'minutes', order: 'asc' }, value).map((r) => r.minutes)).toEqual([
      0, 2, 5, 10, 100,
    ]);
  });
});
