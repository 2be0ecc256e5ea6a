import { findUnsafeInput, isUnsafeText, withUndecodableEscapesMarked } from './text-safety';

describe('text that cannot be stored', () => {
  it('finds NUL and unpaired surrogates, and lets paired ones (emoji) through', () => {
    expect(isUnsafeText('a\u0000b')).toBe(true);
    expect(isUnsafeText('a\ud800b')).toBe(true);
    expect(isUnsafeText('a\udc00')).toBe(true);
    expect(isUnsafeText('\ud83d\ude00 fine')).toBe(false);
    expect(isUnsafeText('plain – text ✓')).toBe(false);
  });

  it('names where it is: a key, a nested key, an array element, a key itself', () => {
    expect(findUnsafeInput({ description: 'x\u0000' })).toEqual({
      field: 'description',
      message: expect.stringContaining('NUL'),
    });
    expect(findUnsafeInput({ a: { b: '\ud800' } })?.field).toBe('a.b');
    expect(findUnsafeInput({ pppoeIds: ['ok', 'bad\u0000'] })?.field).toBe('pppoeIds[1]');
    expect(findUnsafeInput({ 'k\u0000': 1 })?.field).toBe('k\u0000');
    expect(findUnsafeInput('\u0000', 'id')?.field).toBe('id');
    expect(findUnsafeInput({ a: 1, b: true, c: null, d: ['x'] })).toBeUndefined();
  });

  it('refuses nesting deeper than a form ever sends', () => {
    let deep: unknown = 'x';
    for (let i = 0; i < 50; i++) deep = [deep];
    expect(findUnsafeInput({ a: deep })?.message).toMatch(/nest/);
  });

  it('marks URL escapes that are not UTF-8 (a lone surrogate) as %00, and leaves good ones alone', () => {
    expect(withUndecodableEscapesMarked('/api/v1/x?q=a%ED%A0%80b')).toBe('/api/v1/x?q=a%00b');
    expect(withUndecodableEscapesMarked('/api/v1/x/%FF')).toBe('/api/v1/x/%00');
    expect(withUndecodableEscapesMarked('/api/v1/x?q=caf%C3%A9%20ok&r=%F0%9F%98%80')).toBeUndefined();
  });
});
