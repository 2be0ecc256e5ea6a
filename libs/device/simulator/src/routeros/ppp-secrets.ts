/**
 * A router's `/ppp/secret` menu: print, add, set and remove over the API, with RouterOS's answers (`=ret=*N`
 * for an add, a trap naming the failure otherwise). Passwords are kept but never printed, as for an API user
 * without the `sensitive` policy; the control API shows them to tests.
 */
import type { RouterOsRow } from '@pondesk/device-routeros';
import { done, trap, TRAP, type ApiOutcome } from './api-menus';
import { itemId, parseItemId, parseRouterOsBool, routerOsBool } from './routeros-values';

/** What `service` takes. */
export const PPP_SERVICES = ['any', 'async', 'l2tp', 'ovpn', 'pppoe', 'pptp', 'sstp'] as const;

export const DUPLICATE_SECRET = 'failure: secret with the same name already exists';

export interface PppSecret {
  id: string;
  name: string;
  password: string;
  service: string;
  profile: string;
  callerId: string;
  localAddress: string;
  remoteAddress: string;
  routes: string;
  limitBytesIn: string;
  limitBytesOut: string;
  disabled: boolean;
  comment: string | null;
}

type Editable = Omit<PppSecret, 'id'>;

/** API property → field, for add and set. */
const FIELDS: Record<string, keyof Editable> = {
  name: 'name',
  password: 'password',
  service: 'service',
  profile: 'profile',
  'caller-id': 'callerId',
  'local-address': 'localAddress',
  'remote-address': 'remoteAddress',
  routes: 'routes',
  'limit-bytes-in': 'limitBytesIn',
  'limit-bytes-out': 'limitBytesOut',
  disabled: 'disabled',
  comment: 'comment',
};

export interface PppSecretTableOptions {
  /** The PPP profiles a secret may name. */
  profiles(): readonly string[];
  /** A secret was added (the concentrator dials it in by itself when asked to). */
  onAdd?(secret: PppSecret): void;
}

export class PppSecretTable {
  private readonly items = new Map<string, PppSecret>();
  private nextId = 1;

  constructor(private readonly opts: PppSecretTableOptions) {}

  get size(): number {
    return this.items.size;
  }

  list(): PppSecret[] {
    return [...this.items.values()].map((s) => ({ ...s }));
  }

  byName(name: string): PppSecret | null {
    for (const s of this.items.values()) if (s.name === name) return { ...s };
    return null;
  }

  byId(id: string): PppSecret | null {
    const s = this.items.get(id);
    return s ? { ...s } : null;
  }

  rows(): RouterOsRow[] {
    return [...this.items.values()].map((s) => ({
      '.id': s.id,
      name: s.name,
      service: s.service,
      'caller-id': s.callerId,
      profile: s.profile,
      'local-address': s.localAddress,
      'remote-address': s.remoteAddress,
      routes: s.routes,
      'limit-bytes-in': s.limitBytesIn,
      'limit-bytes-out': s.limitBytesOut,
      disabled: routerOsBool(s.disabled),
      ...(s.comment === null ? {} : { comment: s.comment }),
    }));
  }

  /** `/ppp/secret/add`: `!done =ret=*N`, or a trap. */
  add(args: Readonly<Record<string, string>>): ApiOutcome {
    const fields = this.fieldsOf(args);
    if (typeof fields === 'string') return trap(fields, TRAP.argument);
    const name = fields.name;
    if (name === undefined || name === '') return trap('failure: secret must have a name', TRAP.argument);
    if (this.byName(name)) return trap(DUPLICATE_SECRET);
    const secret = this.make({ ...fields, name });
    this.items.set(secret.id, secret);
    this.opts.onAdd?.({ ...secret });
    return done(secret.id);
  }

  /** A new secret with RouterOS's defaults for what `fields` leaves out. */
  private make(fields: Partial<Editable> & { name: string }): PppSecret {
    return {
      id: itemId(this.nextId++),
      password: '',
      service: 'any',
      profile: 'default',
      callerId: '',
      localAddress: '',
      remoteAddress: '',
      routes: '',
      limitBytesIn: '0',
      limitBytesOut: '0',
      disabled: false,
      comment: null,
      ...fields,
    };
  }

  /** Secrets added without the API (a router's configuration at start). */
  seed(fields: Partial<Editable> & { name: string }): PppSecret {
    const secret = this.make(fields);
    this.items.set(secret.id, secret);
    return { ...secret };
  }

  /** `/ppp/secret/set` `=.id=*N` (or `numbers`) and the properties to change. */
  set(args: Readonly<Record<string, string>>): ApiOutcome {
    const { '.id': id, numbers, '.numbers': dotNumbers, ...rest } = args;
    const targets = this.resolve(id ?? numbers ?? dotNumbers);
    if (typeof targets === 'string')
      return trap(targets, targets === NO_SUCH_ITEM ? TRAP.missing : TRAP.argument);
    const fields = this.fieldsOf(rest);
    if (typeof fields === 'string') return trap(fields, TRAP.argument);
    if (fields.name !== undefined) {
      if (fields.name === '') return trap('failure: secret must have a name', TRAP.argument);
      const other = this.byName(fields.name);
      if (other && (targets.length > 1 || other.id !== targets[0]?.id)) return trap(DUPLICATE_SECRET);
    }
    for (const s of targets) Object.assign(s, fields);
    return done();
  }

  /** `/ppp/secret/remove` `=.id=*N` or `=numbers=*1,*2` (names are taken too). */
  remove(args: Readonly<Record<string, string>>): ApiOutcome {
    const targets = this.resolve(args['.id'] ?? args['numbers'] ?? args['.numbers']);
    if (typeof targets === 'string')
      return trap(targets, targets === NO_SUCH_ITEM ? TRAP.missing : TRAP.argument);
    for (const s of targets) this.items.delete(s.id);
    return done();
  }

  /** The items an id list names (`*1,*2`, or names), or the message of a trap. */
  private resolve(list: string | undefined): PppSecret[] | string {
    if (list === undefined || list.trim() === '') return 'missing =.id= (or =numbers=)';
    const out: PppSecret[] = [];
    for (const raw of list.split(',')) {
      const ref = raw.trim();
      const n = parseItemId(ref);
      const byId = n !== null ? this.items.get(itemId(n)) : undefined;
      const s = byId ?? [...this.items.values()].find((x) => x.name === ref);
      if (!s) return NO_SUCH_ITEM;
      out.push(s);
    }
    return out;
  }

  /** The fields an add or set gives, checked as RouterOS checks them, or the message of a trap. */
  private fieldsOf(args: Readonly<Record<string, string>>): Partial<Editable> | string {
    const out: Partial<Editable> = {};
    for (const [key, value] of Object.entries(args)) {
      const field = FIELDS[key];
      if (!field) return `unknown parameter ${key}`;
      if (field === 'disabled') {
        const b = parseRouterOsBool(value);
        if (b === null) return 'value of disabled must be yes or no';
        out.disabled = b;
      } else if (field === 'service') {
        if (!(PPP_SERVICES as readonly string[]).includes(value))
          return 'input does not match any value of service';
        out.service = value;
      } else if (field === 'profile') {
        if (!this.opts.profiles().includes(value)) return 'input does not match any value of profile';
        out.profile = value;
      } else if (field === 'comment') out.comment = value;
      else out[field] = value;
    }
    return out;
  }
}

export const NO_SUCH_ITEM = 'no such item';

/**
 * A `/ppp/profile` row as RouterOS prints one, with its defaults; `builtIn` for the two profiles every router
 * has (`default`, `default-encryption`).
 */
export function pppProfileRow(
  id: number,
  name: string,
  builtIn: boolean,
  extra: RouterOsRow = {},
): RouterOsRow {
  return {
    '.id': itemId(id),
    name,
    'local-address': '',
    'remote-address': '',
    'use-mpls': 'default',
    'use-compression': 'default',
    'use-encryption': 'default',
    'only-one': 'default',
    'change-tcp-mss': 'yes',
    'use-upnp': 'default',
    'address-list': '',
    'on-up': '',
    'on-down': '',
    default: routerOsBool(builtIn),
    ...extra,
  };
}
