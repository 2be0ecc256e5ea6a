/**
 * A simulated MikroTik's RouterOS API port (TCP, loopback): one `ApiConnection` per client. `down` closes the
 * listening socket, so connecting is refused as on a router that is off or whose API service is disabled, and
 * listens again on the same port when it comes back.
 */
import { Server, type Socket } from 'node:net';
import { TcpEndpoint, type TcpEndpointOptions } from '../net/tcp-endpoint';
import { ApiConnection } from './api-connection';
import type { ApiMenus } from './api-menus';
import { NO_ROUTER_FAULTS, type RouterFaults } from './router-faults';

export interface RouterOsApiOptions extends TcpEndpointOptions {
  username: string;
  password: string;
  menus: ApiMenus;
  faults?: Partial<RouterFaults>;
}

export class RouterOsApiServer extends TcpEndpoint<RouterOsApiOptions> {
  private current: RouterFaults;
  /** Connections accepted so far (tests). */
  connections = 0;

  constructor(opts: RouterOsApiOptions) {
    // A copy: the port picked at the first start is kept in it, so the router comes back where it was.
    super({ ...opts });
    this.current = { ...NO_ROUTER_FAULTS, ...(opts.faults ?? {}) };
  }

  get host(): string {
    return this.opts.host;
  }

  get username(): string {
    return this.opts.username;
  }

  get password(): string {
    return this.opts.password;
  }

  get faults(): RouterFaults {
    return { ...this.current };
  }

  protected override createServer(): Server {
    return new Server();
  }

  protected override onSocket(socket: Socket): void {
    this.connections++;
    socket.setNoDelay(true);
    new ApiConnection(socket, {
      username: this.opts.username,
      password: this.opts.password,
      faults: () => this.current,
      menus: this.opts.menus,
    });
  }

  /** Binds the port (the configured one, else the OS's pick, kept for later) unless the router is down. */
  override async start(): Promise<void> {
    if (this.current.down) {
      // Down from the start: the port is still chosen now, so the router has one to be listed at.
      if (this.opts.port === 0) {
        await super.start();
        this.opts.port = this.port;
        await super.stop();
      }
      return;
    }
    await super.start();
    this.opts.port = this.port;
  }

  /** Applies a faults patch; `down` stops or resumes listening before this resolves. */
  async setFaults(patch: Partial<RouterFaults>): Promise<RouterFaults> {
    const wasDown = this.current.down;
    this.current = { ...this.current, ...patch };
    if (this.current.down && !wasDown) await this.stop();
    else if (!this.current.down && wasDown) await this.start();
    return this.faults;
  }
}
