/** The content codings the server sends, best first. */
const CODINGS = ['br', 'gzip'] as const;
export type Coding = (typeof CODINGS)[number];

/**
 * The coding to send for an `Accept-Encoding` header among those available: the highest q wins, br
 * before gzip when equal, none (identity) when the client accepts neither. Identity is always acceptable.
 */
export function pickCoding(header: string | undefined, available: readonly Coding[]): Coding | undefined {
  if (!header) return undefined;
  const q = new Map<string, number>();
  for (const part of header.split(',')) {
    const [token, ...params] = part.trim().toLowerCase().split(';');
    if (!token) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = qParam ? Number(qParam.slice(2)) : 1;
    q.set(token.trim(), Number.isFinite(value) ? value : 0);
  }
  const weight = (coding: Coding) => q.get(coding) ?? q.get('*') ?? 0;
  let best: Coding | undefined;
  for (const coding of CODINGS) {
    if (!available.includes(coding) || weight(coding) <= 0) continue;
    if (!best || weight(coding) > weight(best)) best = coding;
  }
  return best;
}
