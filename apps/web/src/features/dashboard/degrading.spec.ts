import { crossingWhen, daysUntil, formatSlope } from './degrading';

describe('degrading list formatting', () => {
  it('shows a slope in dB a day to hundredths', () => {
    expect(formatSlope(-0.1234)).toBe('-0.12 dB/day');
    expect(formatSlope(-0.3)).toBe('-0.30 dB/day');
    expect(formatSlope(Number.NaN)).toBe('—');
  });

  it('counts whole local days to the projected crossing', () => {
    const now = new Date(2031, 2, 10, 23, 59); // 10 March, late evening, local time
    expect(daysUntil('2031-03-28', now)).toBe(18);
    expect(daysUntil('2031-04-07', now)).toBe(28);
    expect(daysUntil('not a day', now)).toBeNull();
    expect(crossingWhen('2031-03-28', now)).toBe('in 18 days');
    expect(crossingWhen('2031-03-11', now)).toBe('tomorrow');
    expect(crossingWhen('2031-03-10', now)).toBe('today');
    expect(crossingWhen('2031-03-01', now)).toBe('due');
  });
});
