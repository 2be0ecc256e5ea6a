/**
 * The platform's VPN concentrator (a MikroTik CHR the platform runs): the console adds a PPP secret per tenant
 * over the API, the tenant's router dials in with it, and `/ppp/active` shows the tunnel. Here the dialling in
 * is the control API's (`POST /concentrator/connect`), or the concentrator's own a few seconds after a secret
 * is added when `autoDial` is on (the demo). Sessions run on real time (the tunnels are not part of the
 * simulated fibre network). As on RouterOS, removing or disabling a secret leaves a session it already has.
 */
import type { RouterOsRow } from '@pondesk/device-routeros';
import { hashInts, hashString } from '../model/seeded-random';
import { done, trap, TRAP, type ApiMenus, type ApiOutcome } from './api-menus';
import { NO_SUCH_ITEM, PppSecretTable, pppProfileRow, type PppSecret } from './ppp-secrets';
import { CHR_V7, resourceRow, routerboardRow } from './router-board';
import { itemId, macOf, parseItemId, routerOsBool, routerOsDuration } from './routeros-values';
import { intToIpv4, ipv4ToInt } from '../net/loopback';
import { DEFAULT_AUTO_DIAL_DELAY_MS, DEFAULT_CONCENTRATOR_PROFILE } from '../config/fleet-config';

/** The tunnel kinds a dial-in arrives by; a secret for `any` dials L2TP. */
const TUNNELS = new Set(['l2tp', 'sstp', 'pptp', 'ovpn']);
/** The pool tunnel addresses come from, and the concentrator's own end. */
const POOL_FIRST = '10.99.0.2';
const POOL_LAST = '10.99.255.254';
const LOCAL_ADDRESS = '10.99.0.1';

export interface ConcentratorOptions {
  /** The PPP profile the console's secrets name (`VPN_CONCENTRATOR_PROFILE`); it exists on the concentrator. */
  profile?: string;
  /** A secret added over the API is dialled in by itself `autoDialDelayMs` later. */
  autoDial?: boolean;
  autoDialDelayMs?: number;
  seed?: number;
  /** Real time in ms (tests). */
  now?: () => number;
}

/** A tenant router's tunnel, up. */
export interface VpnSession {
  id: string;
  name: string;
  service: string;
  callerId: string;
  address: string;
  /** Since when (ms, real time). */
  sinceMs: number;
  sessionId: string;
}

export type ConnectResult =
  { ok: true; session: VpnSession; already: boolean } | { ok: false; status: 404 | 409; error: string };

/** What `GET /concentrator` shows of the secrets (passwords included: the control API is for tests). */
export interface VpnSecretView {
  id: string;
  name: string;
  password: string;
  service: string;
  profile: string;
  disabled: boolean;
  comment: string | null;
  connected: boolean;
}

export class SimConcentrator implements ApiMenus {
  readonly identity = 'vpn-concentrator';
  readonly secrets: PppSecretTable;
  readonly profile: string;
  autoDial: boolean;
  readonly autoDialDelayMs: number;
  private readonly sessions = new Map<string, VpnSession>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private nextSession = 1;
  private readonly seed: number;
  private readonly now: () => number;
  private readonly bootSeconds: number;

  constructor(opts: ConcentratorOptions = {}) {
    this.profile = opts.profile ?? DEFAULT_CONCENTRATOR_PROFILE;
    this.autoDial = opts.autoDial ?? false;
    this.autoDialDelayMs = opts.autoDialDelayMs ?? DEFAULT_AUTO_DIAL_DELAY_MS;
    this.seed = opts.seed ?? 0x76706e;
    this.now = opts.now ?? Date.now;
    this.bootSeconds = Math.floor(this.now() / 1000) - 86_400 * (3 + (hashInts(this.seed, 1) % 60));
    this.secrets = new PppSecretTable({
      profiles: () => this.profileNames(),
      onAdd: (s) => this.added(s),
    });
  }

  private profileNames(): string[] {
    return ['default', 'default-encryption', this.profile];
  }

  /** Secrets, with whether each has a session now. */
  secretViews(): VpnSecretView[] {
    return this.secrets.list().map((s) => ({
      id: s.id,
      name: s.name,
      password: s.password,
      service: s.service,
      profile: s.profile,
      disabled: s.disabled,
      comment: s.comment,
      connected: this.sessions.has(s.name),
    }));
  }

  activeSessions(): VpnSession[] {
    return [...this.sessions.values()].map((s) => ({ ...s }));
  }

  /** The secret's router dials in (answers the session it already has, if any). */
  connect(name: string, opts: { callerId?: string } = {}): ConnectResult {
    const have = this.sessions.get(name);
    if (have) return { ok: true, session: { ...have }, already: true };
    const secret = this.secrets.byName(name);
    if (!secret) return { ok: false, status: 404, error: `no PPP secret ${name} on the concentrator` };
    if (secret.disabled) return { ok: false, status: 409, error: `the PPP secret ${name} is disabled` };
    const address = secret.remoteAddress || this.freeAddress();
    if (!address) return { ok: false, status: 409, error: 'the VPN address pool is exhausted' };
    const n = this.nextSession++;
    const h = hashString(name);
    const session: VpnSession = {
      id: itemId(0x80000000 + n),
      name,
      service: TUNNELS.has(secret.service) ? secret.service : 'l2tp',
      // An L2TP client's caller id is its public address (documentation range: nothing is ever sent there).
      callerId: opts.callerId ?? `203.0.113.${1 + (h % 254)}`,
      address,
      sinceMs: this.now(),
      sessionId: `0x${(0x81000000 + n).toString(16).toUpperCase()}`,
    };
    this.sessions.set(name, session);
    return { ok: true, session: { ...session }, already: false };
  }

  /** The secret's tunnel goes down; false when it had none. */
  disconnect(name: string): boolean {
    return this.sessions.delete(name);
  }

  stop(): void {
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
  }

  private added(secret: PppSecret): void {
    if (!this.autoDial) return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      // Dialled in only if the very secret is still there and enabled (not one re-added under its name).
      const now = this.secrets.byId(secret.id);
      if (now && now.name === secret.name && !now.disabled) this.connect(now.name);
    }, this.autoDialDelayMs);
    timer.unref();
    this.timers.add(timer);
  }

  private freeAddress(): string | null {
    const used = new Set([...this.sessions.values()].map((s) => s.address));
    const first = ipv4ToInt(POOL_FIRST) ?? 0;
    const last = ipv4ToInt(POOL_LAST) ?? 0;
    for (let n = first; n <= last; n++) {
      const a = intToIpv4(n);
      if (!used.has(a)) return a;
    }
    return null;
  }

  rows(menu: string): RouterOsRow[] | null {
    const nowMs = this.now();
    switch (menu) {
      case '/ppp/active':
        return [...this.sessions.values()].map((s) => ({
          '.id': s.id,
          name: s.name,
          service: s.service,
          'caller-id': s.callerId,
          address: s.address,
          uptime: routerOsDuration((nowMs - s.sinceMs) / 1000),
          encoding: '',
          'session-id': s.sessionId,
          'limit-bytes-in': '0',
          'limit-bytes-out': '0',
          radius: routerOsBool(false),
        }));
      case '/ppp/secret':
        return this.secrets.rows();
      case '/ppp/profile':
        return this.profileRows();
      case '/ip/pool':
        return [{ '.id': itemId(1), name: 'vpn-pool', ranges: `${POOL_FIRST}-${POOL_LAST}` }];
      case '/interface':
        return this.interfaceRows();
      case '/system/resource':
        return [
          resourceRow(
            CHR_V7,
            this.seed,
            this.bootSeconds,
            Math.floor(nowMs / 1000),
            this.sessions.size / 500,
          ),
        ];
      case '/system/routerboard':
        return [routerboardRow(CHR_V7, this.seed)];
      case '/system/identity':
        return [{ name: this.identity }];
      default:
        return null;
    }
  }

  run(command: string, args: Readonly<Record<string, string>>): ApiOutcome | null {
    switch (command) {
      case '/ppp/secret/add':
        return this.secrets.add(args);
      case '/ppp/secret/set':
        return this.secrets.set(args);
      case '/ppp/secret/remove':
        return this.secrets.remove(args);
      case '/ppp/active/remove':
        return this.removeActive(args);
      default:
        return null;
    }
  }

  /** `/ppp/active/remove =.id=*80000001` (or `numbers`, or the user's name): those tunnels go down. */
  private removeActive(args: Readonly<Record<string, string>>): ApiOutcome {
    const list = args['.id'] ?? args['numbers'] ?? args['.numbers'];
    if (list === undefined || list.trim() === '') return trap('missing =.id= (or =numbers=)', TRAP.argument);
    const names: string[] = [];
    for (const raw of list.split(',')) {
      const ref = raw.trim();
      const id = parseItemId(ref);
      const s = [...this.sessions.values()].find(
        (x) => (id !== null && x.id === itemId(id)) || x.name === ref,
      );
      if (!s) return trap(NO_SUCH_ITEM, TRAP.missing);
      names.push(s.name);
    }
    for (const n of names) this.sessions.delete(n);
    return done();
  }

  private profileRows(): RouterOsRow[] {
    return [
      pppProfileRow(0, 'default', true),
      pppProfileRow(1, this.profile, false, {
        'local-address': LOCAL_ADDRESS,
        'remote-address': 'vpn-pool',
        'use-encryption': 'yes',
        'only-one': 'yes',
      }),
      pppProfileRow(0xfffffffe, 'default-encryption', true, { 'use-encryption': 'yes' }),
    ];
  }

  private interfaceRows(): RouterOsRow[] {
    const h = hashInts(this.seed, 751);
    return [
      {
        '.id': itemId(1),
        name: 'ether1',
        'default-name': 'ether1',
        type: 'ether',
        mtu: '1500',
        'actual-mtu': '1500',
        'mac-address': macOf([0x0c, 0x7e, 0x3b, (h >>> 16) & 0xff, (h >>> 8) & 0xff, h & 0xff]),
        'link-downs': '0',
        running: routerOsBool(true),
        disabled: routerOsBool(false),
        dynamic: routerOsBool(false),
      },
      ...[...this.sessions.values()].map((s) => ({
        '.id': itemId(0x1000000 + (parseItemId(s.id) ?? 0) - 0x80000000),
        name: `<${s.service}-${s.name}>`,
        type: `${s.service}-in`,
        mtu: '1450',
        'actual-mtu': '1450',
        'link-downs': '0',
        running: routerOsBool(true),
        disabled: routerOsBool(false),
        dynamic: routerOsBool(true),
      })),
    ];
  }
}
