/**
 * A UDP proxy for fault tests: forwards SNMP to a real agent, then misbehaves on demand
 * (stops answering mid-walk, or replays a stale response so the agent appears to go backwards).
 */
import { createSocket, type RemoteInfo, type Socket } from 'node:dgram';

interface Tlv {
  tag: number;
  start: number;
  valueStart: number;
  end: number;
}

function readTlv(buf: Buffer, off: number): Tlv {
  const tag = buf[off];
  let len = buf[off + 1];
  let hdr = 2;
  if (len & 0x80) {
    const n = len & 0x7f;
    len = 0;
    for (let i = 0; i < n; i++) len = (len << 8) | buf[off + 2 + i];
    hdr = 2 + n;
  }
  return { tag, start: off, valueStart: off + hdr, end: off + hdr + len };
}

function encodeLength(len: number): Buffer {
  if (len < 0x80) return Buffer.from([len]);
  const bytes: number[] = [];
  while (len > 0) {
    bytes.unshift(len & 0xff);
    len >>= 8;
  }
  return Buffer.from([0x80 | bytes.length, ...bytes]);
}

const tlv = (tag: number, value: Buffer): Buffer =>
  Buffer.concat([Buffer.from([tag]), encodeLength(value.length), value]);

/** The request-id INTEGER TLV of an SNMPv1/v2c message. */
export function requestIdTlv(msg: Buffer): Buffer {
  const outer = readTlv(msg, 0);
  const version = readTlv(msg, outer.valueStart);
  const community = readTlv(msg, version.end);
  const pdu = readTlv(msg, community.end);
  const reqId = readTlv(msg, pdu.valueStart);
  return msg.subarray(reqId.start, reqId.end);
}

/** Copy of `response` carrying another request-id. */
export function withRequestId(response: Buffer, reqIdTlv: Buffer): Buffer {
  const outer = readTlv(response, 0);
  const version = readTlv(response, outer.valueStart);
  const community = readTlv(response, version.end);
  const pdu = readTlv(response, community.end);
  const reqId = readTlv(response, pdu.valueStart);
  const pduBody = Buffer.concat([reqIdTlv, response.subarray(reqId.end, pdu.end)]);
  const body = Buffer.concat([response.subarray(outer.valueStart, community.end), tlv(pdu.tag, pduBody)]);
  return tlv(0x30, body);
}

/** Copy of `response` with its varbinds in reverse order (an agent that answers out of order). */
export function withReversedVarbinds(response: Buffer): Buffer {
  const outer = readTlv(response, 0);
  const version = readTlv(response, outer.valueStart);
  const community = readTlv(response, version.end);
  const pdu = readTlv(response, community.end);
  const reqId = readTlv(response, pdu.valueStart);
  const err = readTlv(response, reqId.end);
  const idx = readTlv(response, err.end);
  const list = readTlv(response, idx.end);
  const items: Buffer[] = [];
  for (let off = list.valueStart; off < list.end;) {
    const vb = readTlv(response, off);
    items.push(response.subarray(vb.start, vb.end));
    off = vb.end;
  }
  const pduBody = Buffer.concat([
    response.subarray(reqId.start, idx.end),
    tlv(0x30, Buffer.concat(items.reverse())),
  ]);
  return tlv(
    0x30,
    Buffer.concat([response.subarray(outer.valueStart, community.end), tlv(pdu.tag, pduBody)]),
  );
}

export type ProxyMode =
  | { kind: 'reverse' }
  | { kind: 'pass' }
  | { kind: 'drop-after'; responses: number }
  | { kind: 'stale-after'; responses: number }
  /** After N good answers, reply to every request with bytes that are not an SNMP message. */
  | { kind: 'garbage-after'; responses: number };

/** A telnet banner where an SNMP answer should be: not BER at all. */
const GARBAGE = Buffer.from('\xff\xfb\x01login: \x00\x30\x84garbage', 'latin1');

export class FaultyUdpProxy {
  private readonly front: Socket = createSocket('udp4');
  private readonly back: Socket = createSocket('udp4');
  private client: RemoteInfo | null = null;
  private forwarded = 0;
  private lastResponse: Buffer | null = null;
  port = 0;

  constructor(
    private readonly agentPort: number,
    public mode: ProxyMode = { kind: 'pass' },
  ) {}

  async start(): Promise<number> {
    await new Promise<void>((r) => this.front.bind(0, '127.0.0.1', () => r()));
    await new Promise<void>((r) => this.back.bind(0, '127.0.0.1', () => r()));
    this.port = this.front.address().port;
    this.front.on('message', (msg, rinfo) => {
      this.client = rinfo;
      const m = this.mode;
      if (m.kind === 'drop-after' && this.forwarded >= m.responses) return;
      if (m.kind === 'garbage-after' && this.forwarded >= m.responses) {
        this.front.send(GARBAGE, rinfo.port, rinfo.address);
        return;
      }
      if (m.kind === 'stale-after' && this.forwarded >= m.responses && this.lastResponse) {
        this.front.send(withRequestId(this.lastResponse, requestIdTlv(msg)), rinfo.port, rinfo.address);
        return;
      }
      this.back.send(msg, this.agentPort, '127.0.0.1');
    });
    this.back.on('message', (msg) => {
      if (!this.client) return;
      this.forwarded++;
      this.lastResponse = msg;
      const out = this.mode.kind === 'reverse' ? withReversedVarbinds(msg) : msg;
      this.front.send(out, this.client.port, this.client.address);
    });
    return this.port;
  }

  close(): void {
    this.front.close();
    this.back.close();
  }
}
