import { portUsageLevel } from '@pondesk/contracts';
import { PORTS_SHOWN, onuTotal, usagePercent, visiblePorts } from './port-usage';

const ports = (n: number) => Array.from({ length: n }, (_, i) => ({ ponPort: i + 1, count: i }));

describe('visiblePorts', () => {
  it('shows the first 8 ports and counts the rest', () => {
    const { shown, hidden } = visiblePorts(ports(16), false);
    expect(PORTS_SHOWN).toBe(8);
    expect(shown.map((p) => p.ponPort)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(hidden).toBe(8);
  });

  it('shows every port when expanded', () => {
    const { shown, hidden } = visiblePorts(ports(16), true);
    expect(shown).toHaveLength(16);
    expect(hidden).toBe(0);
  });

  it('has nothing to hide at 8 ports or fewer', () => {
    expect(visiblePorts(ports(8), false)).toEqual({ shown: ports(8), hidden: 0 });
    expect(visiblePorts(ports(3), false).hidden).toBe(0);
    expect(visiblePorts([], false)).toEqual({ shown: [], hidden: 0 });
  });
});

describe('usagePercent', () => {
  it('measures against the mode capacity', () => {
    expect(usagePercent('gpon', 64)).toBe(50);
    expect(usagePercent('epon', 64)).toBe(100);
    expect(usagePercent('epon', 16)).toBe(25);
  });

  it('stays within 0 and 100', () => {
    expect(usagePercent('gpon', 0)).toBe(0);
    expect(usagePercent('gpon', 200)).toBe(100);
    expect(usagePercent('gpon', Number.NaN)).toBe(0);
  });

  it('uses the thresholds of the spec for the colour', () => {
    expect(portUsageLevel('gpon', 99)).toBe('success');
    expect(portUsageLevel('gpon', 100)).toBe('warning');
    expect(portUsageLevel('gpon', 120)).toBe('error');
    expect(portUsageLevel('epon', 49)).toBe('success');
    expect(portUsageLevel('epon', 50)).toBe('warning');
    expect(portUsageLevel('epon', 60)).toBe('error');
  });
});

describe('onuTotal', () => {
  it('adds the ports up', () => {
    expect(onuTotal(ports(4))).toBe(6);
    expect(onuTotal([])).toBe(0);
  });
});
