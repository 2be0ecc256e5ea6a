import { Processor, WorkerHost } from '@nestjs/bullmq';
import type { Job } from 'bullmq';
import {
  DeviceActionJob,
  QueueName,
  type OnuActionPayload,
  type OnuWatchPayload,
  type PortCheckPayload,
  type ProbePayload,
  type TelnetCheckPayload,
} from '@pondesk/server-queue';
import { OltProber } from '../polling/olt-prober';
import { OnuActionsService } from './onu-actions.service';
import { checkPort } from './port-check';

/** On-demand device work: port checks, probes of OLTs not saved yet, and the operators' ONU actions. */
@Processor(QueueName.DeviceAction, { concurrency: 16 })
export class DeviceActionProcessor extends WorkerHost {
  constructor(
    private readonly prober: OltProber,
    private readonly onus: OnuActionsService,
  ) {
    super();
  }

  async process(job: Job): Promise<unknown> {
    switch (job.name as DeviceActionJob) {
      case DeviceActionJob.PortCheck: {
        const { host, port } = job.data as PortCheckPayload;
        return checkPort(host, port);
      }
      case DeviceActionJob.Probe:
        return this.prober.probe(job.data as ProbePayload);
      case DeviceActionJob.OnuReadSignal:
        return this.onus.readSignal(job.data as OnuActionPayload);
      case DeviceActionJob.OnuRealtime:
        return this.onus.realtime(job.data as OnuActionPayload);
      case DeviceActionJob.OnuReboot:
        return this.onus.reboot(job.data as OnuActionPayload);
      case DeviceActionJob.OnuClear:
        return this.onus.clear(job.data as OnuActionPayload);
      case DeviceActionJob.OnuWatch:
        return this.onus.watch(job.data as OnuWatchPayload);
      case DeviceActionJob.TelnetCheck:
        return this.onus.telnetCheck(job.data as TelnetCheckPayload);
      default:
        throw new Error(`No handler for ${job.name} on ${QueueName.DeviceAction}`);
    }
  }
}
