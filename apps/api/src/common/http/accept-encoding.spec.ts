import { pickCoding } from './accept-encoding';

describe('pickCoding', () => {
  it.each([
    ['br, gzip, deflate', ['br', 'gzip'], 'br'],
    ['gzip, deflate, br, zstd', ['br', 'gzip'], 'br'],
    ['gzip;q=1, br;q=0.5', ['br', 'gzip'], 'gzip'],
    ['br;q=0, gzip', ['br', 'gzip'], 'gzip'],
    ['BR;Q=0.8, GZIP;q=0.8', ['br', 'gzip'], 'br'],
    ['*', ['br', 'gzip'], 'br'],
    ['*;q=0, gzip', ['br', 'gzip'], 'gzip'],
    ['br, gzip', ['gzip'], 'gzip'],
    ['br', ['gzip'], undefined],
    ['identity', ['br', 'gzip'], undefined],
    ['gzip;q=0', ['br', 'gzip'], undefined],
    ['', ['br', 'gzip'], undefined],
    [undefined, ['br', 'gzip'], undefined],
  ] as const)('%s among %j → %s', (header, available, expected) => {
    expect(pickCoding(header, available)).toBe(expected);
  });
});
