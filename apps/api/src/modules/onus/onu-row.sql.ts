import { onuLastSeenSql } from '@pondesk/server-database';

/**
 * A timestamptz as JavaScript's `toISOString()` writes it (UTC, milliseconds truncated), so rows come
 * back ready to send. The colons are quoted so TypeORM does not read `:MI` as a parameter.
 */
export const isoTime = (column: string): string =>
  `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24":"MI":"SS.MS"Z"')`;

/** When the ONU was last seen (`n` the onu, `o` its olt): see `onuLastSeenSql`. */
export const ONU_LAST_SEEN_SQL = onuLastSeenSql('n', 'o.last_good_poll_at');

/** The select list of a contract `OnuRow` (`n` the onu, `o` its olt), in the contract's names and order. */
export const ONU_ROW_COLUMNS = [
  'n.id AS id',
  'n.olt_id AS "oltId"',
  'o.name AS "oltName"',
  'o.code AS "oltCode"',
  'n.pon_port AS "ponPort"',
  'n.onu_id AS "onuId"',
  'n.if_name AS "ifName"',
  'n.mac AS mac',
  'n.serial AS serial',
  'n.description AS description',
  'n.pppoe_ids AS "pppoeIds"',
  'n.status AS status',
  'n.reason AS reason',
  'n.reason_raw AS "reasonRaw"',
  'n.rx_dbm AS "rxDbm"',
  'n.tx_dbm AS "txDbm"',
  'n.temperature_c AS "temperatureC"',
  'n.voltage_v AS "voltageV"',
  'n.bias_ma AS "biasMa"',
  'n.distance_m AS "distanceM"',
  'n.vendor AS vendor',
  'n.model AS model',
  `${isoTime(ONU_LAST_SEEN_SQL)} AS "lastSeenAt"`,
  `${isoTime('n.status_changed_at')} AS "statusChangedAt"`,
];
