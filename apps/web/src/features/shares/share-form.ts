import {
  SHARE_TOKEN_PATTERN,
  type CreateShareToken,
  type ShareScope,
  type ShareTokenRow,
} from '@pondesk/contracts';

/** How long a new link works. */
export const EXPIRIES = [
  { value: 'never', label: 'Until revoked', hours: null },
  { value: '1d', label: '1 day', hours: 24 },
  { value: '7d', label: '7 days', hours: 24 * 7 },
  { value: '30d', label: '30 days', hours: 24 * 30 },
] as const;
export type Expiry = (typeof EXPIRIES)[number]['value'];

/** The request the Create New Token form makes. */
export function createRequest(form: {
  label: string;
  scope: ShareScope;
  oltIds: string[];
  expiry: Expiry;
  another: boolean;
  now?: number;
}): CreateShareToken {
  const hours = EXPIRIES.find((e) => e.value === form.expiry)?.hours ?? null;
  return {
    scope: form.scope,
    ...(form.scope === 'olts' ? { oltIds: form.oltIds } : {}),
    expiresAt: hours === null ? null : new Date((form.now ?? Date.now()) + hours * 3600_000).toISOString(),
    ...(form.label.trim() ? { label: form.label.trim() } : {}),
    ...(form.another ? { another: true } : {}),
  };
}

/** What is wrong with a typed token, or null (blank means "make one for me"). */
export function tokenProblem(text: string): string | null {
  const t = text.trim();
  if (!t || SHARE_TOKEN_PATTERN.test(t)) return null;
  return 'Use 32 to 128 letters, digits, - or _ (or leave it blank for a random one).';
}

/** Active, revoked or run out: the one word a row's state needs. */
export function tokenState(row: Pick<ShareTokenRow, 'revokedAt' | 'active'>): {
  label: 'Active' | 'Revoked' | 'Expired';
  color: 'success' | 'default' | 'warning';
} {
  if (row.revokedAt) return { label: 'Revoked', color: 'default' };
  if (!row.active) return { label: 'Expired', color: 'warning' };
  return { label: 'Active', color: 'success' };
}

/** What a link shares, in a few words: 'All OLTs', or the first names and how many more. */
export function scopeText(row: Pick<ShareTokenRow, 'scope' | 'oltNames'>): string {
  if (row.scope === 'all') return 'All OLTs';
  if (row.oltNames.length <= 3) return row.oltNames.join(', ');
  return `${row.oltNames.slice(0, 3).join(', ')} and ${row.oltNames.length - 3} more`;
}
