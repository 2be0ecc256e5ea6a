import type { MacFindHit, ScanOptics } from '@pondesk/contracts';
import { onuLastSeenSql } from './onu-seen';

/** Runs SQL: a DataSource, an EntityManager or a query runner. */
interface Queryable {
  query(sql: string, params?: unknown[]): Promise<unknown>;
}

/** What a scan joins from a stored ONU: its id, PPPoE ids and last-poll optics. */
export interface StoredOnu {
  oltId: string;
  id: string;
  ponPort: number;
  onuId: number;
  ifName: string;
  mac: string | null;
  pppoeIds: string[];
  optics: ScanOptics;
  /** When those optics were last confirmed (the ONU's last sighting). */
  seenAt: Date | null;
}

const STORED_COLUMNS = `n.olt_id AS "oltId", n.id, n.pon_port AS "ponPort", n.onu_id AS "onuId", n.if_name AS "ifName",
  n.mac, n.pppoe_ids AS "pppoeIds", n.rx_dbm AS "rxDbm", n.tx_dbm AS "txDbm", n.temperature_c AS "temperatureC",
  n.voltage_v AS "voltageV", n.bias_ma AS "biasMa", ${onuLastSeenSql('n', 'o.last_good_poll_at')} AS "seenAt"`;

type StoredRow = Omit<StoredOnu, 'optics'> & ScanOptics;

const toStored = (r: StoredRow): StoredOnu => ({
  oltId: r.oltId,
  id: r.id,
  ponPort: r.ponPort,
  onuId: r.onuId,
  ifName: r.ifName,
  mac: r.mac,
  pppoeIds: r.pppoeIds,
  optics: {
    rxDbm: r.rxDbm,
    txDbm: r.txDbm,
    temperatureC: r.temperatureC,
    voltageV: r.voltageV,
    biasMa: r.biasMa,
  },
  seenAt: r.seenAt,
});

/** The stored ONUs of one OLT, keyed `port:onu` (`onuPlace`), for the joins of a scan's answer. */
export async function storedOnusOf(db: Queryable, oltId: string): Promise<Map<string, StoredOnu>> {
  const rows = (await db.query(
    `SELECT ${STORED_COLUMNS} FROM onu n JOIN olt o ON o.id = n.olt_id WHERE n.olt_id = $1`,
    [oltId],
  )) as StoredRow[];
  return new Map(rows.map((r) => [onuPlace(r.ponPort, r.onuId), toStored(r)]));
}

/** The key of an ONU's place on its OLT. */
export const onuPlace = (ponPort: number, onuId: number): string => `${ponPort}:${onuId}`;

/** The stored ONUs of these OLTs whose own MAC is `mac` (`aa:bb:cc:dd:ee:ff`), as of their last poll. */
export async function storedMacOwners(
  db: Queryable,
  tenantId: string,
  oltIds: readonly string[],
  mac: string,
): Promise<StoredOnu[]> {
  if (!oltIds.length) return [];
  const rows = (await db.query(
    `SELECT ${STORED_COLUMNS} FROM onu_search s JOIN onu n ON n.id = s.id JOIN olt o ON o.id = n.olt_id
     WHERE s.tenant_id = $1 AND s.mac = $2 AND s.olt_id = ANY($3::uuid[])
     ORDER BY n.pon_port, n.onu_id`,
    [tenantId, mac, oltIds],
  )) as StoredRow[];
  return rows.map(toStored);
}

/** A hit at a stored ONU's place, from the last poll (`source` stored) or confirmed live. */
export function storedHit(
  onu: StoredOnu,
  at: Pick<MacFindHit, 'source' | 'kind' | 'mac' | 'vlan'>,
): MacFindHit {
  return {
    oltId: onu.oltId,
    source: at.source,
    kind: at.kind,
    mac: at.mac,
    vlan: at.vlan,
    ponPort: onu.ponPort,
    onuId: onu.onuId,
    // The ONU's interface as the lists name it (a MAC table may write it otherwise, e.g. with a virtual port).
    ifName: onu.ifName,
    onuRef: onu.id,
    pppoeIds: onu.pppoeIds,
    optics: onu.optics,
    opticsSource: 'stored',
    opticsAt: onu.seenAt ? new Date(onu.seenAt).toISOString() : null,
  };
}
