import {
  RouterOsError,
  RouterOsErrorCode,
  connectRouterOs,
  type RouterOsConnection,
} from '@pondesk/device-routeros';
import { vpnSettings, type AppConfig, type VpnSettings } from '@pondesk/server-config';

/** Connecting, logging in and each command get this long; an operator is waiting on the page. */
export const CONCENTRATOR_TIMEOUT_MS = 5000;

/**
 * Something went wrong on the platform's side of the VPN (the concentrator, or its settings). The message
 * is for the tenant's admin and the platform operator alike: it says what failed, never a password.
 */
export class VpnConcentratorError extends Error {
  constructor(
    message: string,
    /** The RouterOS failure behind it, when there was one. */
    readonly code: RouterOsErrorCode | null = null,
  ) {
    super(message);
    this.name = 'VpnConcentratorError';
  }
}

/**
 * The platform's VPN concentrator as the worker uses it: one short connection per job (Add VPN, its
 * status, the VPN test are occasional clicks; a pool would only hold a session open to an
 * infrastructure router for nothing). `config` is null when the configuration has no concentrator.
 */
export class VpnConcentrator {
  private readonly settings: VpnSettings | null;

  constructor(config: AppConfig) {
    this.settings = vpnSettings(config);
  }

  /** The settings, when VPN is on. */
  get config(): VpnSettings | null {
    return this.settings;
  }

  /**
   * Runs `fn` on a logged-in connection and closes it. Every RouterOS failure comes out as a
   * `VpnConcentratorError` whose message names the concentrator's address and what it said; `secrets`
   * (passwords the commands carried) are cut out of any message, whatever the router echoed.
   */
  async use<T>(fn: (c: RouterOsConnection) => Promise<T>, secrets: readonly string[] = []): Promise<T> {
    const s = this.settings;
    if (!s) throw new VpnConcentratorError('No VPN concentrator is configured on this installation.');
    let connection: RouterOsConnection | null = null;
    try {
      connection = await connectRouterOs({
        host: s.host,
        port: s.port,
        transport: s.transport,
        username: s.username,
        password: s.password,
        timeoutMs: CONCENTRATOR_TIMEOUT_MS,
      });
      return await fn(connection);
    } catch (error) {
      throw explain(error, `${s.host}:${s.port}`, [s.password, ...secrets]);
    } finally {
      await connection?.close().catch(() => undefined);
    }
  }
}

/** A RouterOS failure as the operator reads it, naming the concentrator at `where`; `secrets` cut out. */
function explain(error: unknown, where: string, secrets: readonly string[]): Error {
  const scrub = (text: string) =>
    secrets.reduce((t, secret) => (secret ? t.split(secret).join('[redacted]') : t), text);
  if (!(error instanceof RouterOsError)) {
    // A programming error or a database failure inside `fn`: passed on as it is (after scrubbing).
    if (error instanceof Error) {
      error.message = scrub(error.message);
      return error;
    }
    return new Error(scrub(String(error)));
  }
  // The router's own words where it gave some; else the client's, without the address said already.
  const said = scrub(error.routerMessage ?? error.message.split(`${error.target}: `).join(''));
  switch (error.code) {
    case RouterOsErrorCode.UNREACHABLE:
      return new VpnConcentratorError(
        `The VPN concentrator (${where}) could not be reached: ${said}`,
        error.code,
      );
    case RouterOsErrorCode.TIMEOUT:
      return new VpnConcentratorError(
        `The VPN concentrator (${where}) did not answer within ${CONCENTRATOR_TIMEOUT_MS / 1000} s`,
        error.code,
      );
    case RouterOsErrorCode.LOGIN_FAILED:
      return new VpnConcentratorError(
        `The VPN concentrator (${where}) refused the platform's login: the platform operator must check ` +
          'VPN_CONCENTRATOR_USER and VPN_CONCENTRATOR_PASSWORD',
        error.code,
      );
    case RouterOsErrorCode.NOT_PERMITTED:
      return new VpnConcentratorError(
        `The platform's user on the VPN concentrator (${where}) may not manage PPP secrets (its group ` +
          `needs the write policy): ${said}`,
        error.code,
      );
    case RouterOsErrorCode.COMMAND_FAILED:
      return new VpnConcentratorError(`The VPN concentrator (${where}) refused: ${said}`, error.code);
    default:
      return new VpnConcentratorError(`The VPN concentrator (${where}) failed: ${said}`, error.code);
  }
}
