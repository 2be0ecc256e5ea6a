import { formatPoisha, parseTaka } from '@pondesk/contracts';

/** 150000 → 'Tk 1500.00' (the spec's 'Tk' prefix). */
export const formatTk = (poisha: number): string => `Tk ${formatPoisha(poisha)}`;

/** A price as the Taka field shows it to edit: 150000 → '1500', 150050 → '1500.50'. */
export function takaInputOf(poisha: number): string {
  const text = formatPoisha(poisha);
  return text.endsWith('.00') ? text.slice(0, -3) : text;
}

/** The most a package may cost a month (a typo guard: bKash takes far less in one payment). */
export const MAX_MONTHLY_PRICE_POISHA = 1_000_000_000;

/** The Taka typed ('1500' or '1500.50') as poisha, or what is wrong with it. */
export function takaInputToPoisha(text: string): { poisha: number } | { error: string } {
  if (!text.trim()) return { error: 'Enter the monthly price in Taka' };
  const poisha = parseTaka(text);
  if (poisha === null) return { error: 'Enter Taka like 1500 or 1500.50' };
  if (poisha <= 0) return { error: 'The price must be more than 0' };
  if (poisha > MAX_MONTHLY_PRICE_POISHA) return { error: `At most ${formatTk(MAX_MONTHLY_PRICE_POISHA)}` };
  return { poisha };
}
