import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { LogDeviceKind, LogVendor, OltBrandCode } from '@pondesk/contracts';

/** A device whose syslog is stored: an OLT (its management address) or its MikroTik router. */
export interface LogSource {
  tenantId: string;
  oltId: string;
  kind: LogDeviceKind;
  /** The parser to try first. */
  vendor: LogVendor;
  /** The short name the logs show. */
  name: string;
}

export type SourceLookup = { source: LogSource } | 'ambiguous' | null;

/** Which parser reads an OLT brand's lines (AVIES runs HSGQ firmware). */
export const BRAND_VENDOR: Record<OltBrandCode, LogVendor> = {
  bdcom: 'bdcom',
  vsol: 'vsol',
  cdata: 'cdata',
  avies: 'hsgq',
};

/** The map is rebuilt this often, so renamed, moved and removed devices follow. */
export const SOURCES_REFRESH_MS = 30_000;
/** A line from an unknown address rebuilds the map at most this often (a new OLT logs within seconds). */
export const MISS_REFRESH_MS = 3_000;
const DNS_TTL_MS = 5 * 60_000;
const DNS_FAILURE_TTL_MS = 60_000;
const DNS_TIMEOUT_MS = 5_000;
const DNS_AT_ONCE = 8;

/**
 * An address as one spelling: IPv4-mapped IPv6 (`::ffff:10.0.0.1`, what a dual-stack socket reports)
 * as the IPv4 address, IPv6 compressed and lowercase. Null for what is not an address.
 */
export function normalizeAddress(address: string): string | null {
  const a = address.trim().toLowerCase();
  const kind = isIP(a);
  if (kind === 4) return a;
  if (kind !== 6) return null;
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(a);
  if (mapped && isIP(mapped[1]) === 4) return mapped[1];
  try {
    const host = new URL(`http://[${a}]/`).hostname.slice(1, -1);
    const inner = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(host);
    if (inner) {
      const hi = parseInt(inner[1], 16);
      const lo = parseInt(inner[2], 16);
      return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
    }
    return host;
  } catch {
    return a;
  }
}

interface OltRow {
  id: string;
  tenant_id: string;
  name: string;
  host: string;
  mikrotik_host: string | null;
  brand: OltBrandCode;
  log_name: string | null;
  mikrotik_log_name: string | null;
}

interface Entry {
  sources: LogSource[];
  tenants: Set<string>;
}

/**
 * Sender address → the tenant's device, built from every shown OLT's `host` and `mikrotik_host` (host
 * names resolved, cached). An address that belongs to devices of two tenants maps to neither: storing
 * its lines under one would show one ISP's lines to another. Within one tenant, an address shared by
 * several devices (one router in front of several OLTs) is stored under one, chosen the same way each
 * time: an OLT before a router, then the OLT added first.
 */
@Injectable()
export class SyslogSources {
  private readonly logger = new Logger(SyslogSources.name);
  private map = new Map<string, SourceLookup>();
  private refreshing?: Promise<void>;
  private nextForMiss?: Promise<void>;
  private lastStarted = 0;
  private readonly dns = new Map<string, { addresses: string[]; expires: number }>();
  private readonly warnedShared = new Set<string>();
  private readonly warnedAmbiguous = new Set<string>();
  private loaded = false;

  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** What an address maps to now; null when nothing does. */
  lookup(address: string): SourceLookup {
    const key = normalizeAddress(address);
    return key === null ? null : (this.map.get(key) ?? null);
  }

  get size(): number {
    return this.map.size;
  }

  get ready(): boolean {
    return this.loaded;
  }

  /** Rebuilds the map (concurrent calls share one run); a failure keeps the last map and is logged. */
  refresh(): Promise<void> {
    if (!this.refreshing) {
      this.lastStarted = Date.now();
      this.refreshing = this.rebuild()
        .catch((error: unknown) =>
          this.logger.warn(
            `syslog sources not refreshed: ${error instanceof Error ? error.message : String(error)}`,
          ),
        )
        .finally(() => (this.refreshing = undefined));
    }
    return this.refreshing;
  }

  /**
   * For a line from an unknown address (perhaps an OLT added a moment ago): a rebuild that starts after
   * the line came, to look it up again after. Misses share one; a rebuild runs at most once per
   * MISS_REFRESH_MS, however many unknown senders there are.
   */
  refreshForMiss(): Promise<void> {
    this.nextForMiss ??= (async () => {
      // The rebuild running now may have read the OLTs before the line came: the next one counts.
      if (this.refreshing) await this.refreshing;
      const wait = this.lastStarted + MISS_REFRESH_MS - Date.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait).unref());
      this.nextForMiss = undefined;
      await this.refresh();
    })();
    return this.nextForMiss;
  }

  private async rebuild(): Promise<void> {
    const rows: OltRow[] = await this.db.query(
      `SELECT id, tenant_id, name, host, mikrotik_host, brand, log_name, mikrotik_log_name
       FROM olt WHERE show ORDER BY created_at, id`,
    );
    const devices: { host: string; source: LogSource }[] = [];
    for (const r of rows) {
      devices.push({
        host: r.host,
        source: {
          tenantId: r.tenant_id,
          oltId: r.id,
          kind: 'olt',
          vendor: BRAND_VENDOR[r.brand] ?? 'bdcom',
          name: r.log_name || r.name,
        },
      });
    }
    for (const r of rows) {
      if (!r.mikrotik_host) continue;
      devices.push({
        host: r.mikrotik_host,
        source: {
          tenantId: r.tenant_id,
          oltId: r.id,
          kind: 'router',
          vendor: 'mikrotik',
          name: r.mikrotik_log_name || `MikroTik ${r.name}`,
        },
      });
    }
    const resolved = await this.resolveAll([...new Set(devices.map((d) => d.host.trim().toLowerCase()))]);
    const entries = new Map<string, Entry>();
    for (const d of devices) {
      for (const address of resolved.get(d.host.trim().toLowerCase()) ?? []) {
        const entry = entries.get(address) ?? { sources: [], tenants: new Set<string>() };
        // Devices arrive OLTs first, each kind oldest first: the first is the one lines are stored under.
        entry.sources.push(d.source);
        entry.tenants.add(d.source.tenantId);
        entries.set(address, entry);
      }
    }
    const map = new Map<string, SourceLookup>();
    for (const [address, entry] of entries) {
      if (entry.tenants.size > 1) {
        map.set(address, 'ambiguous');
        if (!this.warnedAmbiguous.has(address)) {
          this.warnedAmbiguous.add(address);
          this.logger.warn(
            `syslog from ${address} is dropped: the address belongs to devices of ${entry.tenants.size} tenants`,
          );
        }
        continue;
      }
      const [first, ...others] = entry.sources;
      map.set(address, { source: first });
      if (others.length && !this.warnedShared.has(address)) {
        this.warnedShared.add(address);
        this.logger.log(
          `syslog from ${address} is stored under ${first.name}: ${others.length + 1} devices of one tenant have this address`,
        );
      }
    }
    this.map = map;
    this.loaded = true;
  }

  /** Host (as written) → its addresses; IPs as they are, names through the resolver, cached. */
  private async resolveAll(hosts: string[]): Promise<Map<string, string[]>> {
    const out = new Map<string, string[]>();
    const names: string[] = [];
    for (const host of hosts) {
      const ip = normalizeAddress(host);
      if (ip) out.set(host, [ip]);
      else if (host) names.push(host);
    }
    const now = Date.now();
    const queue = names.filter((n) => {
      const cached = this.dns.get(n);
      if (cached && cached.expires > now) {
        out.set(n, cached.addresses);
        return false;
      }
      return true;
    });
    const worker = async () => {
      for (let name = queue.shift(); name !== undefined; name = queue.shift()) {
        const addresses = await this.resolve(name);
        this.dns.set(name, {
          addresses,
          expires: Date.now() + (addresses.length ? DNS_TTL_MS : DNS_FAILURE_TTL_MS),
        });
        out.set(name, addresses);
      }
    };
    await Promise.all(Array.from({ length: Math.min(DNS_AT_ONCE, queue.length) }, worker));
    // Names no OLT uses any more leave the cache.
    const live = new Set(names);
    for (const name of this.dns.keys()) if (!live.has(name)) this.dns.delete(name);
    return out;
  }

  private async resolve(name: string): Promise<string[]> {
    let timer: NodeJS.Timeout | undefined;
    try {
      const found = await Promise.race([
        lookup(name, { all: true }),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error('timed out')), DNS_TIMEOUT_MS);
        }),
      ]);
      return [...new Set(found.map((a) => normalizeAddress(a.address)).filter((a) => a !== null))];
    } catch {
      // A name that does not resolve maps to nothing; it is tried again after DNS_FAILURE_TTL_MS.
      return [];
    } finally {
      clearTimeout(timer);
    }
  }
}
