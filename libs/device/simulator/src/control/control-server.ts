/**
 * Control surface on loopback (HTTP JSON): list devices, read exact state, and trigger events/faults.
 * Endpoints are documented in libs/device/simulator/README.md.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { OltState } from '../model/olt-state';
import type { SimClock } from '../model/sim-clock';
import { ONU_DOWN_REASONS } from '@pondesk/contracts';
import type { DeviceFaults } from '../model/device-faults';
import type { DeviceLink } from '../model/device-link';
import type { SimReason } from '../model/onu-model';
import type { SimDevice } from '../fleet/sim-device';
import { TcpEndpoint } from '../net/tcp-endpoint';
import { deviceSnapshot } from '../fleet/device-snapshot';
import type { RoutersView, SimRouters } from '../routers/sim-routers';
import { parseRoutersConfig } from '../routers/routers-config';
import type { SimSyslog } from '../syslog/sim-syslog';
import { parseSyslogTarget } from '../syslog/syslog-target';
import type { SimRouterApis } from '../routeros/router-apis';
import { parseRouterFaults } from '../routeros/router-faults';

export interface ControlTarget {
  devices: SimDevice[];
  clock: SimClock;
  /** The simulated MikroTik routers reporting PPPoE session events (`/routers` routes). */
  routers?: SimRouters;
  /** The devices' syslog sender (`/syslog` routes). */
  syslog?: SimSyslog;
  /** The routers' RouterOS APIs and the VPN concentrator (`/routers/:olt`, `/concentrator` routes). */
  routerApis?: SimRouterApis;
}

type Reply = { status: number; body: unknown };

const notFound = (what: string): Reply => ({ status: 404, body: { error: `${what} not found` } });
const bad = (what: string): Reply => ({ status: 400, body: { error: what } });

export function controlRoute(t: ControlTarget, method: string, path: string, body: unknown): Reply {
  const parts = path.split('/').filter(Boolean).map(decodeURIComponent);
  if (parts[0] === 'clock' && parts.length === 1) {
    if (method === 'PUT' || method === 'POST') {
      const b = (body ?? {}) as { timeScale?: unknown; advanceSeconds?: unknown };
      if (b.timeScale !== undefined) {
        if (typeof b.timeScale !== 'number' || b.timeScale < 0) return bad('timeScale must be a number >= 0');
        t.clock.setTimeScale(b.timeScale);
      }
      if (b.advanceSeconds !== undefined) {
        if (typeof b.advanceSeconds !== 'number' || b.advanceSeconds < 0)
          return bad('advanceSeconds must be >= 0');
        t.clock.advance(b.advanceSeconds);
      }
    }
    return {
      status: 200,
      body: {
        now: t.clock.now(),
        iso: new Date(t.clock.now() * 1000).toISOString(),
        timeScale: t.clock.timeScale,
      },
    };
  }
  if (parts[0] === 'link' && parts.length === 1 && (method === 'PUT' || method === 'POST')) {
    const patch = parseLink(body);
    if (typeof patch === 'string') return bad(patch);
    for (const d of t.devices) d.setLink(patch);
    return { status: 200, body: { devices: t.devices.length, link: patch } };
  }
  if (parts[0] === 'onu-changes' && parts.length === 1 && method === 'POST') return onuChanges(t, body);
  if (parts[0] === 'routers') return routersRoute(t, method, parts.slice(1), body);
  if (parts[0] === 'concentrator') return concentratorRoute(t, method, parts.slice(1), body);
  if (parts[0] === 'syslog' && parts.length === 1) return syslogRoute(t, method, body);
  if (parts[0] !== 'devices') return notFound('route');
  if (parts.length === 1 && method === 'GET') return { status: 200, body: t.devices.map((d) => d.info()) };
  const dev = t.devices.find((d) => d.name === parts[1]);
  if (!dev) return notFound(`device ${parts[1]}`);
  const rest = parts.slice(2);
  const at = rest.join('/');
  if (rest.length === 0 && method === 'GET')
    return { status: 200, body: { ...dev.info(), faults: dev.faults, link: dev.link, offAir: dev.offAir } };
  if (at === 'state' && method === 'GET') return { status: 200, body: deviceSnapshot(dev) };
  if (at === 'faults' && (method === 'PUT' || method === 'POST')) {
    const patch = parseFaults(body);
    if (typeof patch === 'string') return bad(patch);
    return { status: 200, body: dev.setFaults(patch) };
  }
  if (at === 'link' && (method === 'PUT' || method === 'POST')) {
    const patch = parseLink(body);
    if (typeof patch === 'string') return bad(patch);
    return { status: 200, body: dev.setLink(patch) };
  }
  if ((at === 'off-air' || at === 'on-air') && method === 'POST') {
    dev.setOffAir(at === 'off-air');
    return { status: 200, body: { offAir: dev.offAir } };
  }
  const st = dev.state;
  if (
    rest[0] === 'ports' &&
    rest.length === 3 &&
    rest[2] === 'rx' &&
    method === 'PUT' &&
    !(st instanceof OltState)
  ) {
    const rx = (body as { rxDbm?: unknown } | null)?.rxDbm;
    if (rx !== null && typeof rx !== 'number') return bad('rxDbm must be a number or null');
    return st.setPortRx(Number(rest[1]), rx)
      ? { status: 200, body: st.port(Number(rest[1])) }
      : notFound('SFP port');
  }
  if (
    rest[0] === 'ports' &&
    rest.length === 3 &&
    rest[2] === 'link' &&
    (method === 'PUT' || method === 'POST') &&
    !(st instanceof OltState)
  ) {
    const b = body as { up?: unknown } | null;
    // `up` must be given: a body without it would silently return the port to its default.
    if (typeof b !== 'object' || b === null || !('up' in b) || (b.up !== null && typeof b.up !== 'boolean'))
      return bad('up must be true, false or null');
    return st.setPortLink(Number(rest[1]), b.up as boolean | null)
      ? { status: 200, body: st.port(Number(rest[1])) }
      : notFound('port');
  }
  if (!(st instanceof OltState)) return notFound('route');
  if (
    rest[0] === 'pons' &&
    rest.length === 3 &&
    (rest[2] === 'down' || rest[2] === 'up') &&
    method === 'POST'
  ) {
    const p = Number(rest[1]);
    return st.setPonDown(p, rest[2] === 'down')
      ? { status: 200, body: st.pons().find((x) => x.ponPort === p) }
      : notFound(`PON ${p}`);
  }
  if (rest[0] === 'onus' && rest.length >= 3) {
    const p = Number(rest[1]);
    const o = Number(rest[2]);
    const tail = rest.slice(3).join('/');
    if (!st.has(p, o)) return notFound(`ONU ${p}/${o}`);
    if (tail === '' && method === 'GET')
      return { status: 200, body: { ...st.onu(p, o), rebootCommands: st.rebootCommands(p, o) } };
    if (tail === '' && method === 'DELETE') {
      st.deleteOnu(p, o);
      return { status: 200, body: { deleted: true } };
    }
    if (tail === 'reboot' && method === 'POST')
      return { status: 200, body: { rebooted: st.rebootOnu(p, o) } };
    if (tail === 'rx' && (method === 'PUT' || method === 'POST')) {
      const rx = (body as { rxDbm?: unknown } | null)?.rxDbm;
      if (rx !== null && typeof rx !== 'number') return bad('rxDbm must be a number or null');
      st.setOnuRx(p, o, rx);
      return { status: 200, body: st.onu(p, o) };
    }
  }
  return notFound('route');
}

/** `GET|PUT|DELETE /routers`, `POST /routers/ppp-drop`. */
function routersRoute(t: ControlTarget, method: string, rest: string[], body: unknown): Reply {
  const routers = t.routers;
  if (!routers) return notFound('routers');
  if (rest.length === 0) {
    // With the routers' RouterOS APIs (`apis`: each router's host, port and login) when the fleet serves them.
    const withApis = (view: RoutersView): Reply => ({
      status: 200,
      body: t.routerApis ? { ...view, apis: t.routerApis.list() } : view,
    });
    if (method === 'GET') return withApis(routers.view());
    if (method === 'DELETE') return withApis(routers.off());
    if (method === 'PUT' || method === 'POST') {
      const config = parseRoutersConfig(body);
      if (typeof config === 'string') return bad(config);
      return withApis(routers.configure(config));
    }
  }
  if (rest.length === 1 && rest[0] === 'ppp-drop' && method === 'POST') {
    const b = body as { device?: unknown; ponPort?: unknown; onuId?: unknown } | null;
    if (typeof b?.device !== 'string' || !Number.isInteger(b.ponPort) || !Number.isInteger(b.onuId))
      return bad('ppp-drop needs device, ponPort and onuId');
    return routers.pppDrop(b.device, b.ponPort as number, b.onuId as number);
  }
  const olt = rest[0];
  if (rest.length === 1 && olt !== undefined && method === 'GET') {
    const view = t.routerApis?.router(olt);
    return view ? { status: 200, body: view } : notFound(`router of OLT ${olt}`);
  }
  return notFound('route');
}

/**
 * `GET /concentrator`; `PUT /concentrator` `{"autoDial": true}`; `POST /concentrator/connect` `{"name",
 * "callerId"?}` (the secret's router dials in; answers the session, `already` when it was up);
 * `POST /concentrator/disconnect` `{"name"}`. Faults: `PUT /concentrator/faults` (`controlRouteAsync`).
 */
function concentratorRoute(t: ControlTarget, method: string, rest: string[], body: unknown): Reply {
  const apis = t.routerApis;
  const c = apis?.concentrator;
  if (!apis || !c) return notFound('concentrator');
  if (rest.length === 0) {
    if (method === 'PUT' || method === 'POST') {
      const b = body as { autoDial?: unknown } | null;
      if (typeof b !== 'object' || b === null || typeof b.autoDial !== 'boolean')
        return bad('autoDial must be a boolean');
      c.autoDial = b.autoDial;
    } else if (method !== 'GET') return notFound('route');
    return { status: 200, body: apis.concentratorView() };
  }
  if (rest.length === 1 && (rest[0] === 'connect' || rest[0] === 'disconnect') && method === 'POST') {
    const b = body as { name?: unknown; callerId?: unknown } | null;
    if (typeof b?.name !== 'string' || b.name === '') return bad("name must be the PPP secret's name");
    if (b.callerId !== undefined && typeof b.callerId !== 'string') return bad('callerId must be a string');
    if (rest[0] === 'disconnect') {
      if (!c.secrets.byName(b.name) && !c.activeSessions().some((s) => s.name === b.name))
        return notFound(`PPP secret ${b.name}`);
      return { status: 200, body: { disconnected: c.disconnect(b.name) } };
    }
    const r = c.connect(b.name, b.callerId === undefined ? {} : { callerId: b.callerId });
    if (!r.ok) return { status: r.status, body: { error: r.error } };
    const { sinceMs, ...session } = r.session;
    return { status: 200, body: { ...session, since: new Date(sinceMs).toISOString(), already: r.already } };
  }
  return notFound('route');
}

/**
 * The routes whose change takes effect only once something is awaited (a router's API port closed or
 * reopened for `down`): `PUT /routers/:olt/faults`, `PUT /concentrator/faults`. Everything else is
 * `controlRoute`'s.
 */
export async function controlRouteAsync(
  t: ControlTarget,
  method: string,
  path: string,
  body: unknown,
): Promise<Reply> {
  const parts = path.split('/').filter(Boolean).map(decodeURIComponent);
  const isFaults =
    parts.length >= 2 && parts[parts.length - 1] === 'faults' && (method === 'PUT' || method === 'POST');
  if (isFaults && parts[0] === 'routers' && parts.length === 3) {
    const olt = parts[1] ?? '';
    if (!t.routerApis?.endpoint(olt)) return notFound(`router of OLT ${olt}`);
    const patch = parseRouterFaults(body);
    if (typeof patch === 'string') return bad(patch);
    return { status: 200, body: await t.routerApis.setFaults(olt, patch) };
  }
  if (isFaults && parts[0] === 'concentrator' && parts.length === 2) {
    if (!t.routerApis?.concentrator) return notFound('concentrator');
    const patch = parseRouterFaults(body);
    if (typeof patch === 'string') return bad(patch);
    return { status: 200, body: await t.routerApis.setConcentratorFaults(patch) };
  }
  return controlRoute(t, method, path, body);
}

/**
 * `GET /syslog`; `PUT /syslog` `{"target": "127.0.0.1:5514"}` (or `{"host", "port"}`) turns it on, `{"target":
 * null}` (or `DELETE /syslog`) off. Loopback targets only: anything else is a 400 naming the rule.
 */
function syslogRoute(t: ControlTarget, method: string, body: unknown): Reply {
  const syslog = t.syslog;
  if (!syslog) return notFound('syslog');
  if (method === 'GET') return { status: 200, body: syslog.view() };
  if (method === 'DELETE') return { status: 200, body: syslog.off() };
  if (method !== 'PUT' && method !== 'POST') return notFound('route');
  if (typeof body !== 'object' || body === null || Array.isArray(body) || !('target' in body))
    return bad('body must be {"target": "127.0.0.1:5514"} or {"target": null}');
  const raw = (body as { target: unknown }).target;
  if (raw === null) return { status: 200, body: syslog.off() };
  const target = parseSyslogTarget(raw);
  if (typeof target === 'string') return bad(target);
  return { status: 200, body: syslog.configure(target) };
}

function parseLink(body: unknown): Partial<DeviceLink> | string {
  if (typeof body !== 'object' || body === null) return 'body must be a JSON object';
  const b = body as Record<string, unknown>;
  const out: Partial<DeviceLink> = {};
  for (const k of ['rttMs', 'varbindsPerSecond'] as const) {
    if (b[k] === undefined) continue;
    if (typeof b[k] !== 'number' || b[k] < 0) return `${k} must be a number >= 0`;
    out[k] = b[k];
  }
  return out;
}

const SIM_REASONS: readonly string[] = ONU_DOWN_REASONS.filter((r) => r !== 'unknown');

/** What `POST /onu-changes` answers per ONU: its state after the change. */
export interface OnuChangeResult {
  device: string;
  ponPort: number;
  onuId: number;
  status: string;
  reason: string | null;
  rxDbm: number | null;
}

interface OnuChange {
  device: string;
  ponPort: number;
  onuId: number;
  /** A reason takes the ONU offline, null brings it back; absent leaves its status alone. */
  down?: SimReason | null;
  /** A number pins its rx, null releases it; absent leaves it alone. */
  rxDbm?: number | null;
}

/** Many ONUs on many devices changed at once (a fleet-wide churn in one request). */
function onuChanges(t: ControlTarget, body: unknown): Reply {
  const list = (body as { changes?: unknown } | null)?.changes;
  if (!Array.isArray(list)) return bad('changes must be an array');
  const changes: OnuChange[] = [];
  for (const [i, raw] of list.entries()) {
    const c = raw as Partial<Record<keyof OnuChange, unknown>> | null;
    if (typeof c?.device !== 'string' || !Number.isInteger(c.ponPort) || !Number.isInteger(c.onuId))
      return bad(`changes[${i}] needs device, ponPort and onuId`);
    if (c.down !== undefined && c.down !== null && !SIM_REASONS.includes(String(c.down)))
      return bad(`changes[${i}].down must be one of ${SIM_REASONS.join(', ')} or null`);
    if (c.rxDbm !== undefined && c.rxDbm !== null && typeof c.rxDbm !== 'number')
      return bad(`changes[${i}].rxDbm must be a number or null`);
    changes.push(c as OnuChange);
  }
  const byName = new Map(t.devices.map((d) => [d.name, d.state]));
  const missing: string[] = [];
  const onus: OnuChangeResult[] = [];
  for (const c of changes) {
    const st = byName.get(c.device);
    if (!(st instanceof OltState) || !st.has(c.ponPort, c.onuId)) {
      missing.push(`${c.device} ${c.ponPort}/${c.onuId}`);
      continue;
    }
    if (c.rxDbm !== undefined) st.setOnuRx(c.ponPort, c.onuId, c.rxDbm);
    if (c.down !== undefined) st.setOnuDown(c.ponPort, c.onuId, c.down);
    const now = st.onu(c.ponPort, c.onuId);
    if (now)
      onus.push({
        device: c.device,
        ponPort: c.ponPort,
        onuId: c.onuId,
        status: now.status,
        reason: now.status === 'offline' ? now.lastDeregReason : null,
        rxDbm: now.rxDbm,
      });
  }
  // Each ONU as it now is (a change on an ONU already offline for its own reason leaves that reason).
  if (missing.length) return { status: 404, body: { applied: onus.length, onus, missing } };
  return { status: 200, body: { applied: onus.length, onus } };
}

function parseFaults(body: unknown): Partial<DeviceFaults> | string {
  if (typeof body !== 'object' || body === null) return 'body must be a JSON object';
  const b = body as Record<string, unknown>;
  const out: Partial<DeviceFaults> = {};
  for (const k of [
    'unreachable',
    'wrongCommunity',
    'telnetAuthFailure',
    'truncateOutput',
    'writesIgnored',
  ] as const) {
    if (b[k] === undefined) continue;
    if (typeof b[k] !== 'boolean') return `${k} must be a boolean`;
    out[k] = b[k];
  }
  for (const k of ['slowMs', 'confirmReplyDelayMs'] as const) {
    if (b[k] === undefined) continue;
    if (typeof b[k] !== 'number' || b[k] < 0) return `${k} must be a number >= 0`;
    out[k] = b[k];
  }
  return out;
}

export class ControlServer extends TcpEndpoint {
  constructor(
    private readonly target: ControlTarget,
    host: string,
    port: number,
  ) {
    super({ host, port });
  }

  get url(): string {
    return `http://${this.opts.host}:${this.port}`;
  }

  protected override createServer(): Server {
    const server = createServer((req, res) => void this.handle(req, res));
    // Longer than a client's idle pool (undici keeps a connection 4 s): a test that calls again after a pause
    // must not be handed a connection the server is closing at that moment ("other side closed").
    server.keepAliveTimeout = 65_000;
    return server;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    let body: unknown = null;
    if (text.trim() !== '') {
      try {
        body = JSON.parse(text);
      } catch {
        return json(res, { status: 400, body: { error: 'body is not JSON' } });
      }
    }
    const url = new URL(req.url ?? '/', 'http://control');
    let reply: Reply;
    try {
      reply = await controlRouteAsync(this.target, (req.method ?? 'GET').toUpperCase(), url.pathname, body);
    } catch (e) {
      reply = { status: 500, body: { error: e instanceof Error ? e.message : String(e) } };
    }
    json(res, reply);
  }
}

function json(res: ServerResponse, r: Reply): void {
  const text = JSON.stringify(r.body, (_k, v: unknown) => (v === Infinity ? null : v));
  res.writeHead(r.status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text) });
  res.end(text);
}
