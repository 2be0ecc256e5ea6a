import { createSocket, type Socket as UdpSocket } from 'node:dgram';
import { createServer, isIP, type Server, type Socket } from 'node:net';
import { TcpFramer, splitLines, type FramedLine, type SplitResult } from './syslog-framing';

/** TCP connections at once (a device keeps one open); more are refused until one closes. */
export const MAX_TCP_CONNECTIONS = 1024;
/** A TCP connection that sends nothing for this long is closed; the device opens a new one. */
export const TCP_IDLE_MS = 10 * 60_000;
/** Asked of the kernel for bursts (a city outage: thousands of lines at once); it may give less. */
const UDP_RECEIVE_BUFFER_BYTES = 4 * 1024 * 1024;

export interface ReceiverHandlers {
  /** Lines from one sender, received at `at` (a datagram's, or a TCP chunk's). */
  lines(address: string, lines: FramedLine[], at: Date): void;
  /** Pieces that were not syslog text (binary, broken framing). */
  malformed(count: number): void;
}

/** What listens: UDP and TCP on one address and port; either may be missing when its port is taken. */
export interface ReceiverBinding {
  udp: boolean;
  tcp: boolean;
}

/**
 * Syslog over UDP (a datagram is one or more LF-separated lines) and TCP (RFC 6587 framing, see
 * `TcpFramer`). Nothing a sender sends can stop it: every handler catches, a socket error only closes
 * its connection.
 */
export class SyslogReceiver {
  private udp?: UdpSocket;
  private tcp?: Server;
  private readonly connections = new Set<Socket>();

  constructor(
    readonly host: string,
    readonly port: number,
    private readonly handlers: ReceiverHandlers,
    private readonly options: { maxConnections?: number; idleMs?: number } = {},
  ) {}

  get binding(): ReceiverBinding {
    return { udp: !!this.udp, tcp: !!this.tcp };
  }

  /**
   * Binds what is not bound yet. A port another process holds (a second worker) is an error for its
   * protocol, returned rather than thrown; the caller may try again later.
   */
  async start(): Promise<{ udp?: Error; tcp?: Error }> {
    const errors: { udp?: Error; tcp?: Error } = {};
    if (!this.udp) await this.bindUdp().catch((e: Error) => (errors.udp = e));
    if (!this.tcp) await this.listenTcp().catch((e: Error) => (errors.tcp = e));
    return errors;
  }

  async stop(): Promise<void> {
    const udp = this.udp;
    const tcp = this.tcp;
    this.udp = undefined;
    this.tcp = undefined;
    for (const socket of this.connections) socket.destroy();
    this.connections.clear();
    await Promise.all([
      udp && new Promise<void>((r) => udp.close(() => r())),
      tcp && new Promise<void>((r) => tcp.close(() => r())),
    ]);
  }

  private bindUdp(): Promise<void> {
    return new Promise((resolve, reject) => {
      const socket = createSocket({
        type: isIP(this.host) === 6 ? 'udp6' : 'udp4',
        reuseAddr: false,
        recvBufferSize: UDP_RECEIVE_BUFFER_BYTES,
      });
      const failed = (error: Error) => {
        socket.close();
        reject(error);
      };
      socket.once('error', failed);
      socket.on('message', (msg, rinfo) => this.datagram(msg, rinfo.address));
      socket.bind({ address: this.host, port: this.port, exclusive: true }, () => {
        socket.off('error', failed);
        // Errors after binding (ICMP reports and the like) concern no one datagram: the socket stays.
        socket.on('error', () => undefined);
        this.udp = socket;
        resolve();
      });
    });
  }

  private listenTcp(): Promise<void> {
    return new Promise((resolve, reject) => {
      const server = createServer((socket) => this.connection(socket));
      server.maxConnections = this.options.maxConnections ?? MAX_TCP_CONNECTIONS;
      server.once('error', reject);
      server.listen({ host: this.host, port: this.port, exclusive: true }, () => {
        server.off('error', reject);
        server.on('error', () => undefined);
        this.tcp = server;
        resolve();
      });
    });
  }

  private datagram(msg: Buffer, address: string): void {
    try {
      this.deliver(address, splitLines(msg), new Date());
    } catch {
      this.safely(() => this.handlers.malformed(1));
    }
  }

  private connection(socket: Socket): void {
    const address = socket.remoteAddress ?? '';
    this.connections.add(socket);
    let at = new Date();
    const framer = new TcpFramer(
      (result) => this.deliver(address, result, at),
      () => this.safely(() => this.handlers.malformed(1)),
    );
    socket.setTimeout(this.options.idleMs ?? TCP_IDLE_MS, () => socket.destroy());
    socket.on('data', (chunk: Buffer) => {
      at = new Date();
      try {
        framer.push(chunk);
      } catch {
        this.safely(() => this.handlers.malformed(1));
        socket.destroy();
      }
    });
    socket.on('end', () => {
      try {
        framer.end();
      } catch {
        // the connection is over either way
      }
    });
    socket.on('error', () => undefined);
    socket.on('close', () => this.connections.delete(socket));
  }

  private deliver(address: string, result: SplitResult, at: Date): void {
    if (result.malformed) this.safely(() => this.handlers.malformed(result.malformed));
    if (result.lines.length) this.safely(() => this.handlers.lines(address, result.lines, at));
  }

  /** A handler's failure is the handler's: the receiver goes on with the next datagram or chunk. */
  private safely(fn: () => void): void {
    try {
      fn();
    } catch {
      // counted or logged by the handler where it matters; never the end of the receiver
    }
  }
}
