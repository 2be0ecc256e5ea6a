import { hasControlCharacters, isCalendarDay } from './patterns';

describe('dates that exist', () => {
  it('accepts real days only', () => {
    expect(isCalendarDay('2026-02-28')).toBe(true);
    expect(isCalendarDay('2028-02-29')).toBe(true);
    expect(isCalendarDay('2026-02-29')).toBe(false);
    expect(isCalendarDay('2026-02-30')).toBe(false);
    expect(isCalendarDay('2026-13-01')).toBe(false);
    expect(isCalendarDay('2026-00-10')).toBe(false);
    expect(isCalendarDay('2026-1-1')).toBe(false);
    expect(isCalendarDay('0050-01-01')).toBe(true);
  });
});

describe('control characters', () => {
  it('finds them in credentials', () => {
    for (const bad of ['a\rb', 'a\nb', 'a\u0000', '\u001b[2J', 'x\u007f', 'x\u0085', 'x\u009b'])
      expect(hasControlCharacters(bad)).toBe(true);
    for (const ok of ['s3cret!', 'päss wörd', 'pass\u00a0word', '€uro'])
      expect(hasControlCharacters(ok)).toBe(false);
  });
});
