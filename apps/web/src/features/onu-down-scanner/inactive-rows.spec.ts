import type { InactiveOnuRow, OltBrandCode, OltModeCode, ScanOlt } from '@pondesk/contracts';
import {
  LOS_TEXT,
  NA,
  capitaliseWords,
  filterRows,
  formatAgo,
  formatOltTime,
  formatScanMac,
  inactiveColumns,
  nextSort,
  pppoeText,
  reasonText,
  sortRows,
  statusBadge,
  type InactiveColumn,
  type ScannerRow,
} from './inactive-rows';

const olt = (brand: OltBrandCode, mode: OltModeCode, name = 'Mirpur-1'): ScanOlt => ({
  id: `${brand}-${mode}`,
  code: 'MIR1',
  name,
  brand,
  mode,
  status: 'online',
});

const onu = (extra: Partial<InactiveOnuRow> = {}): InactiveOnuRow => ({
  ponPort: 1,
  onuId: 9,
  ifName: 'EPON0/1:9',
  mac: null,
  serial: null,
  description: null,
  vendor: null,
  model: null,
  distanceM: null,
  rxDbm: null,
  status: 'offline',
  statusRaw: null,
  reason: null,
  reasonRaw: null,
  lastDownTime: null,
  lastUpTime: null,
  onuRef: null,
  pppoeIds: [],
  ...extra,
});

const row = (o: ScanOlt, extra: Partial<InactiveOnuRow> = {}, key = 'k'): ScannerRow => ({
  key,
  olt: o,
  onu: onu(extra),
});

const headers = (brand: OltBrandCode, mode: OltModeCode, withOlt = false) =>
  inactiveColumns(brand, mode, withOlt)?.map((c) => c.header);

const cells = (r: ScannerRow) =>
  Object.fromEntries((inactiveColumns(r.olt.brand, r.olt.mode) ?? []).map((c) => [c.header, c.text(r)]));

describe('scanner columns per OLT type', () => {
  it('follows the spec for each brand and mode, PPPoE ids last', () => {
    expect(headers('bdcom', 'gpon')).toEqual([
      'Interface',
      'ONU Interface',
      'Serial Number',
      'LOID',
      'Deactive Time',
      'Deactive Reason',
      'Status',
      'PPPOE ID',
    ]);
    expect(headers('bdcom', 'epon')).toEqual([
      'Interface',
      'ONU Interface',
      'MAC Address',
      'Last Reg Time',
      'Last Dereg Time',
      'Last Dereg Reason',
      'Status',
      'PPPOE ID',
    ]);
    expect(headers('vsol', 'epon')).toEqual([
      'Interface',
      'ONU Interface',
      'MAC Address',
      'Distance',
      'Last Dereg Time',
      'Last Dereg Reason',
      'Status',
      'PPPOE ID',
    ]);
    expect(headers('vsol', 'gpon')).toEqual([
      'Interface',
      'ONU Interface',
      'Serial Number',
      'Down Time',
      'Last Dereg Reason',
      'Status',
      'PPPOE ID',
    ]);
    expect(headers('avies', 'epon')).toEqual([
      'Port',
      'ONU ID',
      'Name',
      'MAC',
      'ONU Type',
      'Dev Type',
      'Distance',
      'Rx Power',
      'Last Down Time',
      'Last Down Reason',
      'Status',
      'PPPOE ID',
    ]);
  });

  it('gives C-Data the V-SOL tables and AVIES GPON the serial in place of the MAC', () => {
    expect(headers('cdata', 'epon')).toEqual(headers('vsol', 'epon'));
    expect(headers('cdata', 'gpon')).toEqual(headers('vsol', 'gpon'));
    expect(headers('avies', 'gpon')).toEqual([
      'Port',
      'ONU ID',
      'Name',
      'Serial',
      'ONU Type',
      'Dev Type',
      'Distance',
      'Rx Power',
      'Last Down Time',
      'Last Down Reason',
      'Status',
      'PPPOE ID',
    ]);
  });

  it('puts the OLT first when the table lists several OLTs', () => {
    expect(headers('vsol', 'gpon', true)?.[0]).toBe('OLT');
  });

  it('has no table for a type it does not know', () => {
    expect(inactiveColumns('hsgq' as OltBrandCode, 'epon')).toBeNull();
  });

  it('reads a BDCOM EPON row', () => {
    const r = row(olt('bdcom', 'epon'), {
      ifName: 'EPON0/1:9',
      mac: 'FCFA.F703.81C4',
      statusRaw: 'deregistered',
      reason: 'wire-down',
      reasonRaw: 'wire-down',
      lastUpTime: '2024-10-03 10:20:30',
      lastDownTime: '2000-01-01 08:00:10',
      pppoeIds: ['rahim@isp', 'karim@isp'],
    });
    expect(cells(r)).toEqual({
      Interface: 'EPON0/1',
      'ONU Interface': 'EPON0/1:9',
      'MAC Address': 'fc:fa:f7:03:81:c4',
      'Last Reg Time': '2024-10-03 10:20:30',
      'Last Dereg Time': 'N/A',
      'Last Dereg Reason': 'Wire down',
      Status: 'Deregistered',
      'PPPOE ID': 'rahim@isp, karim@isp',
    });
  });

  it('reads a BDCOM GPON row', () => {
    const r = row(olt('bdcom', 'gpon'), {
      ifName: 'GPON0/3:12',
      ponPort: 3,
      onuId: 12,
      serial: 'ZTEGce792257',
      description: 'loid-4411',
      reason: 'los',
      reasonRaw: 'LOSi',
      lastDownTime: '2024-10-03 10:20:30',
    });
    expect(cells(r)).toEqual({
      Interface: 'GPON0/3',
      'ONU Interface': 'GPON0/3:12',
      'Serial Number': 'ZTEGce792257',
      LOID: 'loid-4411',
      'Deactive Time': '2024-10-03 10:20:30',
      'Deactive Reason': 'Fiber Down / Optical Power Issue',
      Status: 'Offline',
      'PPPOE ID': 'N/A',
    });
  });

  it('reads a V-SOL EPON row: date | time, Unknown for an empty status', () => {
    const r = row(olt('vsol', 'epon'), {
      mac: 'aa:bb:cc:00:11:22',
      distanceM: 1534,
      status: 'unknown',
      lastDownTime: '2024/10/03 10:20:30',
      reason: 'power-off',
    });
    expect(cells(r)).toEqual({
      Interface: 'EPON0/1',
      'ONU Interface': 'EPON0/1:9',
      'MAC Address': 'aa:bb:cc:00:11:22',
      Distance: '1.53 km',
      'Last Dereg Time': '2024/10/03 | 10:20:30',
      'Last Dereg Reason': 'Power off (dying gasp)',
      Status: 'Unknown',
      'PPPOE ID': 'N/A',
    });
  });

  it('reads an AVIES EPON row: the date part only', () => {
    const r = row(olt('avies', 'epon'), {
      ifName: '1/3',
      ponPort: 1,
      onuId: 3,
      description: 'Karim Home',
      mac: '38:3a:21:20:22:79',
      model: 'HG323AC',
      vendor: 'HSGQ',
      distanceM: 845,
      rxDbm: -27.456,
      lastDownTime: '2024-10-03 10:20:30',
      reasonRaw: 'dying-gasp',
      status: 'disabled',
    });
    expect(cells(r)).toEqual({
      Port: '1',
      'ONU ID': '3',
      Name: 'Karim Home',
      MAC: '38:3a:21:20:22:79',
      'ONU Type': 'HG323AC',
      'Dev Type': 'HSGQ',
      Distance: '845 m',
      'Rx Power': '-27.46 dBm',
      'Last Down Time': '2024-10-03',
      'Last Down Reason': 'Dying Gasp',
      Status: 'Disabled',
      'PPPOE ID': 'N/A',
    });
  });
});

describe('scanner formatting', () => {
  it('writes MACs as lower-case colon pairs, N/A when empty', () => {
    expect(formatScanMac('FCFA.F703.81C4')).toBe('fc:fa:f7:03:81:c4');
    expect(formatScanMac('FC-FA-F7-03-81-C4')).toBe('fc:fa:f7:03:81:c4');
    expect(formatScanMac('')).toBe(NA);
    expect(formatScanMac(null)).toBe(NA);
  });

  it('shows N/A for a time at 2000-01-01 or none', () => {
    expect(formatOltTime('2000-01-01 00:00:09')).toBe('N/A');
    expect(formatOltTime('2000/01/01 00:00:09', 'bar')).toBe('N/A');
    expect(formatOltTime('  ')).toBe('N/A');
    expect(formatOltTime(null, 'date')).toBe('N/A');
    expect(formatOltTime('2024-10-03 10:20:30')).toBe('2024-10-03 10:20:30');
    expect(formatOltTime('2024-10-03 10:20:30', 'bar')).toBe('2024-10-03 | 10:20:30');
    expect(formatOltTime('2024-10-03 10:20:30', 'date')).toBe('2024-10-03');
  });

  it("says 'Fiber Down / Optical Power Issue' for a LOS, else the reason's label", () => {
    expect(reasonText({ reason: 'los', reasonRaw: null })).toBe(LOS_TEXT);
    expect(reasonText({ reason: null, reasonRaw: 'Losi' })).toBe(LOS_TEXT);
    expect(reasonText({ reason: 'reboot', reasonRaw: 'reboot' })).toBe('Rebooted / deregistered');
    expect(reasonText({ reason: 'unknown', reasonRaw: 'llid-mismatch' })).toBe('Llid Mismatch');
    expect(reasonText({ reason: 'unknown', reasonRaw: null })).toBe('Unknown');
    expect(reasonText({ reason: null, reasonRaw: 'N/A' })).toBe('N/A');
    expect(reasonText({ reason: null, reasonRaw: null })).toBe('N/A');
  });

  it('capitalises dash-separated words', () => {
    expect(capitaliseWords('wire-down')).toBe('Wire Down');
    expect(capitaliseWords('DYING-GASP')).toBe('Dying Gasp');
  });

  it('joins PPPoE ids, N/A without one', () => {
    expect(pppoeText({ pppoeIds: ['a@isp', 'b@isp'] })).toBe('a@isp, b@isp');
    expect(pppoeText({ pppoeIds: [] })).toBe('N/A');
  });
});

describe('status badges', () => {
  it('BDCOM GPON: Offline when offline, otherwise Disabled', () => {
    expect(statusBadge('bdcom', 'gpon', { status: 'offline', statusRaw: 'Off-line' })).toEqual({
      label: 'Offline',
      color: 'warning',
    });
    expect(statusBadge('bdcom', 'gpon', { status: 'disabled', statusRaw: 'deactive' }).label).toBe(
      'Disabled',
    );
    expect(statusBadge('bdcom', 'gpon', { status: 'unknown', statusRaw: null }).label).toBe('Disabled');
  });

  it('BDCOM EPON: deregistered red, registered green, anything else amber', () => {
    expect(statusBadge('bdcom', 'epon', { status: 'offline', statusRaw: 'deregistered' }).color).toBe(
      'error',
    );
    expect(
      statusBadge('bdcom', 'epon', { status: 'offline', statusRaw: 'auto-configured registered' }).color,
    ).toBe('success');
    expect(statusBadge('bdcom', 'epon', { status: 'offline', statusRaw: 'lost' })).toEqual({
      label: 'Lost',
      color: 'warning',
    });
  });

  it('V-SOL, C-Data and AVIES: offline amber, disabled red, online green', () => {
    for (const brand of ['vsol', 'cdata', 'avies'] as const) {
      expect(statusBadge(brand, 'epon', { status: 'offline', statusRaw: null })).toEqual({
        label: 'Offline',
        color: 'warning',
      });
      expect(statusBadge(brand, 'gpon', { status: 'disabled', statusRaw: null })).toEqual({
        label: 'Disabled',
        color: 'error',
      });
      expect(statusBadge(brand, 'epon', { status: 'unknown', statusRaw: 'online' })).toEqual({
        label: 'Online',
        color: 'success',
      });
      expect(statusBadge(brand, 'epon', { status: 'unknown', statusRaw: '' }).label).toBe('Unknown');
    }
  });
});

describe('table search and sort', () => {
  const o = olt('vsol', 'epon');
  const columns = inactiveColumns('vsol', 'epon') as InactiveColumn[];
  const by = (header: string) => columns.find((c) => c.header === header) as InactiveColumn;
  const rows = [
    row(
      o,
      { ifName: 'EPON0/1:10', onuId: 10, mac: 'aa:00:00:00:00:01', distanceM: 1200, pppoeIds: ['Rahim@isp'] },
      'r10',
    ),
    row(o, { ifName: 'EPON0/1:9', onuId: 9, mac: null, distanceM: null, status: 'disabled' }, 'r9'),
    row(o, { ifName: 'EPON0/2:1', ponPort: 2, onuId: 1, mac: 'BB:00:00:00:00:02', distanceM: 300 }, 'r21'),
  ];
  const keys = (list: ScannerRow[]) => list.map((r) => r.key);

  it('finds rows by any shown field, any case', () => {
    expect(keys(filterRows(rows, columns, 'rahim'))).toEqual(['r10']);
    expect(keys(filterRows(rows, columns, 'BB:00'))).toEqual(['r21']);
    expect(keys(filterRows(rows, columns, 'disabled'))).toEqual(['r9']);
    expect(keys(filterRows(rows, columns, 'epon0/1'))).toEqual(['r10', 'r9']);
    expect(keys(filterRows(rows, columns, '   '))).toEqual(['r10', 'r9', 'r21']);
    expect(filterRows(rows, columns, 'nothing like this')).toEqual([]);
  });

  it('sorts ascending on the first click and flips on the next', () => {
    const first = nextSort(null, 'mac');
    expect(first).toEqual({ key: 'mac', order: 'asc' });
    expect(nextSort(first, 'mac')).toEqual({ key: 'mac', order: 'desc' });
    expect(nextSort(nextSort(first, 'mac'), 'mac')).toEqual({ key: 'mac', order: 'asc' });
    expect(nextSort({ key: 'mac', order: 'desc' }, 'distance')).toEqual({ key: 'distance', order: 'asc' });
  });

  it('compares text lower-cased with empty as the smallest', () => {
    expect(keys(sortRows(rows, by('MAC Address'), 'asc'))).toEqual(['r9', 'r10', 'r21']);
    expect(keys(sortRows(rows, by('MAC Address'), 'desc'))).toEqual(['r21', 'r10', 'r9']);
  });

  it('orders interfaces with their numbers by value and distances as numbers', () => {
    expect(keys(sortRows(rows, by('ONU Interface'), 'asc'))).toEqual(['r9', 'r10', 'r21']);
    expect(keys(sortRows(rows, by('Distance'), 'asc'))).toEqual(['r9', 'r21', 'r10']);
    expect(keys(sortRows(rows, by('Distance'), 'desc'))).toEqual(['r10', 'r21', 'r9']);
  });

  it('keeps the order of equal rows', () => {
    expect(keys(sortRows(rows, by('Interface'), 'asc'))).toEqual(['r10', 'r9', 'r21']);
  });
});

describe('formatAgo', () => {
  const now = Date.parse('2026-05-01T12:00:00Z');
  it('says how long ago a scan ran', () => {
    expect(formatAgo('2026-05-01T11:59:30Z', now)).toBe('just now');
    expect(formatAgo('2026-05-01T11:57:00Z', now)).toBe('3 min ago');
    expect(formatAgo('2026-05-01T09:30:00Z', now)).toBe('2 h ago');
    expect(formatAgo('2026-04-30T11:00:00Z', now)).toBe('1 day ago');
    expect(formatAgo('2026-04-26T12:00:00Z', now)).toBe('5 days ago');
    expect(formatAgo(null, now)).toBe('never');
  });
});
