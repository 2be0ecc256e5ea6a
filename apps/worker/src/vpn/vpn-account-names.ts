import { randomInt } from 'node:crypto';
import type { VpnService } from '@pondesk/contracts';

/**
 * Names of a tenant's VPN account. Everything here ends up in a RouterOS command the ISP pastes into its
 * router's terminal, so it is made only of characters the terminal takes without quoting (letters,
 * digits, hyphen): nothing to escape, nothing a paste can turn into another command.
 */

/** Secret names start with this on the concentrator, so the platform's accounts stand out there. */
export const VPN_USERNAME_PREFIX = 'pd-';

/**
 * The names a tenant's secret may take, shortest first: `pd-` and the first 8 hex digits of the tenant's
 * id, then 12, then all 32. The last is unique among tenants by construction; the shorter ones are
 * tried first because the ISP types or reads them (a clash with another tenant, or with a secret on the
 * concentrator that is not the tenant's, moves on to the next).
 */
export function vpnUsernameCandidates(tenantId: string): string[] {
  const hex = tenantId.toLowerCase().replace(/[^0-9a-f]/g, '');
  if (hex.length !== 32) throw new Error('A tenant id is a UUID');
  return [8, 12, 32].map((n) => `${VPN_USERNAME_PREFIX}${hex.slice(0, n)}`);
}

const PASSWORD_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
/** 24 characters of a 56-character alphabet: about 139 bits. */
export const VPN_PASSWORD_LENGTH = 24;

/**
 * A random password from the system's CSPRNG (unbiased: `randomInt` rejects out-of-range draws). Letters
 * and digits only, without look-alikes (0/O, 1/l/I), since the ISP may read it off the screen.
 */
export function generateVpnPassword(): string {
  let out = '';
  for (let i = 0; i < VPN_PASSWORD_LENGTH; i++) out += PASSWORD_ALPHABET[randomInt(PASSWORD_ALPHABET.length)];
  return out;
}

/** The interface the dial-in command creates on the ISP's router: `pondesk-l2tp`, `pondesk-sstp`, … */
export function vpnConnectionName(service: VpnService): string {
  return `pondesk-${service}`;
}

/**
 * The secret's comment on the concentrator: names the tenant, so an operator there knows whose it is and
 * a secret left by an interrupted creation is recognised as the tenant's own.
 */
export function vpnSecretComment(tenantId: string): string {
  return `PonDesk tenant ${tenantId}`;
}
