import { parsePppoeIds } from './pppoe-ids';

describe('parsePppoeIds', () => {
  it.each([
    ['rahim123@fibernet', ['rahim123@fibernet']],
    ['pppoe:karim_99', ['karim_99']],
    ['PPPOE = shop.12, backup', ['shop.12']],
    ['a.user@isp, b.user@isp', ['a.user@isp', 'b.user@isp']],
    ['sabbir-home', ['sabbir-home']],
    ['rahim, karim', ['rahim', 'karim']],
    ['ONU near mosque road', []],
    ['', []],
    [null, []],
  ])('%p → %p', (description, ids) => {
    expect(parsePppoeIds(description)).toEqual(ids);
  });
});
