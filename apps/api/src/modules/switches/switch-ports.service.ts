import { BadRequestException, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import {
  SWITCH_HISTORY_MAX_DAYS,
  SWITCH_HISTORY_RAW_MAX_HOURS,
  type SwitchPortEventKind,
  type SwitchPortHistory,
  type SwitchPortList,
  type SwitchPortPoint,
  type SwitchPortRow,
  type SwitchPortSort,
} from '@pondesk/contracts';
import {
  switchPortColumns,
  switchPortFromRow,
  toSwitchPortEvent,
  toSwitchPortRow,
  type SwitchPortDbRow,
  type SwitchPortEventEntity,
} from '@pondesk/server-database';
import type { TenantActor } from '../../common/auth/actor';
import { likePattern, pageOf } from '../../common/http/page-query.dto';
import { OltAccessService } from '../../common/olt-access/olt-access.service';
import type { SwitchPortHistoryQueryDto, SwitchPortQueryDto } from './dto/switch-port-query.dto';
import { switchPortNotFound } from './switches.exception';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const HISTORY_EVENTS_MAX = 100;

/**
 * The sort's leading expressions, each in the chosen direction with blanks last. Status puts up before
 * down; power goes by severity (down, critical, warning, good); a port without a reading (unknown link,
 * power 'none') counts as blank and comes last either way.
 */
const SORTS: Record<SwitchPortSort, readonly string[]> = {
  switch: ['lower(s.name)'],
  port: ['p.sort_name'],
  status: [`CASE p.link WHEN 'up' THEN 0 WHEN 'down' THEN 1 END`],
  tx: ['p.tx_dbm'],
  rx: ['p.rx_dbm'],
  power: [
    `CASE p.power WHEN 'down' THEN 0 WHEN 'critical' THEN 1 WHEN 'warning' THEN 2 WHEN 'good' THEN 3 END`,
  ],
};
/** Ties always in the same order, so pages do not overlap or skip rows. */
const TIE_BREAK = 'lower(s.name) ASC, p.sort_name ASC, p.id ASC';

const PORT_COLUMNS = `${switchPortColumns('p')}, s.name AS switch_name, s.db_alert_range`;

/** A port with its switch's name and alert level. */
interface PortRaw extends SwitchPortDbRow {
  switch_name: string;
  db_alert_range: number;
}

const rowOf = (r: PortRaw): SwitchPortRow =>
  toSwitchPortRow(switchPortFromRow(r), { name: r.switch_name, dbAlertRange: r.db_alert_range });

function badField(field: string, message: string): BadRequestException {
  return new BadRequestException({
    statusCode: 400,
    error: 'Bad Request',
    message,
    fields: [{ field, message }],
  });
}

@Injectable()
export class SwitchPortsService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly access: OltAccessService,
  ) {}

  async list(actor: TenantActor, query: SwitchPortQueryDto): Promise<SwitchPortList> {
    const { page, pageSize, skip } = pageOf(query);
    const params: unknown[] = [actor.tenantId];
    const where = ['p.tenant_id = $1'];
    if (query.switchId) {
      params.push(query.switchId);
      where.push(`p.switch_id = $${params.length}`);
    }
    if (query.port) {
      params.push(query.port);
      where.push(`p.name = $${params.length}`);
    }
    const term = query.search?.trim();
    if (term) {
      params.push(likePattern(term));
      const q = `$${params.length}`;
      where.push(`(s.name ILIKE ${q} OR p.name ILIKE ${q} OR p.description ILIKE ${q})`);
    }
    // Only ports of the tenant's shown switches: a deleted switch's ports leave the list with it.
    const from = `FROM switch_port p JOIN switch s ON s.id = p.switch_id AND s.tenant_id = $1 AND s.show
      WHERE ${where.join(' AND ')}`;
    const direction = query.order === 'desc' ? 'DESC' : 'ASC';
    const order = SORTS[query.sort ?? 'switch'].map((e) => `${e} ${direction} NULLS LAST`).join(', ');
    const [rows, [counts]] = await Promise.all([
      this.db.query(
        `SELECT ${PORT_COLUMNS} ${from} ORDER BY ${order}, ${TIE_BREAK} LIMIT ${pageSize} OFFSET ${skip}`,
        params,
      ) as Promise<PortRaw[]>,
      this.db.query(
        `SELECT count(*)::int AS total,
                count(*) FILTER (WHERE p.link = 'up')::int AS up,
                count(*) FILTER (WHERE p.link = 'down')::int AS down,
                count(*) FILTER (WHERE p.power = 'critical')::int AS critical,
                count(*) FILTER (WHERE p.power = 'warning')::int AS warning
           ${from}`,
        params,
      ) as Promise<SwitchPortList['counts'][]>,
    ]);
    return { items: rows.map(rowOf), total: counts.total, page, pageSize, counts };
  }

  async history(
    actor: TenantActor,
    id: string,
    query: SwitchPortHistoryQueryDto,
  ): Promise<SwitchPortHistory> {
    const [raw]: PortRaw[] = await this.db.query(
      `SELECT ${PORT_COLUMNS} FROM switch_port p
         JOIN switch s ON s.id = p.switch_id AND s.tenant_id = $1 AND s.show
        WHERE p.id = $2 AND p.tenant_id = $1`,
      [actor.tenantId, id],
    );
    if (!raw) throw switchPortNotFound();
    const { from, to } = rangeOf(query);
    const hourly = to.getTime() - from.getTime() > SWITCH_HISTORY_RAW_MAX_HOURS * HOUR_MS;
    const [points, events, olts] = await Promise.all([
      hourly ? this.hourlyPoints(raw, from, to) : this.rawPoints(raw, from, to),
      this.events(raw, from, to),
      this.oltsNamedIn(actor, raw.description),
    ]);
    return {
      port: rowOf(raw),
      from: from.toISOString(),
      to: to.toISOString(),
      resolution: hourly ? 'hour' : 'raw',
      points,
      events,
      olts,
    };
  }

  private async rawPoints(port: PortRaw, from: Date, to: Date): Promise<SwitchPortPoint[]> {
    const rows: { sampled_at: Date; link_up: boolean; rx_dbm: number | null; tx_dbm: number | null }[] =
      await this.db.query(
        `SELECT sampled_at, link_up, rx_dbm, tx_dbm FROM switch_port_sample
          WHERE port_id = $1 AND tenant_id = $2 AND sampled_at >= $3 AND sampled_at <= $4
          ORDER BY sampled_at`,
        [port.id, port.tenant_id, from, to],
      );
    return rows.map((r) => ({
      at: r.sampled_at.toISOString(),
      rxDbm: r.rx_dbm,
      txDbm: r.tx_dbm,
      linkUp: r.link_up,
    }));
  }

  /** Hours that overlap the range: the one `from` falls in through the one `to` falls in. */
  private async hourlyPoints(port: PortRaw, from: Date, to: Date): Promise<SwitchPortPoint[]> {
    const rows: {
      hour: Date;
      rx_avg: number | null;
      rx_min: number | null;
      rx_max: number | null;
      tx_avg: number | null;
      down_count: number;
    }[] = await this.db.query(
      `SELECT hour, rx_avg, rx_min, rx_max, tx_avg, down_count FROM switch_port_hourly
        WHERE port_id = $1 AND tenant_id = $2 AND hour >= date_trunc('hour', $3::timestamptz) AND hour <= $4
        ORDER BY hour`,
      [port.id, port.tenant_id, from, to],
    );
    return rows.map((r) => ({
      at: r.hour.toISOString(),
      rxDbm: r.rx_avg,
      txDbm: r.tx_avg,
      rxMin: r.rx_min,
      rxMax: r.rx_max,
      linkUp: r.down_count === 0,
    }));
  }

  private async events(port: PortRaw, from: Date, to: Date) {
    const rows: {
      id: string;
      tenant_id: string;
      switch_id: string;
      port_id: string;
      kind: SwitchPortEventKind;
      rx_dbm: number | null;
      at: Date;
    }[] = await this.db.query(
      `SELECT id, tenant_id, switch_id, port_id, kind, rx_dbm, at FROM switch_port_event
        WHERE port_id = $1 AND tenant_id = $2 AND at >= $3 AND at <= $4
        ORDER BY at DESC, id DESC LIMIT ${HISTORY_EVENTS_MAX}`,
      [port.id, port.tenant_id, from, to],
    );
    return rows.map((e) =>
      toSwitchPortEvent(
        {
          id: e.id,
          tenantId: e.tenant_id,
          switchId: e.switch_id,
          portId: e.port_id,
          kind: e.kind,
          rxDbm: e.rx_dbm,
          at: e.at,
        } satisfies SwitchPortEventEntity,
        port.name,
      ),
    );
  }

  /** The OLTs the user may see whose name, code or address the port's description mentions. */
  private async oltsNamedIn(
    actor: TenantActor,
    description: string | null,
  ): Promise<SwitchPortHistory['olts']> {
    if (!description?.trim()) return [];
    const { sql, params } = this.access.scope(actor, 'o');
    const mentions = (column: string) =>
      `(length(${column}) > 0 AND strpos(lower(:description), lower(${column})) > 0)`;
    const rows: { id: string; name: string; onu_count: number; online_onu_count: number }[] = await this.db
      .createQueryBuilder()
      .select([
        'o.id AS id',
        'o.name AS name',
        'o.onu_count AS onu_count',
        'o.online_onu_count AS online_onu_count',
      ])
      .from('olt', 'o')
      .where(sql, params)
      .andWhere(`(${mentions('o.name')} OR ${mentions('o.code')} OR ${mentions('o.host')})`, { description })
      .orderBy('lower(o.name)', 'ASC')
      .addOrderBy('o.id', 'ASC')
      .getRawMany();
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      onuCount: Number(r.onu_count),
      onlineOnuCount: Number(r.online_onu_count),
    }));
  }
}

/** The asked range: the last 24 hours by default, `from` before `to`, at most the allowed span. */
export function rangeOf(query: SwitchPortHistoryQueryDto, now = Date.now()): { from: Date; to: Date } {
  const to = query.to ? Date.parse(query.to) : now;
  const from = query.from ? Date.parse(query.from) : to - DAY_MS;
  if (from >= to)
    throw badField(query.to ? 'to' : 'from', query.to ? 'to must be after from' : 'from must be in the past');
  if (to - from > SWITCH_HISTORY_MAX_DAYS * DAY_MS)
    throw badField('from', `from must be at most ${SWITCH_HISTORY_MAX_DAYS} days before to`);
  return { from: new Date(from), to: new Date(to) };
}
