import { BadRequestException, Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@pondesk/server-config';
import {
  DeviceTargetPolicy,
  DeviceTargetRefused,
  DeviceTargetUnresolved,
  deviceTargetOptions,
} from '@pondesk/server-device-targets';

export enum DeviceTargetErrorCode {
  DEVICE_TARGET_REFUSED = 'DEVICE_TARGET_REFUSED',
}

/** One device address of a request, with the names of the fields its parts came from. */
export interface DeviceTargetFields {
  host: string;
  /** The request field of the address (`host`, `mikrotikHost`). */
  hostField: string;
  ports: { port: number; field: string }[];
}

/**
 * The device-target policy at the API: an OLT's addresses, a port check's and a probe's target are
 * refused with a 400 naming the field before anything is stored or enqueued. The worker checks the same
 * policy again right before it connects (stored rows, DNS answers that changed); a name that does not
 * resolve here is left to it.
 */
@Injectable()
export class DeviceTargetsService {
  private readonly policy: DeviceTargetPolicy;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.policy = new DeviceTargetPolicy(deviceTargetOptions(config));
  }

  async assertAllowed(targets: readonly DeviceTargetFields[]): Promise<void> {
    const fields: { field: string; message: string }[] = [];
    for (const target of targets) {
      try {
        await this.policy.check(
          target.host,
          target.ports.map((p) => p.port),
        );
      } catch (error) {
        if (error instanceof DeviceTargetUnresolved) continue;
        if (!(error instanceof DeviceTargetRefused)) throw error;
        const field =
          error.part === 'host'
            ? target.hostField
            : (target.ports.find((p) => p.port === error.port)?.field ?? target.hostField);
        fields.push({ field, message: `${field} ${error.reason}` });
      }
    }
    if (fields.length)
      throw new BadRequestException({
        statusCode: 400,
        error: 'Bad Request',
        message: fields[0].message,
        code: DeviceTargetErrorCode.DEVICE_TARGET_REFUSED,
        fields,
      });
  }
}
