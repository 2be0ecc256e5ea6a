/**
 * Redaction for `ponctl record`. Two passes over everything a recording holds: `collect*` finds the real MACs,
 * serials, host names and IPv4 addresses (by their text forms, by binary SNMP shapes, and from what the
 * driver itself reported); `seal()` gives each one pseudonym; the rewriting methods then replace every form
 * of it. Pseudonyms are an HMAC of the real value under a random key made for this recording and never
 * stored, so one real value has one pseudonym throughout the file and nowhere else.
 *
 * - MAC → a locally administered unicast MAC, written the way the original was (`aa:bb:…`, `AA-BB-…`,
 *   `aabb.ccdd.eeff`, `aabb-ccdd-eeff`, `aabb:ccdd:eeff`, 12 bare hex digits, 6 SNMP octets, 6 OID arcs).
 * - GPON serial `VEND12345678` (also `VEND:…`, `VEND-…`, 16 hex digits, 8 SNMP octets) → same vendor, other
 *   8 hex digits; other serials (the driver's, or labelled `Serial number :`, `"sn":`) → the same shape with
 *   other letters and digits.
 * - Host names (sysName, CLI prompts) → `olt-xxxxxx`; IPv4 other than loopback, 0/8, masks, multicast and
 *   broadcast → documentation addresses (192.0.2.x, 198.51.100.x, 203.0.113.x).
 * - Secrets (community, user names, passwords, the host as typed) → `<redacted>`.
 */
import { createHmac } from 'node:crypto';

export const REDACTED = '<redacted>';

export interface RedactionCounts {
  macs: number;
  serials: number;
  hostnames: number;
  ipv4: number;
  secrets: number;
}

const HEX = '[0-9A-Fa-f]';
/** Text forms of a MAC; each has exactly 12 hex digits. */
const MAC_FORMS: readonly RegExp[] = [
  new RegExp(`(?<![0-9A-Fa-f:-])${HEX}{2}([:-])${HEX}{2}(?:\\1${HEX}{2}){4}(?![0-9A-Fa-f:-])`, 'g'),
  // No hex-digit guard before the dotted form: BDCOM glues it to the ONU name (`EPON0/15:5410f7.a6c4.cfb6`).
  new RegExp(`(?<![.:])${HEX}{4}\\.${HEX}{4}\\.${HEX}{4}(?![0-9A-Fa-f.])`, 'g'),
  new RegExp(`(?<![0-9A-Fa-f:])${HEX}{4}:${HEX}{4}:${HEX}{4}(?![0-9A-Fa-f:])`, 'g'),
  new RegExp(`(?<![0-9A-Fa-f-])${HEX}{4}-${HEX}{4}-${HEX}{4}(?![0-9A-Fa-f-])`, 'g'),
];
/** 12 bare hex digits: a MAC only when that MAC was seen in another form. */
const BARE_MAC = new RegExp(`(?<![0-9A-Fa-f])${HEX}{12}(?![0-9A-Fa-f])`, 'g');
/** `HWTC6A1184B7`, `FHTT:6A1184B7`: a 4-letter vendor (not all hex letters) and 8 hex digits. */
const SERIAL_TEXT = new RegExp(`(?<![A-Za-z0-9])([A-Z]{4})([:-]?)(${HEX}{8})(?![A-Za-z0-9])`, 'g');
/** `485754436A1184B7`: the vendor's 4 ASCII letters in hex, then 8 hex digits. */
const SERIAL_HEX = new RegExp(`(?<![0-9A-Fa-f])${HEX}{16}(?![0-9A-Fa-f])`, 'g');
/** A value labelled as a serial (`Serial number : …`, `"sn":"…"`, `"onu_sn": "…"`): the OLT's own too. */
const LABELLED_SERIAL =
  /(?<![A-Za-z0-9])(?:serial(?:[ _-]?(?:number|num|no\.?))?|s\/n|sn)"?\s*[:=]\s*"?([A-Za-z0-9][A-Za-z0-9:-]{3,})/gi;
const IPV4 = /(?<![\w.])(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})(?!\w|\.\d)/g;
/** A dotted number right after these words is a version, not an address. */
const VERSION_BEFORE = /(?:version|ver\.?|firmware|software|hardware|fw|sw|hw|v)\s*[:=]?\s*$/i;

const isVendor = (v: string): boolean => /^[A-Z]{4}$/.test(v) && /[G-Z]/.test(v);
const hexDigits = (s: string): string => s.replace(/[^0-9A-Fa-f]/g, '').toLowerCase();

/** `fakeHex` written like `original`: its separators where they were, upper case when it was. */
function renderLike(original: string, fakeHex: string): string {
  const upper = /[A-F]/.test(original) && !/[a-f]/.test(original);
  let i = 0;
  return original.replace(/[0-9A-Fa-f]/g, () => {
    const c = (fakeHex[i++] ?? '0').toLowerCase();
    return upper ? c.toUpperCase() : c;
  });
}

/** Netmasks, 0/8, loopback, multicast and broadcast say nothing about where a device is. */
function keepsAddress(octets: readonly number[]): boolean {
  const [a] = octets;
  if (a === 0 || a === 127 || (a ?? 0) >= 224) return true;
  const n = octets.reduce((x, o) => x * 256 + o, 0);
  const inverted = 2 ** 32 - 1 - n;
  // A mask is ones then zeros: its complement plus one is a power of two.
  return ((inverted + 1) & inverted) === 0 && a === 255;
}

function parseIpv4(text: string): number[] | null {
  const parts = text.split('.');
  if (parts.length !== 4) return null;
  const nums = parts.map(Number);
  return nums.every((n, i) => /^\d{1,3}$/.test(parts[i] ?? '') && n <= 255) ? nums : null;
}

const FAKE_IP_BLOCKS = ['192.0.2', '198.51.100', '203.0.113'];

const escapeRe = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export class Pseudonymiser {
  private readonly macs = new Map<string, string>();
  private readonly serials = new Map<string, string>();
  /** Serials the driver reported that are not `VEND` + 8 hex: replaced as they are written. */
  private readonly freeSerials = new Map<string, string>();
  private readonly hosts = new Map<string, string>();
  private readonly ips = new Map<string, string>();
  private readonly secrets: string[];
  private secretHits = 0;
  private sealed = false;

  /**
   * @param key random bytes made for this recording only (never stored)
   * @param secrets what must not appear at all: community, user names, passwords, the host as typed
   */
  constructor(
    private readonly key: Buffer,
    secrets: readonly string[],
  ) {
    // Longest first, so a secret inside another is not cut first.
    this.secrets = [...new Set(secrets.filter((s) => s.length > 0))].sort((a, b) => b.length - a.length);
  }

  // ---- pass 1: find the real values ----------------------------------------------------------------

  noteMac(mac: string): void {
    const h = hexDigits(mac);
    // All zeros or all ones is the device's "no MAC", not a MAC.
    if (h.length === 12 && !/^(0{12}|f{12})$/.test(h) && !this.macs.has(h)) this.macs.set(h, '');
  }

  /** A serial as the driver reported it: `VEND` + 8 hex, or anything else (kept as a literal). */
  noteSerial(serial: string): void {
    const t = serial.trim();
    const m = /^([A-Za-z0-9]{4})[:-]?([0-9A-Fa-f]{8})$/.exec(t);
    if (m) this.serials.set(`${m[1]}${(m[2] as string).toUpperCase()}`, '');
    // Shorter ones would be replaced inside unrelated words.
    else if (t.length >= 6) this.freeSerials.set(t, '');
  }

  noteHostname(name: string): void {
    const t = name.trim();
    if (t.length > 0 && !this.secrets.includes(t)) this.hosts.set(t, '');
  }

  collectText(text: string): void {
    for (const re of MAC_FORMS) for (const m of text.matchAll(re)) this.noteMac(m[0]);
    for (const m of text.matchAll(SERIAL_TEXT)) if (isVendor(m[1] as string)) this.noteSerial(m[0]);
    for (const m of text.matchAll(LABELLED_SERIAL)) this.noteSerial(m[1] as string);
    for (const m of text.matchAll(SERIAL_HEX)) {
      const serial = serialFromHex(m[0]);
      if (serial) this.noteSerial(serial);
    }
    for (const m of text.matchAll(IPV4))
      this.noteIp(m[0], text.slice(Math.max(0, (m.index ?? 0) - 12), m.index));
  }

  /** Binary SNMP values: 6 octets are a MAC, 8 starting with a vendor's 4 letters a GPON serial. */
  collectOctets(b: Buffer): void {
    if (isText(b)) return this.collectText(withoutNulPadding(b).toString('utf8'));
    if (b.length === 6) this.noteMac(b.toString('hex'));
    else if (b.length === 8 && isVendorBytes(b)) this.noteSerial(binarySerial(b));
  }

  collectIp(ip: string): void {
    this.noteIp(ip, '');
  }

  private noteIp(ip: string, before: string): void {
    const o = parseIpv4(ip);
    if (!o || keepsAddress(o) || VERSION_BEFORE.test(before)) return;
    this.ips.set(o.join('.'), '');
  }

  // ---- seal: one pseudonym per real value ------------------------------------------------------------

  seal(): void {
    const used = new Set<string>([...this.macs.keys(), ...this.serials.keys(), ...this.freeSerials.keys()]);
    const fresh = (make: (n: number) => string): string => {
      for (let n = 0; ; n++) {
        const v = make(n);
        if (!used.has(v)) {
          used.add(v);
          return v;
        }
      }
    };
    for (const real of [...this.macs.keys()].sort())
      this.macs.set(
        real,
        fresh((n) => {
          const h = this.hmac('mac', real, n);
          return Buffer.from([((h[0] ?? 0) & 0xfc) | 0x02, ...h.subarray(1, 6)]).toString('hex');
        }),
      );
    for (const real of [...this.serials.keys()].sort())
      this.serials.set(
        real,
        fresh(
          (n) => real.slice(0, 4) + this.hmac('serial', real, n).subarray(0, 4).toString('hex').toUpperCase(),
        ),
      );
    for (const real of [...this.freeSerials.keys()].sort())
      this.freeSerials.set(
        real,
        fresh((n) => this.sameShape(real, n)),
      );
    for (const real of [...this.hosts.keys()].sort())
      this.hosts.set(
        real,
        fresh((n) => `olt-${this.hmac('host', real, n).subarray(0, 3).toString('hex')}`),
      );
    const reals = [...this.ips.keys()].sort();
    let next = 0;
    for (const real of reals)
      this.ips.set(
        real,
        fresh(() => {
          // The documentation blocks, then 10.255.x.y for a device with very many addresses.
          const i = next++;
          const block = FAKE_IP_BLOCKS[Math.floor(i / 254)];
          return block ? `${block}.${(i % 254) + 1}` : `10.255.${Math.floor(i / 254) % 256}.${(i % 254) + 1}`;
        }),
      );
    for (const r of reals) used.add(r);
    this.sealed = true;
  }

  private hmac(kind: string, real: string, n: number): Buffer {
    return createHmac('sha256', this.key).update(`${kind}\0${real}\0${n}`).digest();
  }

  /** Letters stay letters (case kept), digits digits; the first 4 letters (a vendor) and punctuation stay. */
  private sameShape(real: string, n: number): string {
    const h = this.hmac('serial', real, n);
    const vendor = /^[A-Za-z]{4}/.test(real) ? 4 : 0;
    return [...real]
      .map((c, i) => {
        const r = h[i % h.length] ?? 0;
        if (i < vendor) return c;
        if (/[0-9]/.test(c)) return String(r % 10);
        if (/[A-Z]/.test(c)) return String.fromCharCode(65 + (r % 26));
        if (/[a-z]/.test(c)) return String.fromCharCode(97 + (r % 26));
        return c;
      })
      .join('');
  }

  // ---- pass 2: rewrite -------------------------------------------------------------------------------

  text(input: string): string {
    this.assertSealed();
    let t = this.cutSecrets(input);
    for (const [real, fake] of this.hosts) {
      // Short names (`OLT`) are words of the output too: only whole tokens of 4 or more characters.
      if (real.length < 4) continue;
      t = t.replace(new RegExp(`(?<![A-Za-z0-9_.-])${escapeRe(real)}(?![A-Za-z0-9_-])`, 'g'), fake);
    }
    t = t.replace(SERIAL_TEXT, (m: string, v: string, sep: string, hex: string) => {
      const fake = isVendor(v) ? this.serials.get(`${v}${hex.toUpperCase()}`) : undefined;
      return fake ? `${v}${sep}${renderLike(hex, fake.slice(4))}` : m;
    });
    t = t.replace(SERIAL_HEX, (m) => {
      const real = serialFromHex(m);
      const fake = real ? this.serials.get(real) : undefined;
      return fake ? renderLike(m, m.slice(0, 8).toLowerCase() + fake.slice(4).toLowerCase()) : m;
    });
    for (const re of [...MAC_FORMS, BARE_MAC])
      t = t.replace(re, (m) => {
        const fake = this.macs.get(hexDigits(m));
        return fake ? renderLike(m, fake) : m;
      });
    for (const [real, fake] of [...this.freeSerials].sort((a, b) => b[0].length - a[0].length))
      t = t.split(real).join(fake);
    return t.replace(IPV4, (m: string, ...rest: unknown[]) => {
      const at = rest.find((x): x is number => typeof x === 'number') ?? 0;
      if (VERSION_BEFORE.test(t.slice(Math.max(0, at - 12), at))) return m;
      return this.ip(m);
    });
  }

  /** A value that is a host name (sysName) as a whole, whatever its length; other text as `text`. */
  hostname(value: string): string {
    return this.hosts.get(value.trim()) ?? this.text(value);
  }

  /** A CLI prompt: its host name is replaced whatever its length (`OLT#` → `olt-1a2b3c#`). */
  prompt(p: string): string {
    const host = /^([^\s#>(]+)/.exec(p)?.[1];
    const fake = host ? this.hosts.get(host) : undefined;
    return this.text(fake && host ? fake + p.slice(host.length) : p);
  }

  /** JSON of the web API: password-like fields are emptied of their value, then the text rules apply. */
  json(body: string): string {
    return this.text(
      body.replace(
        /("[^"]*(?:pass|pwd|secret|community)[^"]*"\s*:\s*)"((?:[^"\\]|\\.)+)"/gi,
        (_m, k: string) => {
          this.secretHits++;
          return `${k}"${REDACTED}"`;
        },
      ),
    );
  }

  octets(b: Buffer): Buffer {
    this.assertSealed();
    const asMac = b.length === 6 ? this.macs.get(b.toString('hex')) : undefined;
    if (asMac) return Buffer.from(asMac, 'hex');
    if (b.length === 8 && isVendorBytes(b)) {
      const fake = this.serials.get(binarySerial(b));
      if (fake) return Buffer.concat([b.subarray(0, 4), Buffer.from(fake.slice(4), 'hex')]);
    }
    if (!isText(b)) return b;
    const body = withoutNulPadding(b);
    return Buffer.concat([Buffer.from(this.text(body.toString('utf8')), 'utf8'), b.subarray(body.length)]);
  }

  /** OID arcs that spell a known MAC (6 arcs) or, at the end, a known IPv4 address (4 arcs). */
  oid(oid: string): string {
    this.assertSealed();
    const arcs = oid.split('.').map(Number);
    for (let i = 0; i + 6 <= arcs.length; i++) {
      const w = arcs.slice(i, i + 6);
      if (!w.every((a) => a <= 255)) continue;
      const fake = this.macs.get(Buffer.from(w).toString('hex'));
      if (fake) arcs.splice(i, 6, ...Buffer.from(fake, 'hex'));
    }
    const tail = arcs.slice(-4).join('.');
    const fakeIp = arcs.length > 4 ? this.ips.get(tail) : undefined;
    if (fakeIp) arcs.splice(arcs.length - 4, 4, ...fakeIp.split('.').map(Number));
    return arcs.join('.');
  }

  ip(ip: string): string {
    this.assertSealed();
    return this.ips.get(ip) ?? ip;
  }

  counts(): RedactionCounts {
    return {
      macs: this.macs.size,
      serials: this.serials.size + this.freeSerials.size,
      hostnames: this.hosts.size,
      ipv4: this.ips.size,
      secrets: this.secretHits,
    };
  }

  private cutSecrets(t: string): string {
    let out = t;
    for (const s of this.secrets) {
      // Very short secrets are common words and digits: cut them only where they stand alone.
      const re =
        s.length >= 4
          ? new RegExp(escapeRe(s), 'g')
          : new RegExp(`(?<![A-Za-z0-9_])${escapeRe(s)}(?![A-Za-z0-9_])`, 'g');
      out = out.replace(re, () => {
        this.secretHits++;
        return REDACTED;
      });
    }
    return out;
  }

  private assertSealed(): void {
    if (!this.sealed) throw new Error('Pseudonymiser: seal() before rewriting');
  }
}

/** Trailing NULs: some firmware pads its strings with them. */
function withoutNulPadding(b: Buffer): Buffer {
  let end = b.length;
  while (end > 0 && b[end - 1] === 0) end--;
  return b.subarray(0, end);
}

/** Printable ASCII or UTF-8 (tabs and line breaks allowed, NUL padding ignored), not a binary value. */
function isText(raw: Buffer): boolean {
  const b = withoutNulPadding(raw);
  if (b.length === 0 || b.some((c) => (c < 0x20 && c !== 9 && c !== 10 && c !== 13) || c === 0x7f))
    return false;
  return b.every((c) => c < 0x80) || Buffer.from(b.toString('utf8'), 'utf8').equals(b);
}

function isVendorBytes(b: Buffer): boolean {
  return isVendor(b.subarray(0, 4).toString('latin1'));
}

function binarySerial(b: Buffer): string {
  return b.subarray(0, 4).toString('latin1') + b.subarray(4, 8).toString('hex').toUpperCase();
}

/** `485754436A1184B7` → `HWTC6A1184B7` when the first 4 bytes are a vendor's letters; else null. */
function serialFromHex(hex: string): string | null {
  const vendor = Buffer.from(hex.slice(0, 8), 'hex').toString('latin1');
  return isVendor(vendor) ? vendor + hex.slice(8).toUpperCase() : null;
}
