import { Processor, WorkerHost } from '@nestjs/bullmq';
import type { Job } from 'bullmq';
import {
  DeviceActionJob,
  QueueName,
  type PortCheckPayload,
  type PortCheckResult,
  type ProbePayload,
  type ProbeResult,
} from '@pondesk/server-queue';
import { OltProber } from '../polling/olt-prober';
import { checkPort } from './port-check';

/** On-demand device work the API waits for: port checks and probes of OLTs not saved yet. */
@Processor(QueueName.DeviceAction, { concurrency: 16 })
export class DeviceActionProcessor extends WorkerHost {
  constructor(private readonly prober: OltProber) {
    super();
  }

  async process(job: Job): Promise<PortCheckResult | ProbeResult> {
    switch (job.name as DeviceActionJob) {
      case DeviceActionJob.PortCheck: {
        const { host, port } = job.data as PortCheckPayload;
        return checkPort(host, port);
      }
      case DeviceActionJob.Probe:
        return this.prober.probe(job.data as ProbePayload);
      default:
        throw new Error(`No handler for ${job.name} on ${QueueName.DeviceAction}`);
    }
  }
}
