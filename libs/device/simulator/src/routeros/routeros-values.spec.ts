import { itemId, macOf, parseItemId, parseRouterOsBool, routerOsDuration, upDown } from './routeros-values';

describe('RouterOS value forms', () => {
  it('prints durations as real routers do (api-replies.txt: 3d17h14m31s, 7m23s, 6w5d11h55m45s)', () => {
    expect(routerOsDuration(3 * 86_400 + 17 * 3600 + 14 * 60 + 31)).toBe('3d17h14m31s');
    expect(routerOsDuration(7 * 60 + 23)).toBe('7m23s');
    expect(routerOsDuration(6 * 604_800 + 5 * 86_400 + 11 * 3600 + 55 * 60 + 45)).toBe('6w5d11h55m45s');
    expect(routerOsDuration(22 * 60 + 21)).toBe('22m21s');
    expect(routerOsDuration(86_405)).toBe('1d5s');
    expect(routerOsDuration(0)).toBe('0s');
    expect(routerOsDuration(-5)).toBe('0s');
    expect(routerOsDuration(59.9)).toBe('59s');
  });

  it('writes item ids in upper-case hex and reads them back', () => {
    expect(itemId(0x80000077)).toBe('*80000077');
    expect(itemId(26)).toBe('*1A');
    expect(parseItemId('*1A')).toBe(26);
    expect(parseItemId('*8000005a')).toBe(0x8000005a);
    expect(parseItemId('1A')).toBeNull();
    expect(parseItemId('*')).toBeNull();
  });

  it('booleans, both-way figures and MACs', () => {
    expect(parseRouterOsBool('yes')).toBe(true);
    expect(parseRouterOsBool('true')).toBe(true);
    expect(parseRouterOsBool('no')).toBe(false);
    expect(parseRouterOsBool('false')).toBe(false);
    expect(parseRouterOsBool('maybe')).toBeNull();
    expect(upDown(10_000_000, 20_000_000.7)).toBe('10000000/20000000');
    expect(macOf([0xb8, 0x69, 0xf4, 0xb7, 0x52, 0xbb])).toBe('B8:69:F4:B7:52:BB');
  });
});
