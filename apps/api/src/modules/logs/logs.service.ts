import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import {
  LOG_COUNT_CAP,
  LOG_EVENT_KINDS,
  LOG_SEVERITIES,
  logDeviceId,
  parseLogDeviceId,
  type DeviceLogLine,
  type DeviceLogList,
  type LogDevice,
  type LogDeviceKind,
  type LogEventKind,
  type LogSort,
} from '@pondesk/contracts';
import type { TenantActor } from '../../common/auth/actor';
import { likePattern, pageOf } from '../../common/http/page-query.dto';
import { OltAccessService } from '../../common/olt-access/olt-access.service';
import type { LogQueryDto } from './dto/log-query.dto';
import { logDeviceNotFound } from './logs.exception';

/** Without `from`, the list reads the 7 days before `to` (or now): the day partitions outside are pruned. */
export const LOG_DEFAULT_WINDOW_DAYS = 7;

/** The name the logs show: the OLT's short log name or its name; the router's, or 'MikroTik <OLT name>'. */
const DEVICE_NAME = `CASE WHEN l.device_kind = 'router'
  THEN coalesce(o.mikrotik_log_name, 'MikroTik ' || o.name)
  ELSE coalesce(o.log_name, o.name) END`;

/**
 * Orders of the newest LOG_COUNT_CAP matches (`m`), by device name or message, each ending on the receive
 * time and id, newest first, so pages never repeat or skip a line. By time the list is read in index order.
 */
const SORTED_WITHIN: Record<Exclude<LogSort, 'receivedAt'>, (dir: 'ASC' | 'DESC') => string> = {
  device: (dir) => `lower(m.device_name) ${dir}, m.received_at DESC, m.id DESC`,
  message: (dir) => `lower(m.message) ${dir}, m.received_at DESC, m.id DESC`,
};

/** The first order of each column: the newest lines first, names and messages from A. */
const FIRST_ORDER: Record<LogSort, 'asc' | 'desc'> = { receivedAt: 'desc', device: 'asc', message: 'asc' };

interface LogRow {
  id: string;
  received_at: Date;
  device_time: string | null;
  device_kind: LogDeviceKind;
  olt_id: string;
  device_name: string;
  severity: number | null;
  kind: string;
  message: string;
  onu: string | null;
  mac: string | null;
  serial: string | null;
  pppoe_user: string | null;
  reason: string | null;
}

interface OltNames {
  id: string;
  name: string;
  host: string;
  log_name: string | null;
  mikrotik_log_name: string | null;
  mikrotik_host: string | null;
}

const KINDS = new Set<string>(LOG_EVENT_KINDS);

/**
 * The stored syslog lines of the tenant's OLTs and their MikroTik routers. A user who does not see every
 * OLT sees only the lines of the OLTs granted to them (and of those OLTs' routers); lines of hidden OLTs
 * are shown to nobody, as the OLTs themselves are not.
 */
@Injectable()
export class LogsService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly access: OltAccessService,
  ) {}

  async list(actor: TenantActor, query: LogQueryDto): Promise<DeviceLogList> {
    const { page, pageSize, skip } = pageOf(query);
    const empty: DeviceLogList = { items: [], total: 0, page, pageSize, sortedWithin: null };
    const device = query.deviceId ? parseLogDeviceId(query.deviceId) : null;
    if (device && !(await this.access.canSee(actor, device.oltId))) throw logDeviceNotFound();
    const limitedTo = this.access.seesAll(actor) ? null : await this.access.permittedOltIds(actor);
    if (limitedTo && !limitedTo.length) return empty;

    const to = query.to ? new Date(query.to) : null;
    const from = query.from
      ? new Date(query.from)
      : new Date((to?.getTime() ?? Date.now()) - LOG_DEFAULT_WINDOW_DAYS * 86_400_000);
    const params: unknown[] = [actor.tenantId, from];
    const add = (value: unknown) => `$${params.push(value)}`;
    // The tenant and the time window on the log itself (partitions and indexes), the OLT's visibility on
    // the join: an OLT hidden since is left out with its lines.
    const where = [`l.tenant_id = $1`, `l.received_at >= $2`, `o.tenant_id = $1`, `o.show = true`];
    if (to) where.push(`l.received_at < ${add(to)}`);
    if (limitedTo) where.push(`l.olt_id = ANY(${add(limitedTo)}::uuid[])`);
    // The id's case is not the device's: `ROUTER:…` is the router.
    if (device)
      where.push(`l.olt_id = ${add(device.oltId)}`, `l.device_kind = ${add(device.kind.toLowerCase())}`);
    if (query.kind) where.push(`l.kind = ${add(query.kind)}`);
    if (query.severity) where.push(`l.severity <= ${add(LOG_SEVERITIES.indexOf(query.severity))}`);
    const term = query.search?.trim();
    // The message only, through its trigram index: the PPPoE user, MAC and ONU the parser read are parts
    // of it, so they are found there. An OR on the parsed columns (which have no index) would turn every
    // search into a scan of the whole window.
    if (term) where.push(`l.message ILIKE ${add(likePattern(term))}`);
    const source = `FROM device_log l JOIN olt o ON o.id = l.olt_id WHERE ${where.join(' AND ')}`;
    const filters = [...params];
    const sort = query.sort ?? 'receivedAt';
    const dir = (query.order ?? FIRST_ORDER[sort]) === 'asc' ? 'ASC' : 'DESC';
    const cap = Math.max(LOG_COUNT_CAP, skip + pageSize) + 1;
    const window = `LIMIT ${add(pageSize)} OFFSET ${add(skip)}`;
    const columns = `l.id, l.received_at, l.device_time, l.device_kind, l.olt_id, l.severity, l.kind, l.message,
      l.onu, l.mac, l.serial, l.pppoe_user, l.reason, ${DEVICE_NAME} AS device_name`;
    // Sorting millions of lines by name or text reads them all: those sorts take the newest matches.
    const rowsSql =
      sort === 'receivedAt'
        ? `SELECT ${columns} ${source} ORDER BY l.received_at ${dir}, l.id ${dir} ${window}`
        : `SELECT * FROM (SELECT ${columns} ${source} ORDER BY l.received_at DESC, l.id DESC
             LIMIT ${add(LOG_COUNT_CAP)}) m
           ORDER BY ${SORTED_WITHIN[sort](dir)} ${window}`;
    const [rows, [{ n }]]: [LogRow[], { n: number }[]] = await Promise.all([
      this.db.query(rowsSql, params),
      this.db.query(`SELECT count(*)::int AS n FROM (SELECT 1 ${source} LIMIT $${filters.length + 1}) m`, [
        ...filters,
        cap,
      ]),
    ]);
    const within = sort !== 'receivedAt' && n > LOG_COUNT_CAP;
    return {
      items: rows.map(toLine),
      total: within ? LOG_COUNT_CAP : n,
      page,
      pageSize,
      sortedWithin: within ? LOG_COUNT_CAP : null,
    };
  }

  /** The OLTs the user may see and the routers of those that have one, by name. */
  async devices(actor: TenantActor): Promise<LogDevice[]> {
    const scope = this.access.scope(actor, 'o');
    const [sql, params] = this.db.driver.escapeQueryWithParameters(
      `SELECT o.id, o.name, o.host, o.log_name, o.mikrotik_log_name, o.mikrotik_host FROM olt o WHERE ${scope.sql}`,
      scope.params,
    );
    const olts: OltNames[] = await this.db.query(sql, params);
    const devices: LogDevice[] = [];
    for (const o of olts) {
      devices.push({
        id: logDeviceId('olt', o.id),
        kind: 'olt',
        oltId: o.id,
        name: o.log_name ?? o.name,
        address: o.host,
      });
      if (o.mikrotik_host)
        devices.push({
          id: logDeviceId('router', o.id),
          kind: 'router',
          oltId: o.id,
          name: o.mikrotik_log_name ?? `MikroTik ${o.name}`,
          address: o.mikrotik_host,
        });
    }
    return devices.sort((a, b) => {
      const x = a.name.toLowerCase();
      const y = b.name.toLowerCase();
      return x < y ? -1 : x > y ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
    });
  }
}

function toLine(r: LogRow): DeviceLogLine {
  return {
    id: r.id,
    receivedAt: r.received_at.toISOString(),
    deviceTime: r.device_time,
    deviceId: logDeviceId(r.device_kind, r.olt_id),
    deviceKind: r.device_kind,
    oltId: r.olt_id,
    deviceName: r.device_name,
    severity: r.severity === null ? null : (LOG_SEVERITIES[r.severity] ?? null),
    kind: KINDS.has(r.kind) ? (r.kind as LogEventKind) : 'other',
    message: r.message,
    onu: r.onu,
    mac: r.mac,
    serial: r.serial,
    pppoeUser: r.pppoe_user,
    reason: r.reason,
  };
}
