/**
 * Telnet CLI server shared by every brand: one CliConnection per admitted socket (login, modes, pager and the
 * per-device faults live there); listening, refusing while unreachable and dropping sessions are TcpEndpoint's.
 */
import { Server, type Socket } from 'node:net';
import { TcpEndpoint, type DeviceEndpointOptions } from '../net/tcp-endpoint';
import { CliConnection, type CliConnectionOptions } from './cli-connection';

export type TelnetEndpointOptions = DeviceEndpointOptions & CliConnectionOptions;

export class TelnetEndpoint extends TcpEndpoint<TelnetEndpointOptions> {
  /** Logins accepted so far (tests). */
  logins = 0;

  protected override createServer(): Server {
    return new Server();
  }

  protected override onSocket(socket: Socket): void {
    socket.on('error', () => socket.destroy());
    socket.setNoDelay(true);
    new CliConnection(socket, this.opts, () => this.logins++).begin();
  }
}
