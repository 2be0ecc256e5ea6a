/**
 * The simulated MikroTik BRAS in front of one simulated OLT (`BRAS-<OLT name>`), as its RouterOS API shows it.
 * Its PPPoE sessions are read from the OLT at the moment of each command, so they follow the ONUs exactly as
 * the routers' session events do (`SessionTracker`): a subscriber is an ONU whose description carries a PPPoE
 * id; its session is up while the ONU is online and no PPP-only drop holds it down, and it came up when the
 * ONU last registered (or the router booted, or it came back from a PPP-only drop, whichever is latest).
 * Caller id and address are the events' own (caller id '' for an ONU with no client MAC, as in the events).
 *
 * Layout (the same on every BRAS): `sfp-sfpplus1` faces the OLT and carries one VLAN per PON port, VLAN id
 * 100 + port (`vlan101-pon1`, …), each with its PPPoE service (`pppoe-pon1`, …) on which that PON's
 * subscribers arrive; `sfp28-1` is the uplink to the core; `ether1` a management LAN with a small DHCP server.
 * PPP interfaces have no ARP entries: `/ip/arp` lists the uplink and management neighbours only.
 */
import type { RouterOsRow } from '@pondesk/device-routeros';
import { OltState } from '../model/olt-state';
import { hashInts, intBetween } from '../model/seeded-random';
import { callerIdOf, pppoeIdOf, remoteAddressOf } from '../routers/session-event';
import type { PppState } from '../routers/session-tracker';
import { trap, TRAP, type ApiMenus, type ApiOutcome } from './api-menus';
import { PppSecretTable, pppProfileRow } from './ppp-secrets';
import { BRAS_V6, BRAS_V7, bootTimeOf, resourceRow, routerboardRow } from './router-board';
import { itemId, macOf, routerOsBool, routerOsDuration, upDown } from './routeros-values';
import { PLANS, planOf, SubscriberTraffic } from './traffic';

/** The PON port's VLAN id on the BRAS. */
export const ponVlanId = (ponPort: number): number => 100 + ponPort;
export const ponVlanName = (ponPort: number): string => `vlan${ponVlanId(ponPort)}-pon${ponPort}`;
/** The PPPoE service the PON's subscribers dial. */
export const ponServiceName = (ponPort: number): string => `pppoe-pon${ponPort}`;
/** A PPPoE session's dynamic interface (and its simple queue): `<pppoe-USER>`. */
export const pppoeInterfaceName = (user: string): string => `<pppoe-${user}>`;

/** The interface towards the OLT, the uplink, and the management port. */
const TO_OLT = 'sfp-sfpplus1';
const UPLINK = 'sfp28-1';
const MGMT = 'ether1';
const PHYSICAL = [MGMT, ...Array.from({ length: 12 }, (_, i) => `sfp-sfpplus${i + 1}`), 'sfp28-1', 'sfp28-2'];
/** The ones with a cable in. */
const CONNECTED = new Set([MGMT, TO_OLT, UPLINK]);
const PPP_MTU = '1480';
/** PPPoE sessions' reports repeat this often when `monitor-traffic` runs without `once`. */
const MONITOR_EVERY_MS = 1000;

export interface BrasOptions {
  /** The OLT's name. */
  olt: string;
  identity: string;
  /** The OLT's position in the fleet (its subscribers' addresses carry it). */
  index: number;
  state: OltState;
  /** A subscriber's PPP-only drop, as the routers' session tracker holds it. */
  pppState(ponPort: number, onuId: number): PppState;
  /** The router runs RouterOS from before 6.43 (the legacy-login fault). */
  legacy?(): boolean;
}

/** One PPPoE session up at the moment asked. */
export interface BrasSession {
  ponPort: number;
  onuId: number;
  user: string;
  callerId: string;
  address: string;
  /** When it came up (simulated seconds). */
  since: number;
  traffic: SubscriberTraffic;
  /** 24 bits that make its ids: the subscriber's place on the OLT and a number of this session. */
  n24: number;
}

interface Subscriber {
  user: string;
  traffic: SubscriberTraffic;
}

export class SimBras implements ApiMenus {
  private readonly subscribers = new Map<number, Subscriber | null>();
  private secretTable: PppSecretTable | null = null;
  private readonly seed: number;
  private readonly boot: number;

  constructor(private readonly opts: BrasOptions) {
    this.seed = hashInts(opts.state.spec.seed, 0x6b7261);
    this.boot = bootTimeOf(this.seed, opts.state.clock.epochSeconds);
  }

  get identity(): string {
    return this.opts.identity;
  }

  private get st(): OltState {
    return this.opts.state;
  }

  /** The ONU's subscriber (PPPoE id, plan), or null when its description carries no PPPoE id. */
  private subscriber(ponPort: number, onuId: number): Subscriber | null {
    const k = OltState.key(ponPort, onuId);
    let s = this.subscribers.get(k);
    if (s === undefined) {
      const stat = this.st.staticOf(ponPort, onuId);
      const user = pppoeIdOf(stat.description, [stat.serial, stat.mac]);
      s = user
        ? {
            user,
            traffic: new SubscriberTraffic(
              this.st.spec.seed,
              ponPort,
              onuId,
              planOf(this.st.spec.seed, ponPort, onuId),
            ),
          }
        : null;
      this.subscribers.set(k, s);
    }
    return s;
  }

  /** The sessions up at t (default: now), in PON and ONU order. */
  sessions(t = this.st.now()): BrasSession[] {
    const out: BrasSession[] = [];
    const st = this.st;
    for (const { ponPort, onuId } of st.refs()) {
      const sub = this.subscriber(ponPort, onuId);
      if (!sub || !st.online(ponPort, onuId, t)) continue;
      const ppp = this.opts.pppState(ponPort, onuId);
      if (ppp.held) continue;
      const onu = st.onu(ponPort, onuId, t);
      if (!onu) continue;
      // Up since the ONU last registered, the router booted (every session dials again then) or the session
      // came back from a PPP-only drop, whichever is latest.
      const since = Math.min(t, Math.max(onu.lastRegTime, this.boot, ppp.backAt ?? -Infinity));
      const place = (ponPort - 1) * st.spec.onusPerPort + (onuId - st.spec.firstOnuId);
      out.push({
        ponPort,
        onuId,
        user: sub.user,
        callerId: callerIdOf(onu.clientMacs[0]?.mac ?? null),
        address: remoteAddressOf(this.opts.index, ponPort, onuId),
        since,
        traffic: sub.traffic,
        n24: ((hashInts(since, place) & 0xfff) << 12) | (place & 0xfff),
      });
    }
    return out;
  }

  private get legacy(): boolean {
    return this.opts.legacy?.() ?? false;
  }

  rows(menu: string): RouterOsRow[] | null {
    const t = this.st.now();
    switch (menu) {
      case '/ppp/active':
        return this.sessions(t).map((s) => ({
          '.id': itemId(0x80000000 + s.n24),
          name: s.user,
          service: 'pppoe',
          'caller-id': s.callerId,
          address: s.address,
          uptime: routerOsDuration(t - s.since),
          encoding: '',
          'session-id': `0x${(0x81000000 + s.n24).toString(16).toUpperCase()}`,
          'limit-bytes-in': '0',
          'limit-bytes-out': '0',
          radius: routerOsBool(false),
        }));
      case '/interface/pppoe-server':
        return this.sessions(t).map((s) => ({
          '.id': itemId(0x1000000 + s.n24),
          name: pppoeInterfaceName(s.user),
          service: ponServiceName(s.ponPort),
          'remote-address': s.callerId,
          user: s.user,
          encoding: '',
          uptime: routerOsDuration(t - s.since),
          mtu: PPP_MTU,
          mru: PPP_MTU,
          running: routerOsBool(true),
          disabled: routerOsBool(false),
        }));
      case '/interface/pppoe-server/server':
        return this.pons().map((p) => ({
          '.id': itemId(p),
          'service-name': ponServiceName(p),
          interface: ponVlanName(p),
          'max-mtu': PPP_MTU,
          'max-mru': PPP_MTU,
          mrru: 'disabled',
          authentication: 'pap,chap,mschap1,mschap2',
          'keepalive-timeout': '10',
          'one-session-per-host': routerOsBool(true),
          'max-sessions': 'unlimited',
          'default-profile': 'default',
          invalid: routerOsBool(false),
          disabled: routerOsBool(false),
        }));
      case '/interface/vlan':
        return this.pons().map((p) => this.vlanRow(p));
      case '/interface':
        return this.interfaceRows(t);
      case '/queue/simple':
        return this.sessions(t).map((s) => this.queueRow(s, t));
      case '/system/resource':
        return [resourceRow(this.legacy ? BRAS_V6 : BRAS_V7, this.seed, this.boot, t, this.busy(t))];
      case '/system/routerboard':
        return [routerboardRow(this.legacy ? BRAS_V6 : BRAS_V7, this.seed)];
      case '/system/identity':
        return [{ name: this.opts.identity }];
      case '/ip/address':
        return this.addressRows();
      case '/ip/arp':
        return this.arpRows();
      case '/ip/dhcp-server':
        return [
          {
            '.id': itemId(1),
            name: 'dhcp-mgmt',
            interface: MGMT,
            'lease-time': '10m',
            'address-pool': 'mgmt-pool',
            authoritative: 'yes',
            invalid: routerOsBool(false),
            disabled: routerOsBool(false),
          },
        ];
      case '/ip/dhcp-server/lease':
        return this.leaseRows(t);
      case '/ip/pool':
        return [
          { '.id': itemId(1), name: 'mgmt-pool', ranges: '192.168.88.100-192.168.88.199' },
          { '.id': itemId(2), name: 'pppoe-pool', ranges: this.poolRange() },
        ];
      case '/ppp/profile':
        return this.profileRows();
      case '/ppp/secret':
        return this.secrets().rows();
      default:
        return null;
    }
  }

  run(command: string, args: Readonly<Record<string, string>>): ApiOutcome | null {
    switch (command) {
      case '/interface/monitor-traffic':
        return this.monitorTraffic(args);
      case '/ppp/secret/add':
        return this.secrets().add(args);
      case '/ppp/secret/set':
        return this.secrets().set(args);
      case '/ppp/secret/remove':
        return this.secrets().remove(args);
      default:
        return null;
    }
  }

  private pons(): number[] {
    return Array.from({ length: this.st.spec.ponPorts }, (_, i) => i + 1);
  }

  /** A share of the router's capacity in use (for CPU load and memory). */
  private busy(t: number): number {
    return Math.min(1, this.sessions(t).length / 2000);
  }

  /** The MAC of the i-th physical port (MikroTik's OUI, consecutive per port). */
  private mac(i: number): string {
    const h = hashInts(this.seed, 751);
    const n = ((h & 0xffff) << 8) + i;
    return macOf([0x48, 0xa9, 0x8a, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff]);
  }

  private vlanRow(p: number): RouterOsRow {
    return {
      '.id': itemId(0x100 + p),
      name: ponVlanName(p),
      mtu: '1500',
      'actual-mtu': '1500',
      l2mtu: '1588',
      'mac-address': this.mac(PHYSICAL.indexOf(TO_OLT)),
      arp: 'enabled',
      'arp-timeout': 'auto',
      'loop-protect': 'default',
      'vlan-id': String(ponVlanId(p)),
      interface: TO_OLT,
      'use-service-tag': routerOsBool(false),
      running: routerOsBool(true),
      disabled: routerOsBool(false),
    };
  }

  private interfaceRows(t: number): RouterOsRow[] {
    const physical = PHYSICAL.map((name, i) => ({
      '.id': itemId(i + 1),
      name,
      'default-name': name,
      type: 'ether',
      mtu: '1500',
      'actual-mtu': '1500',
      l2mtu: '1588',
      'mac-address': this.mac(i),
      'link-downs': '0',
      running: routerOsBool(CONNECTED.has(name)),
      disabled: routerOsBool(false),
      dynamic: routerOsBool(false),
    }));
    const vlans = this.pons().map((p) => ({
      '.id': itemId(0x100 + p),
      name: ponVlanName(p),
      type: 'vlan',
      mtu: '1500',
      'actual-mtu': '1500',
      l2mtu: '1584',
      'mac-address': this.mac(PHYSICAL.indexOf(TO_OLT)),
      'link-downs': '0',
      running: routerOsBool(true),
      disabled: routerOsBool(false),
      dynamic: routerOsBool(false),
    }));
    const ppp = this.sessions(t).map((s) => ({
      '.id': itemId(0x1000000 + s.n24),
      name: pppoeInterfaceName(s.user),
      type: 'pppoe-in',
      mtu: PPP_MTU,
      'actual-mtu': PPP_MTU,
      'last-link-up-time': '',
      'link-downs': '0',
      running: routerOsBool(true),
      disabled: routerOsBool(false),
      dynamic: routerOsBool(true),
    }));
    return [...physical, ...vlans, ...ppp];
  }

  private queueRow(s: BrasSession, t: number): RouterOsRow {
    const name = pppoeInterfaceName(s.user);
    const limit = upDown(s.traffic.plan.bps, s.traffic.plan.bps);
    const rate = s.traffic.rate(t);
    const bytes = s.traffic.bytes(s.since, t);
    const packets = s.traffic.packets(s.since, t);
    const packetRate = s.traffic.packetRate(t);
    return {
      '.id': itemId(0x2000000 + s.n24),
      name,
      target: name,
      parent: 'none',
      'packet-marks': '',
      priority: '8/8',
      queue: 'default-small/default-small',
      // Queues made from a PPP profile's rate limit guarantee what they cap (as the lab's `limit-at`).
      'limit-at': limit,
      'max-limit': limit,
      'burst-limit': '0/0',
      'burst-threshold': '0/0',
      'burst-time': '0s/0s',
      'bucket-size': '0.1/0.1',
      bytes: upDown(bytes.upload, bytes.download),
      'total-bytes': '0',
      packets: upDown(packets.upload, packets.download),
      'total-packets': '0',
      dropped: '0/0',
      'total-dropped': '0',
      rate: upDown(rate.upload, rate.download),
      'total-rate': '0',
      'packet-rate': upDown(packetRate.upload, packetRate.download),
      'total-packet-rate': '0',
      'queued-packets': '0/0',
      'total-queued-packets': '0',
      'queued-bytes': '0/0',
      'total-queued-bytes': '0',
      invalid: routerOsBool(false),
      dynamic: routerOsBool(true),
      disabled: routerOsBool(false),
    };
  }

  /**
   * `/interface/monitor-traffic =interface=a,b [=once=]`: bits and packets a second now, as the interface
   * sees them (a PPPoE interface receives its subscriber's upload). Without `once` it reports every second
   * until cancelled.
   */
  private monitorTraffic(args: Readonly<Record<string, string>>): ApiOutcome {
    const list = (args['interface'] ?? '')
      .split(',')
      .map((x) => x.trim())
      .filter(Boolean);
    if (!list.length) return trap('missing value of interface', TRAP.argument);
    const report = (): ApiOutcome => {
      const t = this.st.now();
      const sessions = this.sessions(t);
      const rows: RouterOsRow[] = [];
      for (const name of list) {
        const seen = this.traffic(name, sessions, t);
        if (!seen) return trap('input does not match any value of interface', TRAP.argument);
        rows.push({
          name,
          'rx-packets-per-second': String(seen.rxPackets),
          'rx-bits-per-second': String(seen.rx),
          'fp-rx-packets-per-second': '0',
          'fp-rx-bits-per-second': '0',
          'rx-drops-per-second': '0',
          'rx-errors-per-second': '0',
          'tx-packets-per-second': String(seen.txPackets),
          'tx-bits-per-second': String(seen.tx),
          'fp-tx-packets-per-second': '0',
          'fp-tx-bits-per-second': '0',
          'tx-drops-per-second': '0',
          'tx-queue-drops-per-second': '0',
          'tx-errors-per-second': '0',
        });
      }
      return { kind: 'rows', rows };
    };
    const first = report();
    if (first.kind === 'trap' || 'once' in args) return first;
    return { ...first, follow: { everyMs: MONITOR_EVERY_MS, next: report } };
  }

  /** What an interface receives and sends now; null when the router has no such interface. */
  private traffic(
    name: string,
    sessions: readonly BrasSession[],
    t: number,
  ): { rx: number; tx: number; rxPackets: number; txPackets: number } | null {
    const sum = (list: readonly BrasSession[]) => {
      const out = { up: 0, down: 0, upPackets: 0, downPackets: 0 };
      for (const s of list) {
        const r = s.traffic.rate(t);
        const p = s.traffic.packetRate(t);
        out.up += r.upload;
        out.down += r.download;
        out.upPackets += p.upload;
        out.downPackets += p.download;
      }
      return out;
    };
    const one = sessions.find((s) => pppoeInterfaceName(s.user) === name);
    // Towards subscribers (their PPPoE interface, their PON's VLAN, the port to the OLT) the router receives
    // uploads and sends downloads; on the uplink it is the other way round.
    const towardsSubscribers = (list: readonly BrasSession[]) => {
      const s = sum(list);
      return { rx: s.up, tx: s.down, rxPackets: s.upPackets, txPackets: s.downPackets };
    };
    if (one) return towardsSubscribers([one]);
    const pon = this.pons().find((p) => ponVlanName(p) === name);
    if (pon !== undefined) return towardsSubscribers(sessions.filter((s) => s.ponPort === pon));
    if (name === TO_OLT) return towardsSubscribers(sessions);
    if (name === UPLINK) {
      const s = sum(sessions);
      return { rx: s.down, tx: s.up, rxPackets: s.downPackets, txPackets: s.upPackets };
    }
    if (PHYSICAL.includes(name)) return { rx: 0, tx: 0, rxPackets: 0, txPackets: 0 };
    return null;
  }

  /** The uplink's /30 to the core, per BRAS. */
  private uplinkNet(): [string, string] {
    const i = this.opts.index & 0xff;
    return [`172.16.${i}.1`, `172.16.${i}.2`];
  }

  private addressRows(): RouterOsRow[] {
    const [, own] = this.uplinkNet();
    const i = this.opts.index & 0xff;
    const row = (id: number, address: string, network: string, iface: string): RouterOsRow => ({
      '.id': itemId(id),
      address,
      network,
      interface: iface,
      'actual-interface': iface,
      invalid: routerOsBool(false),
      dynamic: routerOsBool(false),
      disabled: routerOsBool(false),
    });
    return [row(1, '192.168.88.1/24', '192.168.88.0', MGMT), row(2, `${own}/30`, `172.16.${i}.0`, UPLINK)];
  }

  /** The core router on the uplink, and the management LAN's hosts: no PPP interface has ARP. */
  private arpRows(): RouterOsRow[] {
    const [gateway] = this.uplinkNet();
    const mac = (salt: number): string => {
      const h = hashInts(this.seed, salt);
      return macOf([0x4c, 0x5e, 0x0c, (h >>> 16) & 0xff, (h >>> 8) & 0xff, h & 0xff]);
    };
    const row = (
      id: number,
      address: string,
      macAddress: string,
      iface: string,
      dhcp: boolean,
      dynamic: boolean,
    ) => ({
      '.id': itemId(id),
      address,
      'mac-address': macAddress,
      interface: iface,
      published: routerOsBool(false),
      invalid: routerOsBool(false),
      DHCP: routerOsBool(dhcp),
      dynamic: routerOsBool(dynamic),
      complete: routerOsBool(true),
      disabled: routerOsBool(false),
    });
    return [
      row(1, gateway, mac(791), UPLINK, false, true),
      row(2, '192.168.88.10', this.leaseMac(), MGMT, true, true),
      row(3, '192.168.88.20', mac(792), MGMT, false, false),
    ];
  }

  private leaseMac(): string {
    const h = hashInts(this.seed, 793);
    return macOf([0x3c, 0x52, 0x82, (h >>> 16) & 0xff, (h >>> 8) & 0xff, h & 0xff]);
  }

  /** The management LAN's one dynamic lease (the NOC's laptop), renewed every 10 minutes. */
  private leaseRows(t: number): RouterOsRow[] {
    const left = 600 - (t % 600);
    return [
      {
        '.id': itemId(1),
        address: '192.168.88.10',
        'mac-address': this.leaseMac(),
        'client-id': `1:${this.leaseMac().toLowerCase()}`,
        'address-lists': '',
        server: 'dhcp-mgmt',
        'dhcp-option': '',
        status: 'bound',
        'expires-after': routerOsDuration(left),
        'last-seen': routerOsDuration(intBetween(1, 59, this.seed, Math.floor(t / 60), 794)),
        'active-address': '192.168.88.10',
        'active-mac-address': this.leaseMac(),
        'active-client-id': `1:${this.leaseMac().toLowerCase()}`,
        'active-server': 'dhcp-mgmt',
        'host-name': 'noc-laptop',
        radius: routerOsBool(false),
        dynamic: routerOsBool(true),
        blocked: routerOsBool(false),
        disabled: routerOsBool(false),
      },
    ];
  }

  /** The addresses its subscribers get: the fleet position's block of 100.64.0.0/10. */
  private poolRange(): string {
    return `${remoteAddressOf(this.opts.index, 0, 1)}-${remoteAddressOf(this.opts.index, 63, 254)}`;
  }

  /** The two built-in profiles (ids as RouterOS gives them) and one per plan, capping at the plan's rate. */
  private profileRows(): RouterOsRow[] {
    return [
      pppProfileRow(0, 'default', true),
      ...PLANS.map((p, i) =>
        pppProfileRow(1 + i, p.name, false, {
          'local-address': remoteAddressOf(this.opts.index, 0, 0),
          'remote-address': 'pppoe-pool',
          'only-one': 'yes',
          'rate-limit': `${p.name}/${p.name}`,
        }),
      ),
      pppProfileRow(0xfffffffe, 'default-encryption', true, { 'use-encryption': 'yes' }),
    ];
  }

  /**
   * `/ppp/secret`: the subscribers authenticate locally (`radius=false` in `/ppp/active`), so every subscriber
   * of the OLT has a secret, made when the menu is first used. Edits stay in the table; sessions keep following
   * the ONUs whatever is done to the secrets.
   */
  private secrets(): PppSecretTable {
    if (this.secretTable) return this.secretTable;
    const table = new PppSecretTable({
      profiles: () => ['default', 'default-encryption', ...PLANS.map((p) => p.name)],
    });
    for (const { ponPort, onuId } of this.st.refs()) {
      const sub = this.subscriber(ponPort, onuId);
      if (!sub) continue;
      table.seed({
        name: sub.user,
        password: hashInts(this.seed, ponPort, onuId, 741).toString(36),
        service: 'pppoe',
        profile: sub.traffic.plan.name,
        remoteAddress: remoteAddressOf(this.opts.index, ponPort, onuId),
      });
    }
    this.secretTable = table;
    return table;
  }
}
