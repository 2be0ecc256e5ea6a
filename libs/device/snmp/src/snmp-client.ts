import * as snmp from 'net-snmp';
import type { RawVarbind, Session } from 'net-snmp';
import { SnmpError, SnmpErrorCode } from './snmp.exception';
import { compareOids, indexOf, isUnder, normalizeOid } from './oid';
import { isEndMarker, toSnmpValue, type SnmpValue, type SnmpVarbind } from './snmp-value';
import { currentSnmpObserver, reportAnswer } from './snmp-observer';

export type SnmpVersion = 'v1' | 'v2c' | 'v3';

export interface SnmpV3Credentials {
  user: string;
  authProtocol: 'md5' | 'sha' | 'sha224' | 'sha256' | 'sha384' | 'sha512';
  authKey: string;
  privProtocol: 'des' | 'aes' | 'aes256b' | 'aes256r';
  privKey: string;
}

export interface SnmpTarget {
  host: string;
  port?: number;
  version?: SnmpVersion;
  community?: string;
  /** Required for v3; authPriv is the only level we speak. */
  v3?: SnmpV3Credentials;
  /** SNMPv3 context name (snmpsim selects the recording by it). */
  context?: string;
  /** Per request, before a retry. */
  timeoutMs?: number;
  retries?: number;
  /** Default GETBULK max-repetitions (per request, shared by the columns of a multi-column walk). */
  maxRepetitions?: number;
}

export interface WalkOptions {
  maxRepetitions?: number;
  /** Hard cap on varbinds per walk: protects against agents that never end a table. */
  maxVarbinds?: number;
}

export interface WalkResult {
  /** Column root → (index → value), in the order the agent returned them. */
  columns: Map<string, Map<string, SnmpValue>>;
  /** Columns the agent ended with out-of-order or repeated OIDs (walk stopped there instead of looping). */
  truncated: string[];
}

export interface SnmpStats {
  requests: number;
  varbinds: number;
}

const DEFAULT_TIMEOUT = 3000;
const DEFAULT_RETRIES = 1;
const DEFAULT_MAX_REPS = 40;
const ERR_TOO_BIG = 1;
const ERR_NO_SUCH_NAME = 2;
const ERR_AUTHORIZATION = 16;

/**
 * One SNMP session to one agent. Requests may run concurrently (net-snmp matches responses by request id);
 * every failure is a typed `SnmpError` raised within timeout × (retries + 1).
 */
/** Error-status names as the Net-SNMP tools print them (RFC 3416 numbering; RFC 3416 spells 5 `genErr`). */
const SET_STATUS_NAMES = [
  'noError',
  'tooBig',
  'noSuchName',
  'badValue',
  'readOnly',
  'genError',
  'noAccess',
  'wrongType',
  'wrongLength',
  'wrongEncoding',
  'wrongValue',
  'noCreation',
  'inconsistentValue',
  'resourceUnavailable',
  'commitFailed',
  'undoFailed',
  'authorizationError',
  'notWritable',
  'inconsistentName',
] as const;

/** The agent answered a SET with an error status: the write was refused, not lost. */
export class SnmpSetRefusedError extends SnmpError {
  constructor(
    code: SnmpErrorCode,
    /** The status name (`genError`, `notWritable`…). */
    readonly status: string,
    /** The OID the agent pointed at (its error index), when it named one. */
    readonly oid: string | null,
    target: string,
    cause: unknown,
  ) {
    super(code, `${target} refused the SET${oid ? ` of ${oid}` : ''}: ${status}`, target, cause);
    this.name = 'SnmpSetRefusedError';
  }
}

/** A mapped SET failure that carries the agent's error status, as an `SnmpSetRefusedError`; else null. */
function setRefusal(e: unknown): SnmpSetRefusedError | null {
  if (!(e instanceof SnmpError) || !(e.cause instanceof Error)) return null;
  const status = (e.cause as Error & { status?: unknown }).status;
  if (typeof status !== 'number' || status <= 0) return null;
  // net-snmp writes `<Status>: <oid>` when the error index points at a varbind.
  const oid = /:\s*\.?(\d+(?:\.\d+)+)\s*$/.exec(e.cause.message)?.[1] ?? null;
  return new SnmpSetRefusedError(e.code, SET_STATUS_NAMES[status] ?? String(status), oid, e.target, e.cause);
}

export class SnmpClient {
  readonly stats: SnmpStats = { requests: 0, varbinds: 0 };
  private readonly session: Session;
  private readonly label: string;
  private readonly version: SnmpVersion;
  private readonly maxReps: number;
  private readonly timeoutMs: number;
  private readonly retries: number;
  private closed = false;
  private sessionError: Error | null = null;
  /** Recording hook (`ponctl record`); null unless the client was made inside `observeSnmp`. */
  private readonly observer = currentSnmpObserver();

  constructor(readonly target: SnmpTarget) {
    this.version = target.version ?? 'v2c';
    this.timeoutMs = target.timeoutMs ?? DEFAULT_TIMEOUT;
    this.retries = target.retries ?? DEFAULT_RETRIES;
    this.maxReps = target.maxRepetitions ?? DEFAULT_MAX_REPS;
    const port = target.port ?? 161;
    this.label = `${target.host}:${port}`;
    const options = {
      port,
      timeout: this.timeoutMs,
      retries: this.retries,
      transport: target.host.includes(':') ? ('udp6' as const) : ('udp4' as const),
      backwardsGetNexts: true,
      reportOidMismatchErrors: false,
      idBitsSize: 32 as const,
    };
    if (this.version === 'v3') {
      const c = target.v3;
      if (!c)
        throw new SnmpError(SnmpErrorCode.AUTH, 'SNMPv3 needs user, auth and priv credentials', this.label);
      this.session = snmp.createV3Session(
        target.host,
        {
          name: c.user,
          level: snmp.SecurityLevel.authPriv,
          authProtocol: snmp.AuthProtocols[c.authProtocol],
          authKey: c.authKey,
          privProtocol: snmp.PrivProtocols[c.privProtocol],
          privKey: c.privKey,
        },
        { ...options, version: snmp.Version3, context: target.context ?? '' },
      );
    } else {
      this.session = snmp.createSession(target.host, target.community ?? 'public', {
        ...options,
        version: this.version === 'v1' ? snmp.Version1 : snmp.Version2c,
      });
    }
    // net-snmp reports undecodable datagrams and socket errors here; an unhandled 'error' would crash the
    // process. The request waiting for that answer then times out, and says why (see `request`).
    this.session.on('error', (err: Error) => {
      this.sessionError = err;
    });
  }

  /** GET of scalar or instance OIDs; missing instances come back as noSuchObject/noSuchInstance values. */
  async get(oids: readonly string[]): Promise<SnmpVarbind[]> {
    const wanted = oids.map(normalizeOid);
    if (this.version === 'v1') {
      // v1 fails the whole PDU on one missing OID: fetch one by one so the others survive.
      const out: SnmpVarbind[] = [];
      for (const oid of wanted) {
        try {
          const [vb] = await this.request<RawVarbind[]>((cb) => this.session.get([oid], cb));
          out.push({ oid, value: toSnmpValue(vb) });
        } catch (e) {
          if (e instanceof SnmpError && e.code === SnmpErrorCode.NO_SUCH_NAME)
            out.push({ oid, value: { type: 'noSuchObject' } });
          else throw e;
        }
      }
      return out;
    }
    const vbs = await this.request<RawVarbind[]>((cb) => this.session.get(wanted, cb));
    this.stats.varbinds += vbs.length;
    return vbs.map((vb, i) => ({ oid: wanted[i], value: toSnmpValue(vb) }));
  }

  /** GET returning a map keyed by the requested OID, without the "no such" markers. */
  async getMap(oids: readonly string[]): Promise<Map<string, SnmpValue>> {
    const out = new Map<string, SnmpValue>();
    for (const vb of await this.get(oids)) if (!isEndMarker(vb.value)) out.set(vb.oid, vb.value);
    return out;
  }

  /** GETNEXT: the first instance after each OID (used to probe whether a table exists). */
  async getNext(oids: readonly string[]): Promise<SnmpVarbind[]> {
    const wanted = oids.map(normalizeOid);
    if (this.version === 'v1') {
      const rows = await this.getNextV1(wanted);
      return rows.map((r) => ({ oid: normalizeOid(r[0].oid), value: toSnmpValue(r[0]) }));
    }
    const vbs = await this.request<RawVarbind[]>((cb) => this.session.getNext(wanted, cb));
    return vbs.map((vb) => ({ oid: normalizeOid(vb.oid), value: toSnmpValue(vb) }));
  }

  /** True when the agent has at least one instance below `root`. */
  async hasSubtree(root: string): Promise<boolean> {
    const r = normalizeOid(root);
    const [vb] = await this.getNext([r]);
    return vb !== undefined && !isEndMarker(vb.value) && isUnder(vb.oid, r);
  }

  /** Walk one subtree. */
  async walk(root: string, options: WalkOptions = {}): Promise<SnmpVarbind[]> {
    const r = normalizeOid(root);
    const res = await this.walkColumns([r], options);
    const out: SnmpVarbind[] = [];
    for (const [index, value] of res.columns.get(r) ?? []) out.push({ oid: `${r}.${index}`, value });
    return out;
  }

  /**
   * Walk several table columns at once: each GETBULK carries every unfinished column, so a 10-column table costs
   * about as many round trips as one column. A column ends at endOfMibView, when the agent leaves its subtree,
   * or when it stops making progress (out-of-order or repeated OIDs) — never loops.
   */
  async walkColumns(roots: readonly string[], options: WalkOptions = {}): Promise<WalkResult> {
    interface Column {
      root: string;
      values: Map<string, SnmpValue>;
      cursor: string;
    }
    const all: Column[] = roots.map((raw) => {
      const root = normalizeOid(raw);
      return { root, values: new Map(), cursor: root };
    });
    const truncated: string[] = [];
    const maxVarbinds = options.maxVarbinds ?? 5_000_000;
    let total = 0;
    let reps = options.maxRepetitions ?? this.maxReps;
    let active = all;

    while (active.length > 0) {
      let rows: RawVarbind[][];
      if (this.version === 'v1') {
        rows = await this.getNextV1(active.map((c) => c.cursor));
      } else {
        // Keep responses bounded when many columns share one request.
        const perReq = Math.max(1, Math.floor(reps / Math.max(1, Math.ceil(active.length / 4))));
        try {
          const res = await this.request<(RawVarbind | RawVarbind[])[]>((cb) =>
            this.session.getBulk(
              active.map((c) => c.cursor),
              0,
              perReq,
              cb,
            ),
          );
          rows = res.map((x) => (Array.isArray(x) ? x : [x]));
        } catch (e) {
          // tooBig: ask for less and try again instead of failing the walk.
          if (
            e instanceof SnmpError &&
            e.code === SnmpErrorCode.REQUEST_FAILED &&
            /tooBig/i.test(e.message) &&
            reps > 1
          ) {
            reps = Math.max(1, Math.floor(reps / 2));
            continue;
          }
          throw e;
        }
      }

      const next: Column[] = [];
      active.forEach((col, i) => {
        const got = rows[i] ?? [];
        let progressed = false;
        let finished = false;
        for (const vb of got) {
          // The end of the column may arrive before rows an out-of-order agent puts later in the batch,
          // so finish the batch before ending the column.
          if (snmp.isVarbindError(vb)) {
            finished = true;
            continue;
          }
          const oid = normalizeOid(vb.oid);
          if (!isUnder(oid, col.root)) {
            finished = true;
            continue;
          }
          // Out of order or repeated: keep a row we have not seen, but never move the cursor back;
          // if nothing moves forward the column ends below (no loop).
          // Both lie under the column's root (the cursor is the root itself until the first row).
          if (col.cursor !== col.root && compareOids(oid, col.cursor, col.root.length + 1) <= 0) {
            const index = indexOf(oid, col.root);
            if (!col.values.has(index)) col.values.set(index, toSnmpValue(vb));
            continue;
          }
          col.values.set(indexOf(oid, col.root), toSnmpValue(vb));
          col.cursor = oid;
          progressed = true;
          total++;
        }
        if (finished) return;
        if (!progressed) {
          if (got.length > 0) truncated.push(col.root);
          return;
        }
        next.push(col);
      });
      if (total > maxVarbinds) {
        throw new SnmpError(SnmpErrorCode.WALK_LIMIT, `walk exceeded ${maxVarbinds} varbinds`, this.label);
      }
      this.stats.varbinds += rows.reduce((n, r) => n + r.length, 0);
      active = next;
    }
    return { columns: new Map(all.map((c) => [c.root, c.values])), truncated };
  }

  /**
   * SET one or more typed values in one request (ONU reboot and delete OIDs). An answer with an error status
   * (genError, noAccess, notWritable, wrongValue…) is an `SnmpSetRefusedError` naming the status and the OID.
   */
  async set(
    varbinds: readonly { oid: string; type: 'integer' | 'octets'; value: number | string }[],
  ): Promise<void> {
    const raw: RawVarbind[] = varbinds.map((v) => ({
      oid: normalizeOid(v.oid),
      type: v.type === 'integer' ? snmp.ObjectType.Integer : snmp.ObjectType.OctetString,
      value: v.value,
    }));
    let answer: RawVarbind[];
    try {
      answer = await this.request<RawVarbind[]>((cb) => this.session.set(raw, cb));
    } catch (e) {
      throw setRefusal(e) ?? e;
    }
    // Some agents answer a SET of an object they lack with noSuchObject/noSuchInstance and no error status:
    // nothing was written, so that is a refusal too.
    for (const [i, vb] of answer.entries()) {
      const v = toSnmpValue(vb);
      if (isEndMarker(v))
        throw new SnmpSetRefusedError(
          SnmpErrorCode.REQUEST_FAILED,
          v.type,
          raw[i]?.oid ?? null,
          this.label,
          null,
        );
    }
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    try {
      this.session.close();
    } catch {
      // already closed by a socket error
    }
  }

  private async getNextV1(oids: string[]): Promise<RawVarbind[][]> {
    const out: RawVarbind[][] = [];
    for (const oid of oids) {
      try {
        const [vb] = await this.request<RawVarbind[]>((cb) => this.session.getNext([oid], cb));
        out.push([vb]);
      } catch (e) {
        // v1 signals the end of the MIB with noSuchName.
        if (e instanceof SnmpError && e.code === SnmpErrorCode.NO_SUCH_NAME) out.push([]);
        else throw e;
      }
    }
    return out.map((r) => (r.length === 0 ? [{ oid: '0.0', type: 130, value: null }] : r));
  }

  private request<T>(send: (cb: (error: Error | null, result?: T) => void) => void): Promise<T> {
    if (this.closed)
      return Promise.reject(
        new SnmpError(SnmpErrorCode.CLOSED, `session to ${this.label} is closed`, this.label),
      );
    this.stats.requests++;
    return new Promise<T>((resolve, reject) => {
      try {
        send((error, result) => {
          // A garbage datagram poisons only the request it stood in for, never the session.
          const garbage = this.sessionError;
          this.sessionError = null;
          if (error && error.name === 'RequestTimedOutError' && garbage) {
            reject(
              new SnmpError(
                SnmpErrorCode.INVALID_RESPONSE,
                `no valid SNMP response from ${this.label} within ${this.timeoutMs * (this.retries + 1)} ms (undecodable answer: ${garbage.message})`,
                this.label,
                garbage,
              ),
            );
          } else if (error) reject(this.mapError(error));
          else {
            if (this.observer) reportAnswer(this.observer, result);
            resolve(result as T);
          }
        });
      } catch (e) {
        reject(this.mapError(e));
      }
    });
  }

  private mapError(e: unknown): SnmpError {
    if (e instanceof SnmpError) return e;
    const err = e instanceof Error ? e : new Error(String(e));
    const name = err.name;
    const total = this.timeoutMs * (this.retries + 1);
    if (name === 'RequestTimedOutError') {
      const hint =
        this.version === 'v3'
          ? 'wrong credentials or host unreachable'
          : 'wrong community or host unreachable';
      return new SnmpError(
        SnmpErrorCode.TIMEOUT,
        `no SNMP response from ${this.label} within ${total} ms (${hint})`,
        this.label,
        err,
      );
    }
    if (name === 'RequestFailedError') {
      const status = (err as Error & { status?: number }).status;
      if (status === ERR_NO_SUCH_NAME)
        return new SnmpError(SnmpErrorCode.NO_SUCH_NAME, `noSuchName from ${this.label}`, this.label, err);
      if (status === ERR_AUTHORIZATION)
        return new SnmpError(SnmpErrorCode.AUTH, `authorization error from ${this.label}`, this.label, err);
      const text = status === ERR_TOO_BIG ? 'tooBig' : (snmp.ErrorStatus[status ?? -1] ?? String(status));
      return new SnmpError(
        SnmpErrorCode.REQUEST_FAILED,
        `${text} from ${this.label}: ${err.message}`,
        this.label,
        err,
      );
    }
    if (/Socket forcibly closed/.test(err.message)) {
      return new SnmpError(SnmpErrorCode.CLOSED, `session to ${this.label} was closed`, this.label, err);
    }
    if (
      /unknown(UserName|EngineID)|wrongDigest|decryption|authentication|notInTimeWindow|usmStats/i.test(
        err.message,
      )
    ) {
      return new SnmpError(
        SnmpErrorCode.AUTH,
        `SNMPv3 authentication failed at ${this.label}: ${err.message}`,
        this.label,
        err,
      );
    }
    if (
      /ENOTFOUND|EHOSTUNREACH|ENETUNREACH|ECONNREFUSED|EAI_AGAIN|EADDRNOTAVAIL/.test(err.message) ||
      (name === 'Error' && /send|getaddrinfo/.test(err.message))
    ) {
      return new SnmpError(
        SnmpErrorCode.UNREACHABLE,
        `cannot reach ${this.label}: ${err.message}`,
        this.label,
        err,
      );
    }
    if (name === 'ResponseInvalidError') {
      return new SnmpError(
        SnmpErrorCode.INVALID_RESPONSE,
        `invalid SNMP response from ${this.label}: ${err.message}`,
        this.label,
        err,
      );
    }
    return new SnmpError(
      SnmpErrorCode.REQUEST_FAILED,
      `SNMP request to ${this.label} failed: ${err.message}`,
      this.label,
      err,
    );
  }
}
