import type { DataSource } from 'typeorm';
import type { PopSourceState, PopSourceType, ServerAlertReason, ServerState } from '@pondesk/contracts';
import { normalizeAddress } from '../syslog/syslog-sources.service';
import type { LoadedTargets, ServerTarget, SourceTarget } from './ping-state';

interface ServerRow {
  id: string;
  tenant_id: string;
  ip: string;
  latency_limit_ms: number;
  state: ServerState;
  alert_reason: ServerAlertReason | null;
  state_since: Date | null;
}

interface SourceRow {
  id: string;
  tenant_id: string;
  pop_id: string;
  pop_name: string;
  ip: string;
  type: PopSourceType;
  alive_minutes: number;
  state: PopSourceState;
  state_since: Date | null;
  last_reply_at: Date | null;
  outage_id: string | null;
  down_at: Date | null;
  outage_pop_id: string | null;
  outage_ip: string | null;
  outage_type: PopSourceType | null;
}

/**
 * An address the prober may ping: a unicast IPv4 or IPv6 address in one spelling. Not the unspecified
 * address, broadcast or multicast (a tenant's typo must not make the prober ping a whole network).
 */
export function pingableAddress(raw: string): string | null {
  const ip = normalizeAddress(raw);
  if (!ip) return null;
  if (ip.includes(':')) return ip === '::' || ip.startsWith('ff') ? null : ip;
  const first = Number(ip.split('.')[0]);
  if (ip === '0.0.0.0' || ip === '255.255.255.255' || (first >= 224 && first <= 239)) return null;
  return ip;
}

/**
 * Every monitored server and POP power source of every active tenant, with the state stored for it (a
 * source stored down keeps its open outage, which its first reply closes). Rows whose address cannot be
 * pinged are left out and returned apart, for the log.
 */
export async function loadPingTargets(db: DataSource): Promise<LoadedTargets & { refused: string[] }> {
  const [serverRows, sourceRows]: [ServerRow[], SourceRow[]] = await Promise.all([
    db.query(
      `SELECT s.id, s.tenant_id, s.ip, s.latency_limit_ms, s.state, s.alert_reason, s.state_since
       FROM monitor_server s JOIN tenant t ON t.id = s.tenant_id
       WHERE t.status = 'active'
       ORDER BY s.created_at, s.id`,
    ),
    db.query(
      `SELECT s.id, s.tenant_id, s.pop_id, p.name AS pop_name, s.ip, s.type, s.alive_minutes, s.state,
         s.state_since, s.last_reply_at, o.id AS outage_id, o.down_at, o.pop_id AS outage_pop_id,
         o.ip AS outage_ip, o.type AS outage_type
       FROM pop_source s JOIN pop p ON p.id = s.pop_id JOIN tenant t ON t.id = s.tenant_id
       LEFT JOIN pop_outage o ON o.source_id = s.id AND o.up_at IS NULL
       WHERE t.status = 'active'
       ORDER BY s.created_at, s.id`,
    ),
  ]);
  const refused: string[] = [];
  const servers: ServerTarget[] = [];
  for (const r of serverRows) {
    const ip = pingableAddress(r.ip);
    if (!ip) {
      refused.push(r.ip);
      continue;
    }
    servers.push({
      kind: 'server',
      id: r.id,
      tenantId: r.tenant_id,
      ip,
      latencyLimitMs: r.latency_limit_ms,
      state: r.state,
      alertReason: r.alert_reason,
      stateSince: r.state_since,
    });
  }
  const sources: SourceTarget[] = [];
  for (const r of sourceRows) {
    const ip = pingableAddress(r.ip);
    if (!ip) {
      refused.push(r.ip);
      continue;
    }
    const openOutage =
      r.outage_id && r.down_at
        ? {
            id: r.outage_id,
            downAt: r.down_at,
            popId: r.outage_pop_id ?? r.pop_id,
            ip: r.outage_ip ?? r.ip,
            type: r.outage_type ?? r.type,
          }
        : null;
    sources.push({
      kind: 'source',
      id: r.id,
      tenantId: r.tenant_id,
      popId: r.pop_id,
      popName: r.pop_name,
      ip,
      type: r.type,
      aliveMinutes: r.alive_minutes,
      // An open outage means down, whatever a write cut short left in the row.
      state: openOutage ? 'down' : r.state,
      stateSince: r.state_since,
      lastReplyAt: r.last_reply_at,
      openOutage,
    });
  }
  return { servers, sources, refused };
}
