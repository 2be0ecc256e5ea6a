/**
 * Faults a test or the demo can switch on per simulated MikroTik (control API `PUT /routers/:olt/faults`,
 * `PUT /concentrator/faults`, or a fleet file's `router.faults`), as `DeviceFaults` are for the OLTs.
 */
export interface RouterFaults {
  /** The API port refuses connections (nothing listens); open connections are dropped. */
  down: boolean;
  /** Every login is refused (`invalid user name or password (6)`), whatever is sent. */
  wrongPassword: boolean;
  /** Every reply (logins included) comes this many real milliseconds late. */
  delayMs: number;
  /**
   * The router predates RouterOS 6.43: `/login` answers an MD5 challenge (`=ret=`) and only the challenge's
   * response logs in; a plain password login is not one.
   */
  legacyLogin: boolean;
}

export const NO_ROUTER_FAULTS: Readonly<RouterFaults> = {
  down: false,
  wrongPassword: false,
  delayMs: 0,
  legacyLogin: false,
};

/** Longest reply delay the control API takes (a minute). */
export const MAX_ROUTER_DELAY_MS = 60_000;

/** A faults patch from a request body, or the message of a 400 naming the field. */
export function parseRouterFaults(body: unknown): Partial<RouterFaults> | string {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return 'body must be a JSON object';
  const b = body as Record<string, unknown>;
  const out: Partial<RouterFaults> = {};
  for (const k of Object.keys(b))
    if (!(k in NO_ROUTER_FAULTS))
      return `unknown fault ${k}: one of ${Object.keys(NO_ROUTER_FAULTS).join(', ')}`;
  for (const k of ['down', 'wrongPassword', 'legacyLogin'] as const) {
    if (b[k] === undefined) continue;
    if (typeof b[k] !== 'boolean') return `${k} must be a boolean`;
    out[k] = b[k];
  }
  const delay = b['delayMs'];
  if (delay !== undefined) {
    if (typeof delay !== 'number' || !Number.isFinite(delay) || delay < 0 || delay > MAX_ROUTER_DELAY_MS)
      return `delayMs must be a number from 0 to ${MAX_ROUTER_DELAY_MS}`;
    out.delayMs = delay;
  }
  return out;
}
