import { formatBillingDay, formatBillingInstant, formatMonths, formatTk } from './format';

describe('billing formats', () => {
  it('shows a day as D Mon YYYY, whatever the browser locale', () => {
    expect(formatBillingDay('2027-02-28')).toBe('28 Feb 2027');
    expect(formatBillingDay('2026-11-03')).toBe('3 Nov 2026');
    expect(formatBillingDay('2026-01-01')).toBe('1 Jan 2026');
    expect(formatBillingDay('2026-12-31')).toBe('31 Dec 2026');
  });

  it('shows a dash for a missing or malformed day', () => {
    expect(formatBillingDay(null)).toBe('—');
    expect(formatBillingDay(undefined)).toBe('—');
    expect(formatBillingDay('')).toBe('—');
    expect(formatBillingDay('2026-13-01')).toBe('—');
    expect(formatBillingDay('28/02/2027')).toBe('—');
    expect(formatBillingDay(null, 'Never')).toBe('Never');
  });

  it('shows an instant as the Dhaka day it fell on', () => {
    // 20:30 UTC on 27 Feb is 02:30 on 28 Feb in Dhaka (UTC+6).
    expect(formatBillingInstant('2027-02-27T20:30:00.000Z')).toBe('28 Feb 2027');
    expect(formatBillingInstant('2027-02-27T10:00:00.000Z')).toBe('27 Feb 2027');
    expect(formatBillingInstant(null)).toBe('—');
    expect(formatBillingInstant('not a time')).toBe('—');
  });

  it('shows poisha as Tk with thousands separators and two decimals', () => {
    expect(formatTk(150000)).toBe('Tk 1,500.00');
    expect(formatTk(450000)).toBe('Tk 4,500.00');
    expect(formatTk(0)).toBe('Tk 0.00');
    expect(formatTk(5)).toBe('Tk 0.05');
    expect(formatTk(99950)).toBe('Tk 999.50');
    expect(formatTk(123456789)).toBe('Tk 1,234,567.89');
    expect(formatTk(-150000)).toBe('-Tk 1,500.00');
  });

  it('names months in the singular or plural', () => {
    expect(formatMonths(1)).toBe('1 Month');
    expect(formatMonths(3)).toBe('3 Months');
    expect(formatMonths(12)).toBe('12 Months');
  });
});
