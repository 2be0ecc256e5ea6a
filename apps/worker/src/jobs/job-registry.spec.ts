import { BullRegistrar } from '@nestjs/bullmq';
import { Injectable, type Type } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { Test } from '@nestjs/testing';
import type { Job } from 'bullmq';
import { JOB_NAMES, JobName, QueueName } from '@pondesk/server-queue';
import { JOB_HANDLER_SERVICES } from '../worker.module';
import { JobRegistry, oneHandlerPerJob } from './job-registry.service';
import { OnJob, jobHandlersOf } from './on-job.decorator';

/** A provider class named `name` whose methods, one per job, answer the job's name. */
function handlers(name: string, jobs: readonly JobName[]): Type<unknown> {
  const cls = { [name]: class {} }[name];
  for (const job of jobs) {
    const descriptor = { value: async () => `${name}:${job}`, writable: true, configurable: true };
    Object.defineProperty(cls.prototype, job, descriptor);
    OnJob(job)(cls.prototype, job, descriptor as unknown as TypedPropertyDescriptor<never>);
  }
  Injectable()(cls);
  return cls;
}

const allBut = (...left: JobName[]) => JOB_NAMES.filter((n) => !left.includes(n));
const job = (name: string, data: object = {}) => ({ name, data }) as Job;

async function startWorker(...providers: Type<unknown>[]) {
  const registrar = { register: jest.fn() };
  const moduleRef = await Test.createTestingModule({
    imports: [DiscoveryModule],
    providers: [JobRegistry, { provide: BullRegistrar, useValue: registrar }, ...providers],
  }).compile();
  const started = moduleRef.init().then(() => moduleRef);
  return { started, registrar };
}

describe('JobRegistry', () => {
  it('starts the queue workers once every job name has exactly one handler', async () => {
    const { started, registrar } = await startWorker(
      handlers('Polls', [JobName.PollOlt]),
      handlers('Everything', allBut(JobName.PollOlt)),
    );
    const app = await started;
    expect(registrar.register).toHaveBeenCalledTimes(1);
    const registry = app.get(JobRegistry);
    await expect(registry.dispatch(QueueName.OltPoll, job(JobName.PollOlt))).resolves.toBe('Polls:poll');
    await expect(registry.dispatch(QueueName.Maintenance, job(JobName.HourlyRollup))).resolves.toBe(
      'Everything:hourly-rollup',
    );
    await app.close();
  });

  it('refuses to start when a job name has no handler', async () => {
    const { started, registrar } = await startWorker(handlers('Everything', allBut(JobName.HourlyRollup)));
    await expect(started).rejects.toThrow('Job "hourly-rollup" has no handler');
    expect(registrar.register).not.toHaveBeenCalled();
  });

  it('refuses to start when a job name has two handlers, naming both', async () => {
    const { started, registrar } = await startWorker(
      handlers('Everything', JOB_NAMES),
      handlers('MorePolls', [JobName.PollOlt]),
    );
    await expect(started).rejects.toThrow('Job "poll" has 2 handlers: Everything.poll, MorePolls.poll');
    expect(registrar.register).not.toHaveBeenCalled();
  });

  it('fails a job whose name is unknown or belongs to another queue', async () => {
    const { started } = await startWorker(handlers('Everything', JOB_NAMES));
    const registry = (await started).get(JobRegistry);
    await expect(registry.dispatch(QueueName.System, job('nope'))).rejects.toThrow(
      'No handler for nope on system',
    );
    await expect(registry.dispatch(QueueName.System, job(JobName.PollOlt))).rejects.toThrow(
      'No handler for poll on system',
    );
  });
});

describe("the worker's job handlers", () => {
  it('cover every job name exactly once', () => {
    const declared = JOB_HANDLER_SERVICES.flatMap((cls) =>
      jobHandlersOf(cls.prototype).map(({ job, method }) => ({ job, owner: `${cls.name}.${method}` })),
    );
    expect(() => oneHandlerPerJob(declared)).not.toThrow();
    expect(declared).toHaveLength(JOB_NAMES.length);
  });
});

describe('@OnJob', () => {
  it('does not compile on a method whose payload or result does not fit the job', () => {
    class Mismatched {
      // @ts-expect-error a poll takes the OLT's payload, not a probe's
      @OnJob(JobName.PollOlt) async poll(p: { host: string; snmpPort: number }) {
        return { ok: p.host.length > 0 };
      }

      // @ts-expect-error a probe answers a ProbeResponse
      @OnJob(JobName.ProbeOlt) async probe() {
        return 'identified';
      }
    }
    expect(jobHandlersOf(Mismatched.prototype).map((h) => h.job)).toEqual([
      JobName.PollOlt,
      JobName.ProbeOlt,
    ]);
  });
});
