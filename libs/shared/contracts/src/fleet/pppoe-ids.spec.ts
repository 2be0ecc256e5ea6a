import { isDefaultOnuName, parsePppoeIds } from './pppoe-ids';

describe('parsePppoeIds', () => {
  it.each([
    ['rahim123@fibernet', ['rahim123@fibernet']],
    ['pppoe:karim_99', ['karim_99']],
    ['PPPOE = shop.12, backup', ['shop.12']],
    ['a.user@isp, b.user@isp', ['a.user@isp', 'b.user@isp']],
    ['sabbir-home', ['sabbir-home']],
    ['rahim, karim', ['rahim', 'karim']],
    ['shop12345678', ['shop12345678']],
    ['ONU near mosque road', []],
    ['', []],
    [null, []],
  ])('%p → %p', (description, ids) => {
    expect(parsePppoeIds(description)).toEqual(ids);
  });

  it.each([
    // HSGQ/AVIES default names (the "ONU04" seen on seven ONUs at once)
    'ONU04/07',
    'ONT01/011',
    'ONU1',
    'onu-12',
    // interface names of every brand
    'EPON0/1:3',
    'GPON0/2:1',
    'GPON01ONU1',
    'GPON0/1',
    'pon0/0/1',
    'gpon 0/0/1 onu 1',
    'PON01',
    // serial numbers and MACs
    'HWTC1a2b3c4d',
    'CDTCAFD296DB',
    '80f7.a69b.9a25',
    'E0:67:B3:12:34:56',
    'e067b3123456',
    // placeholders
    'N/A',
    'NULL',
    'NO-DESCRIPTI',
  ])('a device default is no PPPoE id: %p', (name) => {
    expect(isDefaultOnuName(name)).toBe(true);
    expect(parsePppoeIds(name)).toEqual([]);
  });

  it("keeps a login written next to a default name, and ignores a name equal to the ONU's own", () => {
    expect(parsePppoeIds('GPON01ONU1 robin819@net')).toEqual(['robin819@net']);
    expect(parsePppoeIds('ONU04/07, karim77')).toEqual(['karim77']);
    expect(parsePppoeIds('Gi0/4-subscriber', ['Gi0/4-subscriber'])).toEqual([]);
    expect(parsePppoeIds('ZTEGd5d46321x', ['ZTEGd5d46321x'])).toEqual([]);
    expect(parsePppoeIds('karim77', ['1/7', 'HWTC1a2b3c4d'])).toEqual(['karim77']);
  });
});
