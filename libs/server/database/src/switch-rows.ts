import type { SwitchPortEvent, SwitchPortRow } from '@pondesk/contracts';
import type { SwitchPortEntity, SwitchPortEventEntity } from './entities/switch.entities';

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
