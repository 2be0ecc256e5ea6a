import type { SwitchPortEvent, SwitchPortRow } from '@pondesk/contracts';
import type { SwitchPortEntity, SwitchPortEventEntity } from './entities/switch.entities';

/** A `switch_port` row as raw SQL returns it (the worker's upsert, the API's list). */
export interface SwitchPortDbRow {
  id: string;
  tenant_id: string;
  switch_id: string;
  port_key: string;
  if_index: number | null;
  name: string;
  sort_name: string;
  description: string | null;
  link: SwitchPortEntity['link'];
  rx_dbm: number | null;
  tx_dbm: number | null;
  temperature_c: number | null;
  voltage_v: number | null;
  bias_ma: number | null;
  power: SwitchPortEntity['power'];
  changed_at: Date | null;
  updated_at: Date;
}

const PORT_COLUMN_NAMES: readonly (keyof SwitchPortDbRow)[] = [
  'id',
  'tenant_id',
  'switch_id',
  'port_key',
  'if_index',
  'name',
  'sort_name',
  'description',
  'link',
  'rx_dbm',
  'tx_dbm',
  'temperature_c',
  'voltage_v',
  'bias_ma',
  'power',
  'changed_at',
  'updated_at',
];

/** The select list of a `SwitchPortDbRow`, its columns qualified by `alias` when given. */
export const switchPortColumns = (alias?: string): string =>
  PORT_COLUMN_NAMES.map((c) => (alias ? `${alias}.${c}` : c)).join(', ');

export function switchPortFromRow(r: SwitchPortDbRow): SwitchPortEntity {
  return {
    id: r.id,
    tenantId: r.tenant_id,
    switchId: r.switch_id,
    portKey: r.port_key,
    ifIndex: r.if_index,
    name: r.name,
    sortName: r.sort_name,
    description: r.description,
    link: r.link,
    rxDbm: r.rx_dbm,
    txDbm: r.tx_dbm,
    temperatureC: r.temperature_c,
    voltageV: r.voltage_v,
    biasMa: r.bias_ma,
    power: r.power,
    changedAt: r.changed_at,
    updatedAt: r.updated_at,
  };
}

/**
 * A port's natural sort key: digit runs zero-padded to 6, so `Gi1/0/2` sorts before `Gi1/0/10` in SQL
 * (`ORDER BY sort_name`) as an operator expects. Lower-cased: the list's text sorts ignore case.
 */
export function portSortName(name: string): string {
  return name
    .toLowerCase()
    .replace(/\d+/g, (d) => d.replace(/^0+(?=\d)/, '').padStart(6, '0'))
    .slice(0, 240);
}

/** A stored port as the API lists it and the worker pushes it (one shape for both). */
export function toSwitchPortRow(
  p: SwitchPortEntity,
  sw: { name: string; dbAlertRange: number },
): SwitchPortRow {
  return {
    id: p.id,
    switchId: p.switchId,
    switchName: sw.name,
    ifIndex: p.ifIndex,
    name: p.name,
    description: p.description,
    link: p.link,
    rxDbm: p.rxDbm,
    txDbm: p.txDbm,
    temperatureC: p.temperatureC,
    voltageV: p.voltageV,
    biasMa: p.biasMa,
    power: p.power,
    alertDbm: sw.dbAlertRange,
    changedAt: p.changedAt ? p.changedAt.toISOString() : null,
    updatedAt: p.updatedAt.toISOString(),
  };
}

export function toSwitchPortEvent(e: SwitchPortEventEntity, portName: string): SwitchPortEvent {
  return {
    id: String(e.id),
    switchId: e.switchId,
    portId: e.portId,
    portName,
    kind: e.kind,
    rxDbm: e.rxDbm,
    at: e.at.toISOString(),
  };
}
