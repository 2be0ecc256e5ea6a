/**
 * Control surface on loopback (HTTP JSON): list devices, read exact state, and trigger events/faults.
 * Endpoints are documented in libs/device/simulator/README.md.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { OltState } from '../model/olt-state';
import type { SimClock } from '../model/sim-clock';
import type { DeviceFaults } from '../model/device-faults';
import type { SimDevice } from '../fleet/sim-device';
import { TcpEndpoint } from '../net/tcp-endpoint';
import { deviceSnapshot } from '../fleet/device-snapshot';

export interface ControlTarget {
  devices: SimDevice[];
  clock: SimClock;
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
  if (parts[0] !== 'devices') return notFound('route');
  if (parts.length === 1 && method === 'GET') return { status: 200, body: t.devices.map((d) => d.info()) };
  const dev = t.devices.find((d) => d.name === parts[1]);
  if (!dev) return notFound(`device ${parts[1]}`);
  const rest = parts.slice(2);
  const at = rest.join('/');
  if (rest.length === 0 && method === 'GET')
    return { status: 200, body: { ...dev.info(), faults: dev.faults, offAir: dev.offAir } };
  if (at === 'state' && method === 'GET') return { status: 200, body: deviceSnapshot(dev) };
  if (at === 'faults' && (method === 'PUT' || method === 'POST')) {
    const patch = parseFaults(body);
    if (typeof patch === 'string') return bad(patch);
    return { status: 200, body: dev.setFaults(patch) };
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

function parseFaults(body: unknown): Partial<DeviceFaults> | string {
  if (typeof body !== 'object' || body === null) return 'body must be a JSON object';
  const b = body as Record<string, unknown>;
  const out: Partial<DeviceFaults> = {};
  for (const k of ['unreachable', 'wrongCommunity', 'telnetAuthFailure', 'truncateOutput'] as const) {
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
    return createServer((req, res) => void this.handle(req, res));
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
      reply = controlRoute(this.target, (req.method ?? 'GET').toUpperCase(), url.pathname, body);
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
