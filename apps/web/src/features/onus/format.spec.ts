import { formatDbm, formatDistance, formatSince, parseIdsInput, reasonLabel, rxFill } from './format';

describe('ONU display helpers', () => {
  it('says there is no reading instead of showing 0', () => {
    expect(formatDbm(null)).toBe('No reading');
    expect(formatDbm(-21.347)).toBe('-21.35 dBm');
    expect(formatDbm(0)).toBe('0.00 dBm');
  });

  it('fills the rx bar from -32 dBm (empty) to -8 dBm (full), clamped', () => {
    expect(rxFill(-32)).toBe(0);
    expect(rxFill(-8)).toBe(100);
    expect(rxFill(-20)).toBe(50);
    expect(rxFill(-40)).toBe(0);
    expect(rxFill(-2)).toBe(100);
    expect(rxFill(null)).toBe(0);
  });

  it('writes distances in metres, kilometres past 1 km', () => {
    expect(formatDistance(null)).toBe('—');
    expect(formatDistance(845)).toBe('845 m');
    expect(formatDistance(1534)).toBe('1.53 km');
  });

  it('labels reasons in the one vocabulary', () => {
    expect(reasonLabel('los')).toBe('LOS / fiber down');
    expect(reasonLabel(null)).toBe('—');
  });

  it('counts time in a state', () => {
    const now = Date.parse('2026-11-24T12:00:00Z');
    expect(formatSince('2026-11-24T11:59:15Z', now)).toBe('45s');
    expect(formatSince('2026-11-24T09:55:00Z', now)).toBe('2h 5m');
    expect(formatSince('2026-11-21T08:00:00Z', now)).toBe('3d 4h');
    expect(formatSince(null, now)).toBe('—');
  });

  it('reads PPPoE ids one per line or separated by commas, without duplicates', () => {
    expect(parseIdsInput(' rahim@isp\nkarim@isp, rahim@isp ;x1 ')).toEqual(['rahim@isp', 'karim@isp', 'x1']);
    expect(parseIdsInput('  \n ')).toEqual([]);
  });
});
