import { Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { DriverError, DriverErrorCode } from '@pondesk/device-drivers';
import { OltEntity } from '@pondesk/server-database';
import type { DeviceFailureCode, DeviceOutcome } from '@pondesk/server-queue';
import { OltConnector, type PollableOlt } from './olt-connector';
import { OltBusyError, OltLock } from '../locks/olt-lock.service';

/** An operator waits for these: queue behind a running poll for a while, then say the OLT is busy. */
const LOCK_WAIT_MS = 20_000;
const LOCK_TTL_MS = 60_000;

/** Thrown inside a session to answer the operator with this code rather than a device error. */
export class DeviceActionFailure extends Error {
  constructor(
    readonly code: DeviceFailureCode,
    message: string,
  ) {
    super(message);
  }
}

/** On-demand sessions to a stored OLT, taken in turn with polls, whose failures become a `DeviceOutcome`. */
@Injectable()
export class OltSessionService {
  private readonly logger = new Logger(OltSessionService.name);

  constructor(
    @InjectRepository(OltEntity) private readonly olts: Repository<OltEntity>,
    private readonly connector: OltConnector,
    private readonly lock: OltLock,
  ) {}

  /** Runs `fn` on a session to the tenant's OLT, holding the OLT's lock (waiting behind a poll). */
  async run<T>(
    p: { tenantId: string; oltId: string },
    fn: (session: PollableOlt, olt: OltEntity) => Promise<T>,
    onuRef?: string,
  ): Promise<DeviceOutcome<T>> {
    const olt = await this.olts.findOne({ where: { id: p.oltId, tenantId: p.tenantId, show: true } });
    if (!olt) return { ok: false, code: 'OLT_GONE', error: 'Olt Id Not Found' };
    try {
      const value = await this.lock.withLockWaiting(olt.id, LOCK_TTL_MS, LOCK_WAIT_MS, async () => {
        const session = this.connector.connect(olt);
        try {
          return await fn(session, olt);
        } finally {
          await session.close().catch(() => undefined);
        }
      });
      return { ok: true, value };
    } catch (error) {
      this.logger.warn({ oltId: olt.id, onuRef, err: messageOf(error) }, 'OLT action failed');
      return failure(error);
    }
  }
}

export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Driver errors the operator gets by their own code; the rest are device errors. */
const DRIVER_FAILURES: Partial<Record<DriverErrorCode, DeviceFailureCode>> = {
  [DriverErrorCode.UNSUPPORTED]: 'UNSUPPORTED',
  [DriverErrorCode.INFERRED_NOT_ACCEPTED]: 'INFERRED_NOT_ACCEPTED',
  [DriverErrorCode.UNEXPECTED_REPLY]: 'UNEXPECTED_REPLY',
};

function failure(error: unknown): { ok: false; code: DeviceFailureCode; error: string } {
  if (error instanceof DeviceActionFailure) return { ok: false, code: error.code, error: error.message };
  if (error instanceof OltBusyError) return { ok: false, code: 'OLT_BUSY', error: error.message };
  if (error instanceof DriverError) {
    const code = DRIVER_FAILURES[error.code];
    if (code) return { ok: false, code, error: error.message };
  }
  return { ok: false, code: 'DEVICE', error: messageOf(error) };
}
