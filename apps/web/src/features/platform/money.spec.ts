import { formatTk, takaInputOf, takaInputToPoisha } from './money';

describe('Taka typed into the price field', () => {
  it('becomes poisha', () => {
    expect(takaInputToPoisha('1500')).toEqual({ poisha: 150000 });
    expect(takaInputToPoisha('1500.50')).toEqual({ poisha: 150050 });
    expect(takaInputToPoisha('1500.5')).toEqual({ poisha: 150050 });
    expect(takaInputToPoisha(' 0.01 ')).toEqual({ poisha: 1 });
  });

  it('says what is wrong with anything else', () => {
    expect(takaInputToPoisha('')).toEqual({ error: 'Enter the monthly price in Taka' });
    expect(takaInputToPoisha('1,500')).toEqual({ error: 'Enter Taka like 1500 or 1500.50' });
    expect(takaInputToPoisha('1500.505')).toEqual({ error: 'Enter Taka like 1500 or 1500.50' });
    expect(takaInputToPoisha('-5')).toEqual({ error: 'Enter Taka like 1500 or 1500.50' });
    expect(takaInputToPoisha('Tk 1500')).toEqual({ error: 'Enter Taka like 1500 or 1500.50' });
    expect(takaInputToPoisha('0')).toEqual({ error: 'The price must be more than 0' });
    expect(takaInputToPoisha('10000000.01')).toEqual({ error: 'At most Tk 10000000.00' });
  });
});

describe('a stored price shown to edit and to read', () => {
  it('drops whole-Taka decimals in the field and keeps paisa', () => {
    expect(takaInputOf(150000)).toBe('1500');
    expect(takaInputOf(150050)).toBe('1500.50');
    expect(takaInputOf(5)).toBe('0.05');
  });

  it('goes back to the same poisha', () => {
    for (const poisha of [1, 99, 100, 150000, 150050, 123456789])
      expect(takaInputToPoisha(takaInputOf(poisha))).toEqual({ poisha });
  });

  it('reads with the Tk prefix', () => {
    expect(formatTk(150000)).toBe('Tk 1500.00');
    expect(formatTk(150050)).toBe('Tk 1500.50');
  });
});
