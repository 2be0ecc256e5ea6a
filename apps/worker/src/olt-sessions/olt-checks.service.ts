import { Injectable } from '@nestjs/common';
import {
  JobName,
  type DeviceOutcome,
  type PortCheckPayload,
  type PortCheckResult,
  type TelnetCheckPayload,
} from '@pondesk/server-queue';
import type { TelnetCheckResult } from '@pondesk/contracts';
import { OnJob } from '../jobs/on-job.decorator';
import { DeviceTargetGuard } from './device-target-guard';
import { OltSessionService, messageOf } from './olt-session.service';
import { checkPort } from './port-check';

/** The OLT form's and the Clear dialog's reachability checks. */
@Injectable()
export class OltChecksService {
  constructor(
    private readonly sessions: OltSessionService,
    private readonly targets: DeviceTargetGuard,
  ) {}

  /** The address typed into the form, checked against the device-target policy right before connecting. */
  @OnJob(JobName.PortCheck)
  async portCheck({ host, port }: PortCheckPayload): Promise<PortCheckResult> {
    let address: string;
    try {
      address = await this.targets.pin(host, [port]);
    } catch (error) {
      return { status: 'closed', latencyMs: null, error: messageOf(error) };
    }
    return checkPort(address, port);
  }

  @OnJob(JobName.TelnetCheck)
  telnetCheck(p: TelnetCheckPayload): Promise<DeviceOutcome<TelnetCheckResult>> {
    return this.sessions.run(p, async (session) => {
      try {
        const check = await session.checkTelnet();
        return { ok: check.ok, prompt: check.prompt, error: check.error };
      } catch (error) {
        // A failed login is the answer to this question, not a failure of the job.
        return { ok: false, prompt: null, error: messageOf(error) };
      }
    });
  }
}
