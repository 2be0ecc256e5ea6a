/**
 * Hosts to ping that can stop answering: addresses inside a network namespace made for the purpose.
 *
 * Every address of 127.0.0.0/8 answers on Linux, so a loopback address cannot go silent. A namespace with
 * a veth pair gives addresses in 198.18.0.0/15 (RFC 2544's benchmarking range) that exist only on this
 * machine, inside the namespace: reaching them never leaves the machine (network safety). A host stops
 * answering by a policy rule in the namespace that blackholes what it sends (the echo request still
 * arrives; no reply comes back), and answers again when the rule goes. (A delay by netem would give slow
 * hosts, but kernels without the sch_netem module, like this project's CI machine, refuse it: slowness is
 * tested where it is decided, on hand-typed round trips.)
 *
 * Making a namespace needs root (CAP_NET_ADMIN and CAP_SYS_ADMIN); `pingHostsAvailable()` says whether
 * this process may. Closing removes the namespace, which removes the veth pair and every rule with it;
 * namespaces left by a killed process are removed by the next `createPingHosts` of this machine.
 */
import { execFile, execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { promisify } from 'node:util';

const run = promisify(execFile);
const ip = (...args: string[]) => run('ip', args);

/**
 * The machine's side of the veth pair gets no IPv6. An interface coming up gets a link-local IPv6 address
 * whose duplicate-address check ends a second or two later with one more address event; a browser running
 * on this machine takes such events for a change of network and fails the requests it has in flight
 * (`net::ERR_NETWORK_CHANGED`), which is how a page opened just after the hosts were made failed to load.
 * Absent when the kernel has no IPv6, which is as quiet.
 */
function noIpv6(iface: string): void {
  try {
    writeFileSync(`/proc/sys/net/ipv6/conf/${iface}/disable_ipv6`, '1');
  } catch {
    // no IPv6 on this machine
  }
}

/**
 * Returns once the machine's side of the pair is up as the kernel reports it: the carrier of a veth comes
 * up in the background when its peer does, and that event must not arrive while a browser loads a page.
 */
async function settled(iface: string): Promise<void> {
  const deadline = Date.now() + 5000;
  for (;;) {
    const state = readFileSync(`/sys/class/net/${iface}/operstate`, 'utf8').trim();
    if (state === 'up') return;
    if (Date.now() > deadline) throw new Error(`${iface} did not come up (operstate ${state})`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Namespaces this module makes are named `pdping-<pid>-<hex>`. */
const PREFIX = 'pdping-';
/** Hosts per namespace: one /24 of 198.18.0.0/15 each, the first address the machine's own side. */
export const PING_HOSTS_MAX = 250;

export interface PingHosts {
  /** The namespace's name (for `ip netns exec`). */
  namespace: string;
  /** The hosts' addresses (198.18.x.2, .3, …). */
  addresses: string[];
  /** Stops (false) or restarts (true) the replies of one host. */
  setAnswering(address: string, answering: boolean): Promise<void>;
  /** Whether a host answers now. */
  answering(address: string): boolean;
  close(): Promise<void>;
}

/** Whether this process can make network namespaces (root, with `ip` installed). */
export function pingHostsAvailable(): boolean {
  if (process.platform !== 'linux' || process.getuid?.() !== 0) return false;
  try {
    execFileSync('ip', ['netns', 'list'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Removes namespaces of this module whose process is gone. */
async function sweepStale(): Promise<void> {
  const { stdout } = await ip('netns', 'list');
  for (const line of stdout.split('\n')) {
    const name = line.split(' ')[0];
    const m = /^pdping-(\d+)-[0-9a-f]+$/.exec(name);
    if (m && !alive(Number(m[1]))) await ip('netns', 'del', name).catch(() => undefined);
  }
}

/** A /24 of 198.18.0.0/15 no route of this machine uses yet. */
async function freeSubnet(): Promise<string> {
  const { stdout } = await ip('-4', 'route', 'show');
  for (let attempt = 0; attempt < 64; attempt++) {
    const n = 1 + (randomBytes(2).readUInt16BE() % 510);
    const net = `198.${18 + (n >> 8)}.${n & 0xff}`;
    if (!stdout.includes(`${net}.0/24`)) return net;
  }
  throw new Error('no free /24 in 198.18.0.0/15 for the ping hosts');
}

const open = new Set<string>();
process.once('exit', () => {
  for (const ns of open) {
    try {
      execFileSync('ip', ['netns', 'del', ns], { stdio: 'ignore' });
    } catch {
      /* already gone */
    }
  }
});

export async function createPingHosts(count: number): Promise<PingHosts> {
  if (!Number.isInteger(count) || count < 1 || count > PING_HOSTS_MAX)
    throw new RangeError(`count must be 1–${PING_HOSTS_MAX}, got ${count}`);
  if (!pingHostsAvailable())
    throw new Error('ping hosts need root and iproute2 (`ip`): they live in a network namespace');
  await sweepStale();
  const id = randomBytes(3).toString('hex');
  const namespace = `${PREFIX}${process.pid}-${id}`;
  // Interface names are at most 15 characters.
  const outside = `pdp${id}o`;
  const inside = `pdp${id}i`;
  const net = await freeSubnet();
  const addresses = Array.from({ length: count }, (_, i) => `${net}.${i + 2}`);
  await ip('netns', 'add', namespace);
  open.add(namespace);
  const inNs = (...args: string[]) => run('ip', ['netns', 'exec', namespace, ...args]);
  try {
    await ip('link', 'add', outside, 'type', 'veth', 'peer', 'name', inside);
    await ip('link', 'set', inside, 'netns', namespace);
    noIpv6(outside);
    await ip('addr', 'add', `${net}.1/24`, 'dev', outside);
    await ip('link', 'set', outside, 'up');
    await inNs('ip', 'link', 'set', 'lo', 'up');
    for (const a of addresses) await inNs('ip', 'addr', 'add', `${a}/24`, 'dev', inside);
    await inNs('ip', 'link', 'set', inside, 'up');
    await settled(outside);
  } catch (error) {
    await ip('netns', 'del', namespace).catch(() => undefined);
    open.delete(namespace);
    throw error;
  }
  const silent = new Set<string>();
  let closed = false;
  return {
    namespace,
    addresses,
    answering: (address) => !silent.has(address),
    async setAnswering(address, answering) {
      if (closed) throw new Error('the ping hosts are closed');
      if (!addresses.includes(address)) throw new Error(`${address} is not one of these ping hosts`);
      if (answering === !silent.has(address)) return;
      await inNs('ip', 'rule', answering ? 'del' : 'add', 'from', address, 'blackhole', 'pref', '100');
      if (answering) silent.delete(address);
      else silent.add(address);
    },
    async close() {
      if (closed) return;
      closed = true;
      // The machine's side first, at once: removing the namespace alone takes its veth away later, in the
      // background, when the next test may be loading a page (see `settled`).
      await ip('link', 'del', outside).catch(() => undefined);
      await ip('netns', 'del', namespace).catch(() => undefined);
      open.delete(namespace);
    },
  };
}

/**
 * Makes one host go silent and answer again on a cycle (answering `upSeconds`, then silent
 * `downSeconds`), so a demo's cards and outage log move. Returns a stop function.
 */
export function flapPingHost(
  hosts: PingHosts,
  address: string,
  cycle: { upSeconds: number; downSeconds: number },
): () => void {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const step = (answering: boolean) => {
    if (stopped) return;
    hosts
      .setAnswering(address, answering)
      .catch(() => undefined)
      .finally(() => {
        if (stopped) return;
        timer = setTimeout(() => step(!answering), (answering ? cycle.upSeconds : cycle.downSeconds) * 1000);
        timer.unref();
      });
  };
  step(true);
  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
  };
}
