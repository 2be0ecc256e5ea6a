import type { ScanOlt } from '@pondesk/contracts';
import { filterOlts, groupOlts, oltTypeLabel, orderedOlts } from './olt-groups';

const olt = (name: string, brand: ScanOlt['brand'], mode: ScanOlt['mode']): ScanOlt => ({
  id: name,
  code: `C-${name}`,
  name,
  brand,
  mode,
  status: 'online',
});

const fleet = [
  olt('olt-10', 'vsol', 'epon'),
  olt('Dhanmondi', 'avies', 'epon'),
  olt('olt-2', 'vsol', 'epon'),
  olt('Mirpur', 'bdcom', 'epon'),
  olt('Uttara', 'bdcom', 'gpon'),
  olt('Banani', 'vsol', 'gpon'),
];

describe('OLT groups', () => {
  it('groups by brand (BDCOM, V-SOL, C-Data, AVIES), then EPON before GPON, names with digits by value', () => {
    const groups = groupOlts(fleet);
    expect(groups.map((g) => [g.label, g.modes.map((m) => [m.label, m.olts.map((o) => o.name)])])).toEqual([
      [
        'BDCOM',
        [
          ['EPON', ['Mirpur']],
          ['GPON', ['Uttara']],
        ],
      ],
      [
        'V-SOL',
        [
          ['EPON', ['olt-2', 'olt-10']],
          ['GPON', ['Banani']],
        ],
      ],
      ['AVIES', [['EPON', ['Dhanmondi']]]],
    ]);
    expect(orderedOlts(groups).map((o) => o.name)).toEqual([
      'Mirpur',
      'Uttara',
      'olt-2',
      'olt-10',
      'Banani',
      'Dhanmondi',
    ]);
  });

  it('has no groups without OLTs', () => {
    expect(groupOlts([])).toEqual([]);
  });

  it('names an OLT type by brand label and mode', () => {
    expect(oltTypeLabel('vsol', 'gpon')).toBe('V-SOL GPON');
    expect(oltTypeLabel('cdata', 'epon')).toBe('C-Data EPON');
  });

  it('filters by name, code, brand or type, any case', () => {
    expect(filterOlts(fleet, '  ').length).toBe(6);
    expect(filterOlts(fleet, 'MIR').map((o) => o.name)).toEqual(['Mirpur']);
    expect(filterOlts(fleet, 'c-banani').map((o) => o.name)).toEqual(['Banani']);
    expect(filterOlts(fleet, 'v-sol').map((o) => o.name)).toEqual(['olt-10', 'olt-2', 'Banani']);
    expect(filterOlts(fleet, 'bdcom gpon').map((o) => o.name)).toEqual(['Uttara']);
  });
});
