/**
 * One simulated device's SNMP endpoint: net-snmp's agent does the UDP socket, BER decoding, community check
 * and response encoding; requests are answered from a VirtualMib instead of net-snmp's in-memory MIB tree
 * (which would hold millions of nodes for the bench fleet and could not follow the time-varying state).
 */
import * as snmp from 'net-snmp';
import { Asn, SetStatus, type MibCursor, type VirtualMib, type Varbind } from './virtual-mib';
import { delay } from '../model/device-faults';
import { AnswerPacer, type DeviceLink } from '../model/device-link';

/** The slice of net-snmp's agent internals this wrapper drives (the package ships no typings). */
interface RequestPdu {
  type: number;
  varbinds: { oid: string; type?: number; value?: unknown }[];
  nonRepeaters?: number;
  maxRepetitions?: number;
  getResponsePduForRequest(): ResponsePdu;
}
interface ResponsePdu {
  varbinds: Varbind[];
  errorStatus: number;
  errorIndex: number;
}
interface RequestMessage {
  pdu: RequestPdu;
  community?: string;
}
type Handler = (socket: unknown, message: RequestMessage, rinfo: unknown) => void;
interface NetSnmpAgent {
  getAuthorizer(): {
    addCommunity(c: string): void;
    deleteCommunity(c: string): void;
    getCommunities(): string[];
  };
  getRequest: Handler;
  getNextRequest: Handler;
  getBulkRequest: Handler;
  setRequest: Handler;
  sendResponse(socket: unknown, rinfo: unknown, message: RequestMessage, pdu: ResponsePdu): void;
  close(cb?: () => void): void;
  listener: {
    sockets?: Record<
      string,
      { address(): { port: number }; once(e: string, cb: (err?: Error) => void): void }
    >;
  };
}
interface NetSnmpAgentApi {
  createAgent(
    options: {
      port: number;
      address: string;
      disableAuthorization?: boolean;
      accessControlModelType?: number;
    },
    callback: (error: Error | null) => void,
  ): NetSnmpAgent;
  AccessControlModelType: { None: number };
}

const api = snmp as unknown as NetSnmpAgentApi;

/** Keep answers under a UDP datagram: real agents also shorten GETBULK replies. */
const MAX_RESPONSE_BYTES = 60_000;
const MAX_RESPONSE_VARBINDS = 1_500;

export interface SnmpEndpointOptions {
  host: string;
  port: number;
  community: string;
  mib: VirtualMib;
  /** Checked on every request: off the air / unreachable → no answer at all. */
  isReachable(): boolean;
  slowMs(): number;
  /** Round trip and answer-rate cap (none when omitted). */
  link?(): DeviceLink;
}

export class SnmpEndpoint {
  private agent: NetSnmpAgent | null = null;
  private wrongCommunity = false;
  /** Requests answered (tests and the control API's stats). */
  answered = 0;
  private readonly pacer: AnswerPacer;

  constructor(private readonly opts: SnmpEndpointOptions) {
    this.pacer = new AnswerPacer(() => this.opts.link?.().varbindsPerSecond ?? 0);
  }

  get port(): number {
    return this.opts.port;
  }

  async start(): Promise<void> {
    const agent = api.createAgent(
      {
        port: this.opts.port,
        address: this.opts.host,
        accessControlModelType: api.AccessControlModelType.None,
      },
      () => {
        // Unknown communities and malformed packets end here; a real device ignores them silently.
      },
    );
    agent.getAuthorizer().addCommunity(this.opts.community);
    const answer =
      (mode: 'get' | 'next' | 'bulk' | 'set'): Handler =>
      (socket, message, rinfo) => {
        void this.answer(agent, mode, socket, message, rinfo);
      };
    agent.getRequest = answer('get');
    agent.getNextRequest = answer('next');
    agent.getBulkRequest = answer('bulk');
    agent.setRequest = answer('set');
    this.agent = agent;
    await waitListening(agent);
  }

  /** Fault: the device's community changed, so the advertised one is ignored. */
  setWrongCommunity(on: boolean): void {
    if (!this.agent || on === this.wrongCommunity) return;
    const auth = this.agent.getAuthorizer();
    const real = this.opts.community;
    const changed = `${real}-changed`;
    if (on) {
      auth.deleteCommunity(real);
      auth.addCommunity(changed);
    } else {
      auth.deleteCommunity(changed);
      auth.addCommunity(real);
    }
    this.wrongCommunity = on;
  }

  async stop(): Promise<void> {
    const a = this.agent;
    this.agent = null;
    if (a) await new Promise<void>((resolve) => a.close(() => resolve()));
  }

  private async answer(
    agent: NetSnmpAgent,
    mode: 'get' | 'next' | 'bulk' | 'set',
    socket: unknown,
    message: RequestMessage,
    rinfo: unknown,
  ): Promise<void> {
    if (!this.opts.isReachable()) return;
    const halfRtt = (this.opts.link?.().rttMs ?? 0) / 2;
    await delay(this.opts.slowMs() + halfRtt);
    if (!this.opts.isReachable() || this.agent !== agent) return;
    const pdu = message.pdu;
    const response = pdu.getResponsePduForRequest();
    response.errorStatus = 0;
    response.errorIndex = 0;
    const mib = this.opts.mib;
    const reqs = pdu.varbinds;
    if (mode === 'get') {
      response.varbinds = reqs.map((vb) => mib.get(vb.oid));
    } else if (mode === 'next') {
      response.varbinds = reqs.map((vb) => mib.getNext(vb.oid) ?? endOfMib(vb.oid));
    } else if (mode === 'bulk') {
      response.varbinds = bulk(
        mib,
        reqs.map((v) => v.oid),
        pdu.nonRepeaters ?? 0,
        pdu.maxRepetitions ?? 10,
      );
    } else {
      response.varbinds = reqs.map((vb) => ({ oid: vb.oid, type: vb.type ?? Asn.Null, value: vb.value }));
      for (let i = 0; i < reqs.length; i++) {
        const vb = reqs[i] as { oid: string; value?: unknown };
        const status = mib.set(vb.oid, vb.value);
        if (status !== SetStatus.ok) {
          response.errorStatus = status;
          response.errorIndex = i + 1;
          break;
        }
      }
    }
    // The device's CPU produces this answer after those already promised, then it travels back.
    await delay(this.pacer.reserve(response.varbinds.length) + halfRtt);
    if (!this.opts.isReachable() || this.agent !== agent) return;
    this.answered++;
    try {
      agent.sendResponse(socket, rinfo, message, response);
    } catch {
      // An unencodable value must not take the whole fleet down; the manager sees a timeout, as with a real bug.
    }
  }
}

function endOfMib(oid: string): Varbind {
  return { oid, type: Asn.EndOfMibView, value: null };
}

/** RFC 3416 §4.2.3: non-repeaters once, then up to M rounds over the repeaters, shortened to fit a datagram. */
export function bulk(
  mib: VirtualMib,
  oids: string[],
  nonRepeaters: number,
  maxRepetitions: number,
): Varbind[] {
  const out: Varbind[] = [];
  const n = Math.max(0, Math.min(nonRepeaters, oids.length));
  for (let i = 0; i < n; i++) out.push(mib.getNext(oids[i] as string) ?? endOfMib(oids[i] as string));
  const repeaters = oids.slice(n);
  if (repeaters.length === 0) return out;
  const cursors = repeaters.map((oid) => mib.walkFrom(oid));
  // Where each repeater is: its last answer, for the endOfMibView that repeats it once the MIB ends.
  const last = [...repeaters];
  const ended = repeaters.map(() => false);
  let bytes = 0;
  for (let rep = 0; rep < Math.max(1, maxRepetitions); rep++) {
    for (let j = 0; j < cursors.length; j++) {
      const vb = ended[j] ? null : (cursors[j] as MibCursor).next();
      if (vb) last[j] = vb.oid;
      else ended[j] = true;
      const item = vb ?? endOfMib(last[j] as string);
      out.push(item);
      bytes += item.oid.length + 12 + (Buffer.isBuffer(item.value) ? item.value.length : 8);
    }
    if (ended.every(Boolean)) break;
    if (bytes > MAX_RESPONSE_BYTES || out.length + repeaters.length > MAX_RESPONSE_VARBINDS) break;
  }
  return out;
}

function waitListening(agent: NetSnmpAgent): Promise<void> {
  const sockets = Object.values(agent.listener.sockets ?? {});
  return Promise.all(
    sockets.map(
      (s) =>
        new Promise<void>((resolve, reject) => {
          s.once('listening', () => resolve());
          s.once('error', (err) => reject(err ?? new Error('SNMP socket error')));
        }),
    ),
  ).then(() => undefined);
}
