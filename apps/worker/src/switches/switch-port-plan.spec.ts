import type { SwitchPortOptics } from '@pondesk/device-drivers';
import { planSwitchPorts, switchPortKey, type StoredSwitchPort } from './switch-port-plan';

const NOW = new Date('2031-05-01T10:00:00Z');
const EARLIER = new Date('2031-05-01T09:00:00Z');
/** The switch's Db Alert Range: below -20 critical, -20…-17 warning, -17 and up good. */
const ALERT = -20;

const polled = (ifIndex: number | null, over: Partial<SwitchPortOptics> = {}): SwitchPortOptics => ({
  ifIndex,
  name: `Ethernet1/0/${ifIndex ?? 99}`,
  link: 'up',
  description: null,
  rxDbm: -8.5,
  txDbm: -3.1,
  temperatureC: 41,
  voltageV: 3.3,
  biasMa: 12.5,
  ...over,
});

const stored = (ifIndex: number, over: Partial<StoredSwitchPort> = {}): StoredSwitchPort => ({
  id: `port-${ifIndex}`,
  portKey: `if${ifIndex}`,
  ifIndex,
  name: `Ethernet1/0/${ifIndex}`,
  description: null,
  link: 'up',
  rxDbm: -8.5,
  txDbm: -3.1,
  temperatureC: 41,
  voltageV: 3.3,
  biasMa: 12.5,
  power: 'good',
  changedAt: null,
  ...over,
});

describe('planSwitchPorts', () => {
  it('keys ports by ifIndex, or by name when the switch gives none', () => {
    expect(switchPortKey({ ifIndex: 10152, name: 'Gi1/0/52' })).toBe('if10152');
    expect(switchPortKey({ ifIndex: null, name: 'Te1/1/1' })).toBe('name:Te1/1/1');
  });

  it('stores first sightings with their power band and no event', () => {
    const plan = planSwitchPorts(
      [],
      [
        polled(1, { rxDbm: -8.5 }),
        polled(2, { rxDbm: -18.2 }),
        polled(3, { rxDbm: -25.4 }),
        polled(4, { link: 'down', rxDbm: null }),
        polled(5, { rxDbm: null }),
      ],
      ALERT,
      NOW,
    );
    expect(plan.ports.map((p) => [p.portKey, p.power, p.changedAt, p.changed, p.listed])).toEqual([
      ['if1', 'good', null, true, true],
      ['if2', 'warning', null, true, true],
      ['if3', 'critical', null, true, true],
      ['if4', 'down', null, true, true],
      ['if5', 'none', null, true, true],
    ]);
    expect(plan.events).toEqual([]);
  });

  it('turns link down/up and rx crossing the alert level into events, dating the change', () => {
    const plan = planSwitchPorts(
      [
        stored(1),
        stored(2, { link: 'down', rxDbm: null, power: 'down', changedAt: EARLIER }),
        stored(3),
        stored(4, { rxDbm: -23, power: 'critical' }),
        stored(5, { rxDbm: -23, power: 'critical' }),
      ],
      [
        polled(1, { link: 'down', rxDbm: null }),
        polled(2, { link: 'up', rxDbm: -9 }),
        polled(3, { rxDbm: -21.5 }),
        polled(4, { rxDbm: -18 }),
        polled(5, { link: 'down', rxDbm: null }),
      ],
      ALERT,
      NOW,
    );
    expect(plan.events).toEqual([
      { portKey: 'if1', kind: 'link-down', rxDbm: null },
      { portKey: 'if2', kind: 'link-up', rxDbm: -9 },
      { portKey: 'if3', kind: 'rx-low', rxDbm: -21.5 },
      { portKey: 'if4', kind: 'rx-ok', rxDbm: -18 },
      // Critical to no link: the link went down, the light did not come back.
      { portKey: 'if5', kind: 'link-down', rxDbm: null },
    ]);
    expect(plan.ports.map((p) => [p.portKey, p.power, p.changedAt])).toEqual([
      ['if1', 'down', NOW],
      ['if2', 'good', NOW],
      ['if3', 'critical', NOW],
      ['if4', 'warning', NOW],
      ['if5', 'down', NOW],
    ]);
  });

  it('leaves an unchanged port unchanged, and marks one whose reading moved within its band as changed', () => {
    const plan = planSwitchPorts(
      [stored(1, { changedAt: EARLIER }), stored(2)],
      [polled(1), polled(2, { rxDbm: -8.7 })],
      ALERT,
      NOW,
    );
    expect(plan.ports.map((p) => [p.portKey, p.changed, p.changedAt])).toEqual([
      ['if1', false, EARLIER],
      ['if2', true, null],
    ]);
    expect(plan.events).toEqual([]);
  });

  it('judges the band by the alert level given (an edited Db Alert Range)', () => {
    const plan = planSwitchPorts(
      [stored(1, { rxDbm: -12, power: 'good' })],
      [polled(1, { rxDbm: -12 })],
      -10,
      NOW,
    );
    expect(plan.ports[0]).toMatchObject({ power: 'critical', changedAt: NOW, changed: true });
    expect(plan.events).toEqual([{ portKey: 'if1', kind: 'rx-low', rxDbm: -12 }]);
  });

  it('keeps a port the switch no longer lists with its link unknown and no readings, once', () => {
    const first = planSwitchPorts([stored(1), stored(7)], [polled(1)], ALERT, NOW);
    expect(first.ports.find((p) => p.portKey === 'if7')).toEqual({
      portKey: 'if7',
      ifIndex: 7,
      name: 'Ethernet1/0/7',
      description: null,
      link: 'unknown',
      rxDbm: null,
      txDbm: null,
      temperatureC: null,
      voltageV: null,
      biasMa: null,
      power: 'none',
      changedAt: NOW,
      listed: false,
      changed: true,
    });
    expect(first.events).toEqual([]);
    const again = planSwitchPorts(
      [
        stored(1),
        stored(7, {
          link: 'unknown',
          rxDbm: null,
          txDbm: null,
          temperatureC: null,
          voltageV: null,
          biasMa: null,
          power: 'none',
        }),
      ],
      [polled(1)],
      ALERT,
      NOW,
    );
    expect(again.ports.map((p) => p.portKey)).toEqual(['if1']);
  });
});
