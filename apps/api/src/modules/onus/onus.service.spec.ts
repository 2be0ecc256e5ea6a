import { emptyOltStats, type OltOnuStats } from '@pondesk/server-database';
import { addCounts, countsOf, filteredTotal, pageWindow } from './onus.service';

/** The header counts of these OLTs, or of one port of each, as the list adds them up. */
const sumCounts = (stats: OltOnuStats[], ponPort?: number) =>
  addCounts(stats.map((s) => countsOf(s, ponPort)));

function olt(ports: Record<string, [number, number, number]>): OltOnuStats {
  // [total, online, los] per port
  const s = emptyOltStats();
  for (const [p, [total, online, los]] of Object.entries(ports)) {
    const c = {
      total,
      online,
      reasons: { los, 'power-off': total - online - los, 'wire-down': 0, reboot: 0, admin: 0, unknown: 0 },
    };
    s.ports[p] = c;
    s.total += total;
    s.online += online;
    s.reasons.los += los;
    s.reasons['power-off'] += c.reasons['power-off'];
  }
  return s;
}

describe('ONU list counts and paging from stored OLT figures', () => {
  const a = olt({ '1': [10, 8, 1], '2': [5, 5, 0] });
  const b = olt({ '1': [3, 1, 2] });

  it('sums the header counts of the OLTs, or of one port of each', () => {
    expect(sumCounts([a, b])).toMatchObject({ total: 18, online: 14, reasons: { los: 3, 'power-off': 1 } });
    expect(sumCounts([a, b], 1)).toMatchObject({ total: 13, online: 9, reasons: { los: 3 } });
    expect(sumCounts([a, b], 2)).toMatchObject({ total: 5, online: 5 });
    expect(sumCounts([a, b], 9)).toMatchObject({ total: 0, online: 0 });
  });

  it('counts what the status and reason filters leave', () => {
    const c = sumCounts([a, b]);
    expect(filteredTotal(c, {})).toBe(18);
    expect(filteredTotal(c, { status: 'online' })).toBe(14);
    expect(filteredTotal(c, { status: 'offline' })).toBe(4);
    expect(filteredTotal(c, { reason: 'los' })).toBe(3);
    expect(filteredTotal(c, { status: 'offline', reason: 'power-off' })).toBe(1);
    expect(filteredTotal(c, { status: 'online', reason: 'los' })).toBe(0);
  });

  it('finds the groups a page falls in and where it starts in the first', () => {
    const groups = [
      { id: 'a', n: 15 },
      { id: 'empty', n: 0 },
      { id: 'b', n: 3 },
      { id: 'c', n: 40 },
    ];
    expect(pageWindow(groups, 0, 10)).toEqual({ ids: ['a'], skip: 0 });
    expect(pageWindow(groups, 10, 10)).toEqual({ ids: ['a', 'b', 'c'], skip: 10 });
    expect(pageWindow(groups, 20, 10)).toEqual({ ids: ['c'], skip: 2 });
    expect(pageWindow(groups, 58, 10)).toEqual({ ids: [], skip: 0 });
    expect(pageWindow([], 0, 20)).toEqual({ ids: [], skip: 0 });
  });
});
