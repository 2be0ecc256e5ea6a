import { parseMac } from './scans';

describe('parseMac', () => {
  it.each([
    ['a0:94:6a:89:97:d0', 'a0:94:6a:89:97:d0'],
    ['A0:94:6A:89:97:D0', 'a0:94:6a:89:97:d0'],
    ['A0-94-6A-89-97-D0', 'a0:94:6a:89:97:d0'],
    ['a094.6a89.97d0', 'a0:94:6a:89:97:d0'],
    ['A0946A8997D0', 'a0:94:6a:89:97:d0'],
    ['  fcfa.f796.3f44 ', 'fc:fa:f7:96:3f:44'],
  ])('reads %s as %s', (text, mac) => {
    expect(parseMac(text)).toBe(mac);
  });

  it.each([
    '',
    'a0:94:6a:89:97',
    'a0:94:6a:89:97:d0:11',
    'a0:94-6a:89:97:d0',
    'a0946a8997d',
    'g0:94:6a:89:97:d0',
    'a094.6a89.97d0.1111',
    'a0:94:6a:89:97:d0x',
    'a0 94 6a 89 97 d0',
  ])('refuses %j', (text) => {
    expect(parseMac(text)).toBeNull();
  });
});
