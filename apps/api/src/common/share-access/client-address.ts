/** Express's compiled `trust proxy` setting (`app.get('trust proxy fn')`). */
export type TrustProxy = (address: string, hop: number) => boolean;

/**
 * The client's address as Express's `req.ip` finds it (proxy-addr): walk X-Forwarded-For from the TCP
 * peer while each hop is a proxy TRUST_PROXY trusts. Share-link guesses are limited by this address.
 */
export function clientAddressOf(
  peer: string,
  forwardedFor: string | string[] | undefined,
  trust: TrustProxy | undefined,
): string {
  const forwarded = (Array.isArray(forwardedFor) ? forwardedFor.join(',') : (forwardedFor ?? ''))
    .split(',')
    .map((a) => a.trim())
    .filter(Boolean)
    .reverse();
  const chain = [peer, ...forwarded];
  let at = 0;
  while (trust && at < chain.length - 1 && trust(chain[at], at)) at++;
  return chain[at] || 'unknown';
}
