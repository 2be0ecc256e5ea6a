import { createRequest, scopeText, tokenProblem, tokenState } from './share-form';

describe('share link forms', () => {
  const now = Date.parse('2026-11-27T05:00:00Z');

  it('asks for all OLTs without naming any, and for chosen ones by id', () => {
    expect(
      createRequest({ label: '  ', scope: 'all', oltIds: ['x'], expiry: 'never', another: false, now }),
    ).toEqual({
      scope: 'all',
      expiresAt: null,
    });
    expect(
      createRequest({
        label: ' North team ',
        scope: 'olts',
        oltIds: ['a', 'b'],
        expiry: '7d',
        another: true,
        now,
      }),
    ).toEqual({
      scope: 'olts',
      oltIds: ['a', 'b'],
      expiresAt: '2026-12-04T05:00:00.000Z',
      label: 'North team',
      another: true,
    });
  });

  it('takes a blank token (a random one) or 32 to 128 URL-safe characters', () => {
    expect(tokenProblem('')).toBeNull();
    expect(tokenProblem('a'.repeat(32))).toBeNull();
    expect(tokenProblem(`  ${'Z9_-'.repeat(8)}  `)).toBeNull();
    expect(tokenProblem('a'.repeat(31))).toMatch(/32 to 128/);
    expect(tokenProblem('a'.repeat(129))).toMatch(/32 to 128/);
    expect(tokenProblem(`${'a'.repeat(31)}/`)).toMatch(/32 to 128/);
  });

  it('names a revoked link Revoked even when it would have run out, and an ended one Expired', () => {
    expect(tokenState({ revokedAt: '2026-11-01T00:00:00Z', active: false }).label).toBe('Revoked');
    expect(tokenState({ revokedAt: null, active: false }).label).toBe('Expired');
    expect(tokenState({ revokedAt: null, active: true }).label).toBe('Active');
  });

  it('says what a link shares in a few words', () => {
    expect(scopeText({ scope: 'all', oltNames: [] })).toBe('All OLTs');
    expect(scopeText({ scope: 'olts', oltNames: ['A', 'B'] })).toBe('A, B');
    expect(scopeText({ scope: 'olts', oltNames: ['A', 'B', 'C', 'D', 'E'] })).toBe('A, B, C and 2 more');
  });
});
