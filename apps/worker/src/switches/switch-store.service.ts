import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { SwitchStatus } from '@pondesk/contracts';
import type { SwitchPortOptics } from '@pondesk/device-drivers';
import {
  returnedRows,
  portSortName,
  switchPortColumns,
  switchPortFromRow,
  type SwitchPortDbRow,
  type SwitchEntity,
  type SwitchPortEntity,
  type SwitchPortEventEntity,
} from '@pondesk/server-database';
import { planSwitchPorts, type StoredSwitchPort } from './switch-port-plan';

/** What one switch answered. */
export interface SwitchReading {
  sysDescr: string | null;
  ports: SwitchPortOptics[];
}

export interface AppliedSwitchPoll {
  /** The switch was deleted or hidden meanwhile: nothing was written. */
  gone: boolean;
  previous: SwitchStatus;
  ports: number;
  alertPorts: number;
  /** Ports whose row a viewer would see differently (new, link, band, readings, name), as stored now. */
  changed: SwitchPortEntity[];
  /** The new events, with the name of their port. */
  events: { event: SwitchPortEventEntity; portName: string }[];
}

type PortRow = SwitchPortDbRow;

const PORT_COLUMNS = switchPortColumns();

/**
 * Writes one switch poll in one transaction: the ports' current rows, their events, a sample per listed
 * port and the switch's own state. Polls of the same switch (scheduled and asked for) take turns, so the
 * comparison each makes is with what the previous one stored and no event is written twice.
 */
@Injectable()
export class SwitchStore {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  applyPoll(
    sw: SwitchEntity,
    reading: SwitchReading,
    pollTime: Date,
    durationMs: number,
  ): Promise<AppliedSwitchPoll> {
    return this.db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`switch-poll ${sw.id}`]);
      const current: { status: SwitchStatus; show: boolean; db_alert_range: number }[] = await tx.query(
        'SELECT status, show, db_alert_range FROM switch WHERE id = $1 AND tenant_id = $2 FOR UPDATE',
        [sw.id, sw.tenantId],
      );
      const row = current[0];
      if (!row || !row.show)
        return { gone: true, previous: sw.status, ports: 0, alertPorts: 0, changed: [], events: [] };
      const stored: PortRow[] = await tx.query(
        `SELECT ${PORT_COLUMNS} FROM switch_port WHERE switch_id = $1`,
        [sw.id],
      );
      const now = new Date();
      // The alert level as stored now: an edit made while the switch was being read counts at once.
      const plan = planSwitchPorts(stored.map(toStored), reading.ports, row.db_alert_range, now);
      const storedAt = new Map(stored.map((p) => [p.port_key, p.updated_at]));
      const written = await this.writePorts(tx, sw, plan.ports, storedAt, now);
      const byKey = new Map(written.map((p) => [p.port_key, p]));
      const events = await this.writeEvents(tx, sw, plan.events, byKey, now);
      await this.writeSamples(tx, sw, written, plan, pollTime);
      const listed = plan.ports.filter((p) => p.listed);
      const alertPorts = listed.filter((p) => p.power === 'down' || p.power === 'critical').length;
      await tx.query(
        `UPDATE switch SET status = 'online', last_polled_at = $2, last_good_poll_at = $2, last_poll_duration_ms = $3,
           last_error = NULL, port_count = $4, alert_port_count = $5, sys_descr = $6
         WHERE id = $1`,
        [sw.id, pollTime, durationMs, listed.length, alertPorts, reading.sysDescr],
      );
      const changedKeys = new Set(plan.ports.filter((p) => p.changed).map((p) => p.portKey));
      return {
        gone: false,
        previous: row.status,
        ports: listed.length,
        alertPorts,
        changed: written.filter((p) => changedKeys.has(p.port_key)).map(switchPortFromRow),
        events,
      };
    });
  }

  /**
   * The switch gave no answer: offline, with the error; its ports keep their last reading. Returns the
   * status it had, or null when it is gone.
   */
  async recordFailure(
    sw: SwitchEntity,
    error: string,
    pollTime: Date,
    durationMs: number,
  ): Promise<SwitchStatus | null> {
    const rows = returnedRows<{ previous: SwitchStatus }>(
      await this.db.query(
        `WITH old AS (SELECT id, status FROM switch WHERE id = $1 AND tenant_id = $2 AND show FOR UPDATE)
         UPDATE switch s SET status = 'offline', last_error = $3, last_polled_at = $4, last_poll_duration_ms = $5
         FROM old WHERE s.id = old.id RETURNING old.status AS previous`,
        [sw.id, sw.tenantId, error.slice(0, 500), pollTime, durationMs],
      ),
    );
    return rows[0]?.previous ?? null;
  }

  private async writePorts(
    tx: EntityManager,
    sw: SwitchEntity,
    ports: ReturnType<typeof planSwitchPorts>['ports'],
    storedAt: ReadonlyMap<string, Date>,
    now: Date,
  ): Promise<PortRow[]> {
    if (!ports.length) return [];
    const col = <T>(pick: (p: (typeof ports)[number]) => T) => ports.map(pick);
    // A vanished port keeps its `updated_at` (the poll that last listed it).
    return tx.query(
      `INSERT INTO switch_port AS p (tenant_id, switch_id, port_key, if_index, name, sort_name, description, link,
         rx_dbm, tx_dbm, temperature_c, voltage_v, bias_ma, power, changed_at, updated_at)
       SELECT $1::uuid, $2::uuid, u.* FROM unnest($3::varchar[], $4::int[], $5::varchar[], $6::varchar[], $7::varchar[],
         $8::varchar[], $9::real[], $10::real[], $11::real[], $12::real[], $13::real[], $14::varchar[],
         $15::timestamptz[], $16::timestamptz[]) AS u
       ON CONFLICT (switch_id, port_key) DO UPDATE SET if_index = EXCLUDED.if_index, name = EXCLUDED.name,
         sort_name = EXCLUDED.sort_name, description = EXCLUDED.description, link = EXCLUDED.link,
         rx_dbm = EXCLUDED.rx_dbm, tx_dbm = EXCLUDED.tx_dbm, temperature_c = EXCLUDED.temperature_c,
         voltage_v = EXCLUDED.voltage_v, bias_ma = EXCLUDED.bias_ma, power = EXCLUDED.power,
         changed_at = EXCLUDED.changed_at, updated_at = EXCLUDED.updated_at
       RETURNING ${PORT_COLUMNS}`,
      [
        sw.tenantId,
        sw.id,
        col((p) => p.portKey),
        col((p) => p.ifIndex),
        col((p) => p.name.slice(0, 120)),
        col((p) => portSortName(p.name)),
        col((p) => p.description?.slice(0, 255) ?? null),
        col((p) => p.link),
        col((p) => p.rxDbm),
        col((p) => p.txDbm),
        col((p) => p.temperatureC),
        col((p) => p.voltageV),
        col((p) => p.biasMa),
        col((p) => p.power),
        col((p) => p.changedAt),
        col((p) => (p.listed ? now : (storedAt.get(p.portKey) ?? now))),
      ],
    );
  }

  private async writeEvents(
    tx: EntityManager,
    sw: SwitchEntity,
    events: ReturnType<typeof planSwitchPorts>['events'],
    byKey: Map<string, PortRow>,
    now: Date,
  ): Promise<{ event: SwitchPortEventEntity; portName: string }[]> {
    // Every event is of a port this poll wrote (listed ports only).
    const pairs = events.flatMap((e) => {
      const port = byKey.get(e.portKey);
      return port ? [{ e, port }] : [];
    });
    if (!pairs.length) return [];
    const ports = pairs.map((x) => x.port);
    const rows: {
      id: string;
      port_id: string;
      kind: SwitchPortEventEntity['kind'];
      rx_dbm: number | null;
    }[] = await tx.query(
      `INSERT INTO switch_port_event (tenant_id, switch_id, port_id, kind, rx_dbm, at)
         SELECT $1::uuid, $2::uuid, u.port_id, u.kind, u.rx_dbm, $6::timestamptz FROM unnest($3::uuid[], $4::varchar[], $5::real[])
           WITH ORDINALITY AS u(port_id, kind, rx_dbm, n)
         ORDER BY u.n RETURNING id, port_id, kind, rx_dbm`,
      [
        sw.tenantId,
        sw.id,
        ports.map((p) => p.id),
        pairs.map((x) => x.e.kind),
        pairs.map((x) => x.e.rxDbm),
        now,
      ],
    );
    const names = new Map(ports.map((p) => [p.id, p.name]));
    return rows.map((r) => ({
      event: {
        id: String(r.id),
        tenantId: sw.tenantId,
        switchId: sw.id,
        portId: r.port_id,
        kind: r.kind,
        rxDbm: r.rx_dbm,
        at: now,
      },
      portName: names.get(r.port_id) ?? '',
    }));
  }

  /** One row per listed port at the poll's time; a poll run again at the same time adds nothing. */
  private async writeSamples(
    tx: EntityManager,
    sw: SwitchEntity,
    written: PortRow[],
    plan: ReturnType<typeof planSwitchPorts>,
    pollTime: Date,
  ): Promise<void> {
    const listed = new Set(plan.ports.filter((p) => p.listed).map((p) => p.portKey));
    const rows = written.filter((p) => listed.has(p.port_key));
    if (!rows.length) return;
    const col = <T>(pick: (p: PortRow) => T) => rows.map(pick);
    await tx.query(
      `INSERT INTO switch_port_sample (port_id, tenant_id, switch_id, sampled_at, link_up, rx_dbm, tx_dbm,
         temperature_c, voltage_v, bias_ma)
       SELECT u.port_id, $1::uuid, $2::uuid, $3::timestamptz, u.link_up, u.rx, u.tx, u.temp, u.volt, u.bias
       FROM unnest($4::uuid[], $5::boolean[], $6::real[], $7::real[], $8::real[], $9::real[], $10::real[])
         AS u(port_id, link_up, rx, tx, temp, volt, bias)
       ON CONFLICT DO NOTHING`,
      [
        sw.tenantId,
        sw.id,
        pollTime,
        col((p) => p.id),
        col((p) => p.link === 'up'),
        col((p) => p.rx_dbm),
        col((p) => p.tx_dbm),
        col((p) => p.temperature_c),
        col((p) => p.voltage_v),
        col((p) => p.bias_ma),
      ],
    );
  }
}

function toStored(r: PortRow): StoredSwitchPort {
  return {
    id: r.id,
    portKey: r.port_key,
    ifIndex: r.if_index,
    name: r.name,
    description: r.description,
    link: r.link,
    rxDbm: r.rx_dbm,
    txDbm: r.tx_dbm,
    temperatureC: r.temperature_c,
    voltageV: r.voltage_v,
    biasMa: r.bias_ma,
    power: r.power,
    changedAt: r.changed_at,
  };
}
