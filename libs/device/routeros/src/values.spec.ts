import { parseBool, parseInteger, parseRate, parseRouterOsDuration, parseUpDown } from './values';

describe('parseRouterOsDuration', () => {
  it.each([
    // the documented forms
    ['1w2d3h4m5s', 788645],
    ['01:22:53', 4973],
    ['1d02:03:04', 93784],
    ['6w5d11h55m45s', 4103745],
    // uptimes of the real samples (api-replies.txt)
    ['3d17h14m31s', 321271],
    ['5d18h59m42s', 500382],
    ['4d15h20m38s', 400838],
    ['2d20h12m20s', 245540],
    ['10w2d6h21m59s', 6243719],
    ['7m23s', 443],
    ['1m50s', 110],
    ['22m21s', 1341],
    // edges
    ['0s', 0],
    ['5h', 18000],
    ['1w', 604800],
    ['500ms', 0.5],
    ['1s200ms', 1.2],
    ['1w2d03:04:05', 788645],
    ['100:00:00', 360000],
  ])('%s is %d s', (text, seconds) => {
    expect(parseRouterOsDuration(text)).toBe(seconds);
  });

  it.each([
    undefined,
    '',
    '  ',
    'abc',
    '1x',
    '5s3m',
    '3m3m',
    '01:61:00',
    '01:00:60',
    '1:2',
    '-5s',
    '1.5h',
    'never',
  ])('%p is null', (text) => {
    expect(parseRouterOsDuration(text)).toBeNull();
  });
});

describe('parseUpDown', () => {
  it('reads rates with k/M/G suffixes (1k = 1,000 bits/s), upload first', () => {
    expect(parseUpDown('512k/768k', 'rate')).toEqual({ upload: 512000, download: 768000 });
    expect(parseUpDown('1M/2M', 'rate')).toEqual({ upload: 1000000, download: 2000000 });
    expect(parseUpDown('0/0', 'rate')).toEqual({ upload: 0, download: 0 });
    expect(parseUpDown('10000000/20000000', 'rate')).toEqual({ upload: 10000000, download: 20000000 });
    expect(parseUpDown('1.5M/1G', 'rate')).toEqual({ upload: 1500000, download: 1000000000 });
    expect(parseUpDown('384k/1536k', 'rate')).toEqual({ upload: 384000, download: 1536000 });
  });

  it('reads counts as plain integers only', () => {
    expect(parseUpDown('123456/7890123', 'count')).toEqual({ upload: 123456, download: 7890123 });
    expect(parseUpDown('0/0', 'count')).toEqual({ upload: 0, download: 0 });
    expect(parseUpDown('1k/2k', 'count')).toBeNull();
    expect(parseUpDown('1.5/2', 'count')).toBeNull();
    expect(parseUpDown('-1/2', 'count')).toBeNull();
  });

  it.each([undefined, '', '512k', '1/2/3', 'a/b', '512K/1m', '/1M', '1M/'])('%p is null', (text) => {
    expect(parseUpDown(text, 'rate')).toBeNull();
  });
});

describe('scalars', () => {
  it('parseRate', () => {
    expect(parseRate('123456')).toBe(123456);
    expect(parseRate('64k')).toBe(64000);
    expect(parseRate('1kbps')).toBeNull();
    expect(parseRate(undefined)).toBeNull();
  });

  it('parseInteger refuses what the CLI formats', () => {
    expect(parseInteger('36741120')).toBe(36741120);
    expect(parseInteger('0')).toBe(0);
    expect(parseInteger('40.2MiB')).toBeNull();
    expect(parseInteger('1%')).toBeNull();
    expect(parseInteger('')).toBeNull();
    expect(parseInteger('99999999999999999999')).toBeNull();
  });

  it('parseBool takes the API yes/no and the REST (and v7 API) true/false', () => {
    expect([parseBool('yes'), parseBool('true'), parseBool('no'), parseBool('false')]).toEqual([
      true,
      true,
      false,
      false,
    ]);
    expect(parseBool('')).toBeNull();
    expect(parseBool('Y')).toBeNull();
    expect(parseBool(undefined)).toBeNull();
  });
});
