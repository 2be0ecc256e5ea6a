import { DEFAULT_MIKROTIK_PORT } from './olt-limits';

/**
 * Where each stored OLT secret is sent. A change of that place (the OLT's or the MikroTik's address, or
 * the port of the protocol that carries the secret) must come with the secret typed again: otherwise an
 * operator could point a stored password at a host of their choice and the next poll would deliver it.
 * The API refuses such an update (400 naming the secret); the Edit OLT form asks for the secret first.
 */
export const BOUND_SECRETS = [
  'snmpCommunity',
  'snmpWriteCommunity',
  'password',
  'enablePassword',
  'mikrotikPassword',
] as const;
export type BoundSecret = (typeof BOUND_SECRETS)[number];

/** The OLT's fields that decide where its secrets go (values as stored or as typed). */
export interface OltSecretTargets {
  host: string;
  brand: string;
  snmpPort: number | string | null;
  telnetPort: number | string | null;
  httpPort: number | string | null;
  mikrotikHost: string | null;
  mikrotikPort: number | string | null;
}

type Place = { where: string; reason: string };

const SECRET_LABELS: Record<BoundSecret, string> = {
  snmpCommunity: 'SNMP community',
  snmpWriteCommunity: 'SNMP write community',
  password: 'telnet password',
  enablePassword: 'enable password',
  mikrotikPassword: 'MikroTik password',
};

const norm = (v: number | string | null | undefined): string =>
  String(v ?? '')
    .trim()
    .toLowerCase();

/** The places (address:port) a secret is sent to, each with what would have to change to move it. */
function placesOf(t: OltSecretTargets, secret: BoundSecret): Place[] {
  const at = (host: string | null, port: number | string | null) => `${norm(host)}:${norm(port)}`;
  switch (secret) {
    case 'snmpCommunity':
    case 'snmpWriteCommunity':
      return [{ where: at(t.host, t.snmpPort), reason: 'SNMP port' }];
    case 'enablePassword':
      return [{ where: at(t.host, t.telnetPort), reason: 'telnet port' }];
    case 'password':
      // The Avies (HSGQ) web API logs in with the telnet user and password as well.
      return [
        { where: at(t.host, t.telnetPort), reason: 'telnet port' },
        ...(t.brand === 'avies' ? [{ where: at(t.host, norm(t.httpPort) || 80), reason: 'web port' }] : []),
      ];
    case 'mikrotikPassword':
      return norm(t.mikrotikHost)
        ? [{ where: at(t.mikrotikHost, norm(t.mikrotikPort) || DEFAULT_MIKROTIK_PORT), reason: 'port' }]
        : [];
  }
}

/** Why a secret must be typed again, in the words the form and the API's 400 use. */
function reentryMessage(
  secret: BoundSecret,
  before: OltSecretTargets,
  after: OltSecretTargets,
  reason: string,
) {
  const mikrotik = secret === 'mikrotikPassword';
  const device = mikrotik ? "the MikroTik's" : "the OLT's";
  const hostChanged = mikrotik
    ? norm(before.mikrotikHost) !== norm(after.mikrotikHost)
    : norm(before.host) !== norm(after.host);
  const what = hostChanged ? 'address' : reason;
  return `Re-enter the ${SECRET_LABELS[secret]}: ${device} ${what} changed`;
}

/**
 * The stored secrets that an update would send somewhere new without carrying them again: for each, the
 * field and the message. `stored` says which secrets the OLT has; `given` which ones the update types
 * (a non-empty value) — a secret the update removes goes nowhere and needs nothing.
 */
export function secretsToReenter(
  before: OltSecretTargets,
  after: OltSecretTargets,
  stored: Partial<Record<BoundSecret, boolean>>,
  given: Partial<Record<BoundSecret, boolean>>,
): { field: BoundSecret; message: string }[] {
  return BOUND_SECRETS.flatMap((secret) => {
    if (!stored[secret] || given[secret]) return [];
    const known = new Set(placesOf(before, secret).map((p) => p.where));
    const moved = placesOf(after, secret).find((p) => !known.has(p.where));
    return moved ? [{ field: secret, message: reentryMessage(secret, before, after, moved.reason) }] : [];
  });
}
