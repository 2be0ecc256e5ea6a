import type {
  SwitchList,
  SwitchOption,
  SwitchPortHistory,
  SwitchPortList,
  SwitchPortRow,
  SwitchPortsChanged,
  SwitchRow,
} from '@pondesk/contracts';
import { hasNewPorts, patchHistory, patchOptions, patchPortList, patchSwitchList } from './live-updates';

const port = (id: string, over: Partial<SwitchPortRow> = {}): SwitchPortRow => ({
  id,
  switchId: 'sw-1',
  switchName: 'Core',
  ifIndex: 25,
  name: `Eth1/0/${id}`,
  description: null,
  link: 'up',
  rxDbm: -8,
  txDbm: -3,
  temperatureC: 40,
  voltageV: 3.3,
  biasMa: 10,
  power: 'good',
  alertDbm: -20,
  changedAt: null,
  updatedAt: '2025-06-10T10:00:00.000Z',
  ...over,
});

const list = (items: SwitchPortRow[]): SwitchPortList => ({
  items,
  total: 30,
  page: 1,
  pageSize: 20,
  counts: { total: 30, up: 28, down: 2, critical: 1, warning: 0 },
});

const changed = (ports: SwitchPortRow[], at = '2025-06-10T10:05:00.000Z'): SwitchPortsChanged => ({
  switchId: 'sw-1',
  ports,
  events: [],
  at,
});

describe('switch live updates', () => {
  it('turns a shown port red when its link goes down, and moves the counts', () => {
    const before = list([port('25'), port('26')]);
    const down = port('25', {
      link: 'down',
      rxDbm: null,
      power: 'down',
      updatedAt: '2025-06-10T10:05:00.000Z',
    });
    const after = patchPortList(before, changed([down]));
    expect(after.items[0]).toBe(down);
    expect(after.items[1]).toBe(before.items[1]);
    expect(after.counts).toEqual({ total: 30, up: 27, down: 3, critical: 1, warning: 0 });
  });

  it('leaves a list alone when none of its rows changed', () => {
    const before = list([port('25')]);
    expect(patchPortList(before, changed([port('99', { link: 'down' })]))).toBe(before);
  });

  it('moves the critical and warning counts with the band', () => {
    const before = list([port('25', { power: 'critical', rxDbm: -25 })]);
    const after = patchPortList(before, changed([port('25', { power: 'warning', rxDbm: -18 })]));
    expect(after.counts).toEqual({ total: 30, up: 28, down: 2, critical: 0, warning: 1 });
  });

  const history = (over: Partial<SwitchPortHistory> = {}): SwitchPortHistory => ({
    port: port('25'),
    from: '2025-06-09T10:00:00.000Z',
    to: '2025-06-10T10:00:00.000Z',
    resolution: 'raw',
    points: [{ at: '2025-06-10T09:55:00.000Z', rxDbm: -8, txDbm: -3, linkUp: true }],
    events: [],
    olts: [],
    ...over,
  });

  it('adds the new reading to a raw chart that ends now, with the event first', () => {
    const down = port('25', {
      link: 'down',
      rxDbm: null,
      power: 'down',
      updatedAt: '2025-06-10T10:05:00.000Z',
    });
    const event = {
      ...changed([down]),
      events: [
        {
          id: 'e1',
          switchId: 'sw-1',
          portId: '25',
          portName: 'Eth1/0/25',
          kind: 'link-down' as const,
          rxDbm: null,
          at: '2025-06-10T10:05:00.000Z',
        },
      ],
    };
    const after = patchHistory(history(), event, true);
    expect(after.port.power).toBe('down');
    expect(after.points.at(-1)).toEqual({
      at: '2025-06-10T10:05:00.000Z',
      rxDbm: null,
      txDbm: -3,
      linkUp: false,
    });
    expect(after.to).toBe('2025-06-10T10:05:00.000Z');
    expect(after.events.map((e) => e.id)).toEqual(['e1']);
    // The same message twice adds nothing more.
    expect(patchHistory(after, event, true).points).toHaveLength(2);
  });

  it('updates only the tiles of an hourly or fixed range', () => {
    const next = port('25', { rxDbm: -9, updatedAt: '2025-06-10T10:05:00.000Z' });
    expect(patchHistory(history({ resolution: 'hour' }), changed([next]), true).points).toHaveLength(1);
    const fixed = patchHistory(history(), changed([next]), false);
    expect(fixed.points).toHaveLength(1);
    expect(fixed.port.rxDbm).toBe(-9);
  });

  it("leaves another port's history alone", () => {
    const h = history();
    expect(patchHistory(h, changed([port('26')]), true)).toBe(h);
  });

  const options: SwitchOption[] = [
    { id: 'sw-1', name: 'Core', status: 'online', ports: [{ id: '25', name: 'Eth1/0/25' }] },
  ];

  it('moves a switch status in the options and knows when ports are new', () => {
    const after = patchOptions(options, {
      switchId: 'sw-1',
      status: 'offline',
      previous: 'online',
      error: 'timeout',
      at: '2025-06-10T10:05:00.000Z',
    });
    expect(after[0].status).toBe('offline');
    expect(hasNewPorts(options, changed([port('25')]))).toBe(false);
    expect(hasNewPorts(options, changed([port('26')]))).toBe(true);
  });

  it('moves the Manage row and its online/offline counts', () => {
    const row = { id: 'sw-1', status: 'online', lastError: null } as SwitchRow;
    const before: SwitchList = {
      items: [row],
      total: 1,
      page: 1,
      pageSize: 20,
      counts: { total: 1, online: 1, offline: 0, expired: 0 },
    };
    const after = patchSwitchList(before, {
      switchId: 'sw-1',
      status: 'offline',
      previous: 'online',
      error: 'No SNMP answer',
      at: '2025-06-10T10:05:00.000Z',
    });
    expect(after.items[0]).toMatchObject({ status: 'offline', lastError: 'No SNMP answer' });
    expect(after.counts).toEqual({ total: 1, online: 0, offline: 1, expired: 0 });
  });
});
