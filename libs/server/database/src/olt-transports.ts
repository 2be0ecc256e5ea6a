import type { OltEntity } from './entities/olt.entity';

/**
 * Which transports a stored OLT can be reached by besides SNMP reads: a telnet login (username and password
 * stored), the web API of HSGQ/AVIES boxes (the same login), and SNMP writes (a write community stored). The
 * worker opens exactly these, and the API plans writes from the same answer, so both agree on the path a
 * reboot or delete takes.
 */
export interface OltTransports {
  telnet: boolean;
  http: boolean;
  snmpWrite: boolean;
}

export function oltTransports(
  olt: Pick<OltEntity, 'brand' | 'username' | 'passwordEnc' | 'snmpWriteCommunityEnc'>,
): OltTransports {
  const login = !!olt.username && !!olt.passwordEnc;
  return { telnet: login, http: login && olt.brand === 'avies', snmpWrite: !!olt.snmpWriteCommunityEnc };
}
