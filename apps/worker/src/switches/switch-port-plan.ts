import {
  switchPortPower,
  type SwitchLink,
  type SwitchPortEventKind,
  type SwitchPortPower,
} from '@pondesk/contracts';
import type { SwitchPortOptics } from '@pondesk/device-drivers';

/** A port's current row, as stored or as a poll leaves it. */
interface SwitchPortState {
  portKey: string;
  ifIndex: number | null;
  name: string;
  description: string | null;
  link: SwitchLink;
  rxDbm: number | null;
  txDbm: number | null;
  temperatureC: number | null;
  voltageV: number | null;
  biasMa: number | null;
  power: SwitchPortPower;
  changedAt: Date | null;
}

/** What a poll compares with: a port as stored. */
export interface StoredSwitchPort extends SwitchPortState {
  id: string;
}

/** A port's row as this poll leaves it. */
export interface PlannedSwitchPort extends SwitchPortState {
  /** The switch listed it in this poll (its `updated_at` and a sample); false: it vanished. */
  listed: boolean;
  /** Differs from the stored row in anything a viewer sees (or is new): pushed to the browsers. */
  changed: boolean;
}

export interface PlannedSwitchEvent {
  portKey: string;
  kind: SwitchPortEventKind;
  rxDbm: number | null;
}

export interface SwitchPortPlan {
  /** Every listed port, and every vanished one whose row has to change. */
  ports: PlannedSwitchPort[];
  events: PlannedSwitchEvent[];
}

/** A port is keyed by its ifIndex; a port the switch gives none for, by its name. */
export const switchPortKey = (p: Pick<SwitchPortOptics, 'ifIndex' | 'name'>): string =>
  p.ifIndex !== null ? `if${p.ifIndex}` : `name:${p.name}`;

const READINGS = ['rxDbm', 'txDbm', 'temperatureC', 'voltageV', 'biasMa'] as const;

/**
 * Compares a poll's ports with the stored ones. Link down/up and rx entering or leaving the critical band
 * are events (none on a port's first sighting: nothing changed that anyone saw); a port the switch no
 * longer lists keeps its row with its link unknown and no readings, so its history stays reachable.
 */
export function planSwitchPorts(
  stored: readonly StoredSwitchPort[],
  polled: readonly SwitchPortOptics[],
  alertDbm: number,
  now: Date,
): SwitchPortPlan {
  const before = new Map(stored.map((s) => [s.portKey, s]));
  const ports: PlannedSwitchPort[] = [];
  const events: PlannedSwitchEvent[] = [];
  const seen = new Set<string>();
  for (const p of polled) {
    const portKey = switchPortKey(p);
    // A switch listing one port twice (two sensors groups of one name) stores it once: the first wins.
    if (seen.has(portKey)) continue;
    seen.add(portKey);
    const prior = before.get(portKey);
    const power = switchPortPower(p.link, p.rxDbm, alertDbm);
    const next: PlannedSwitchPort = {
      portKey,
      ifIndex: p.ifIndex,
      name: p.name,
      description: p.description,
      link: p.link,
      rxDbm: p.rxDbm,
      txDbm: p.txDbm,
      temperatureC: p.temperatureC,
      voltageV: p.voltageV,
      biasMa: p.biasMa,
      power,
      changedAt: prior ? prior.changedAt : null,
      listed: true,
      changed: true,
    };
    if (prior) {
      const moved = prior.link !== p.link || prior.power !== power;
      if (moved) next.changedAt = now;
      next.changed =
        moved ||
        prior.name !== p.name ||
        prior.description !== p.description ||
        READINGS.some((k) => prior[k] !== p[k]);
      if (prior.link === 'up' && p.link === 'down')
        events.push({ portKey, kind: 'link-down', rxDbm: p.rxDbm });
      if (prior.link === 'down' && p.link === 'up') events.push({ portKey, kind: 'link-up', rxDbm: p.rxDbm });
      if (prior.power !== 'critical' && power === 'critical')
        events.push({ portKey, kind: 'rx-low', rxDbm: p.rxDbm });
      if (prior.power === 'critical' && (power === 'warning' || power === 'good'))
        events.push({ portKey, kind: 'rx-ok', rxDbm: p.rxDbm });
    }
    ports.push(next);
  }
  for (const s of stored) {
    if (seen.has(s.portKey)) continue;
    const gone = s.link === 'unknown' && s.power === 'none' && READINGS.every((k) => s[k] === null);
    if (gone) continue;
    ports.push({
      portKey: s.portKey,
      ifIndex: s.ifIndex,
      name: s.name,
      description: s.description,
      link: 'unknown',
      rxDbm: null,
      txDbm: null,
      temperatureC: null,
      voltageV: null,
      biasMa: null,
      power: 'none',
      changedAt: s.link !== 'unknown' || s.power !== 'none' ? now : s.changedAt,
      listed: false,
      changed: true,
    });
  }
  return { ports, events };
}
