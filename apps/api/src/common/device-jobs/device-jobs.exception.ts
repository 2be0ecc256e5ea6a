import { GatewayTimeoutException } from '@nestjs/common';

export enum DeviceJobErrorCode {
  WORKER_TIMEOUT = 'WORKER_TIMEOUT',
}

export const workerTimeout = (what: string) =>
  new GatewayTimeoutException({
    statusCode: 504,
    message: `${what} did not finish in time; is a worker running?`,
    code: DeviceJobErrorCode.WORKER_TIMEOUT,
  });
