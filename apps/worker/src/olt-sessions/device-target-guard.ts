import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@pondesk/server-config';
import {
  DeviceTargetPolicy,
  DeviceTargetRefused,
  DeviceTargetUnresolved,
  deviceTargetOptions,
} from '@pondesk/server-device-targets';

/** A device address the worker will not connect to; the message says why, never with a secret. */
export class DeviceTargetError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DeviceTargetError';
  }
}

/**
 * The device-target policy where the worker opens sockets. The API checks the same policy before it
 * stores or enqueues anything; this is checked again right before connecting, so a row stored before the
 * policy existed, or a name whose DNS answer changed since, is refused too. The caller connects to the
 * address returned, never to the name again. One per worker: the platform's service addresses are
 * resolved once for every caller.
 */
@Injectable()
export class DeviceTargetGuard {
  private readonly policy: DeviceTargetPolicy;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.policy = new DeviceTargetPolicy(deviceTargetOptions(config));
  }

  /** The checked address to connect to for `host` on every one of `ports`; throws `DeviceTargetError`. */
  async pin(host: string, ports: readonly number[]): Promise<string> {
    try {
      const [address] = await this.policy.check(host, ports);
      return address;
    } catch (error) {
      if (error instanceof DeviceTargetRefused) throw new DeviceTargetError(`Refused: ${error.message}`);
      if (error instanceof DeviceTargetUnresolved) throw new DeviceTargetError(error.message);
      throw error;
    }
  }
}
