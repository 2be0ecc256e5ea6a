import { ponInterface } from './pon-interface';

describe('ponInterface', () => {
  it('is the part before the ONU number', () => {
    expect(ponInterface('EPON0/1:9', 1)).toBe('EPON0/1');
    expect(ponInterface('GPON0/3:12', 3)).toBe('GPON0/3');
    expect(ponInterface('pon0/0/1:5', 1)).toBe('pon0/0/1');
    expect(ponInterface(' GPON0/10:128 ', 10)).toBe('GPON0/10');
  });

  it('reads the V1600GS form with the ONU name appended', () => {
    expect(ponInterface('GPON01ONU7 YUNUS', 1)).toBe('GPON01');
  });

  it('falls back to the port number when the name has no PON part', () => {
    expect(ponInterface('1/3', 1)).toBe('PON 1');
    expect(ponInterface(null, 4)).toBe('PON 4');
    expect(ponInterface(null, null)).toBe('');
  });
});
