/**
 * What every TCP-served transport of a simulated device shares (telnet CLI, HSGQ web API, control API): listen
 * on a host and port, refuse connections while the device is off the air, track the open sockets so they can
 * be dropped, and start/stop.
 */
import type { Server, Socket } from 'node:net';
import type { DeviceFaults } from '../model/device-faults';

export interface TcpEndpointOptions {
  host: string;
  /** 0 lets the OS pick (see `port` after start). */
  port: number;
  /** False refuses new connections (they are closed at once); default always reachable. */
  isReachable?(): boolean;
}

/** A simulated device's transport: reachable only while the device is on the air, subject to its faults. */
export interface DeviceEndpointOptions extends TcpEndpointOptions {
  faults(): DeviceFaults;
  isReachable(): boolean;
}

export abstract class TcpEndpoint<O extends TcpEndpointOptions = TcpEndpointOptions> {
  private server: Server | null = null;
  private readonly sockets = new Set<Socket>();

  constructor(protected readonly opts: O) {}

  /** The server for this transport; its own connection handling is added by `onSocket`. */
  protected abstract createServer(): Server;

  /** A connection was admitted (called after tracking). */
  protected onSocket(_socket: Socket): void {
    // Servers that handle connections themselves (HTTP) need nothing here.
  }

  /** The bound port (the configured one, or the OS's pick when configured as 0). */
  get port(): number {
    const a = this.server?.address();
    return a && typeof a === 'object' ? a.port : this.opts.port;
  }

  protected get reachable(): boolean {
    return this.opts.isReachable?.() ?? true;
  }

  async start(): Promise<void> {
    const server = this.createServer();
    server.on('connection', (socket: Socket) => this.admit(socket));
    this.server = server;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.opts.port, this.opts.host, () => {
        server.off('error', reject);
        resolve();
      });
    });
  }

  /** Drop every open connection (device taken off the air, or stopping). */
  dropAll(): void {
    for (const s of this.sockets) s.destroy();
  }

  async stop(): Promise<void> {
    this.dropAll();
    const s = this.server;
    this.server = null;
    if (s) await new Promise<void>((resolve) => s.close(() => resolve()));
  }

  private admit(socket: Socket): void {
    if (!this.reachable) {
      socket.destroy();
      return;
    }
    this.sockets.add(socket);
    socket.on('close', () => this.sockets.delete(socket));
    this.onSocket(socket);
  }
}
