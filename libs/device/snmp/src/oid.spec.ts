import { compareOids } from './oid';

describe('compareOids', () => {
  it('orders arcs as numbers, a parent before its children', () => {
    const sorted = ['1.3.6.1.10', '1.3.6.1.9.2', '1.3.6.1.9', '1.3.6.1.9.10', '1.3.6.1.9.1', '1.3.6.2'].sort(
      compareOids,
    );
    expect(sorted).toEqual([
      '1.3.6.1.9',
      '1.3.6.1.9.1',
      '1.3.6.1.9.2',
      '1.3.6.1.9.10',
      '1.3.6.1.10',
      '1.3.6.2',
    ]);
  });

  it('compares from the arcs after a shared root exactly as from the start', () => {
    const root = '1.3.6.1.4.1.37950.1.1.5.12.1.25.1.4';
    const from = root.length + 1;
    const indexes = ['1', '9', '10', '1.2', '1.10', '16777473.5', '16777473.12', '2.1'];
    for (const a of indexes)
      for (const b of indexes)
        expect(compareOids(`${root}.${a}`, `${root}.${b}`, from)).toBe(
          compareOids(`${root}.${a}`, `${root}.${b}`),
        );
    expect(compareOids(`${root}.10`, `${root}.9`, from)).toBe(1);
    expect(compareOids(`${root}.1.2`, `${root}.1`, from)).toBe(1);
    expect(compareOids(`${root}.7`, `${root}.7`, from)).toBe(0);
  });
});
