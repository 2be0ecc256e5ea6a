import { getQueueToken } from '@nestjs/bullmq';
import { Test } from '@nestjs/testing';
import { JOB_NAMES, JOB_QUEUE, JobName } from './job-catalogue';
import { JobQueue } from './job-queue';
import { QueueName } from './queues';

describe('JobQueue', () => {
  const queues = new Map(
    Object.values(QueueName).map((q) => [q, { add: jest.fn(async () => ({ id: '1' })) }]),
  );

  async function jobQueue(): Promise<JobQueue> {
    const moduleRef = await Test.createTestingModule({
      providers: [
        JobQueue,
        ...[...queues].map(([name, queue]) => ({ provide: getQueueToken(name), useValue: queue })),
      ],
    }).compile();
    return moduleRef.get(JobQueue);
  }

  it('sends each job to its own queue under its name', async () => {
    const jobs = await jobQueue();
    await jobs.enqueue(JobName.PollOlt, { oltId: 'o', tenantId: 't', force: true }, { jobId: 'poll-now-o' });
    expect(queues.get(QueueName.OltPoll)?.add).toHaveBeenCalledWith(
      'poll',
      { oltId: 'o', tenantId: 't', force: true },
      { jobId: 'poll-now-o' },
    );
    await jobs.enqueue(JobName.PortCheck, { host: '10.0.0.1', port: 23 });
    expect(queues.get(QueueName.DeviceAction)?.add).toHaveBeenCalledWith(
      'port-check',
      { host: '10.0.0.1', port: 23 },
      undefined,
    );
  });

  it('does not compile with another job’s payload', async () => {
    const jobs = await jobQueue();
    // @ts-expect-error a port check needs a host and a port, not an OLT
    await jobs.enqueue(JobName.PortCheck, { oltId: 'o', tenantId: 't' });
    // @ts-expect-error a probe's brand is one of OLT_BRANDS
    await jobs.enqueue(JobName.ProbeOlt, { host: 'h', snmpPort: 161, community: 'c', brand: 'huawei' });
  });

  it('keeps job names unique, kebab-case and colon-free, each on a queue', () => {
    expect(new Set(JOB_NAMES).size).toBe(JOB_NAMES.length);
    for (const name of JOB_NAMES) {
      expect(name).toMatch(/^[a-z]+(-[a-z]+)*$/);
      expect(Object.values(QueueName)).toContain(JOB_QUEUE[name]);
    }
  });
});
