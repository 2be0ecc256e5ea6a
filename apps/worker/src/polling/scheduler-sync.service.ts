import { InjectQueue } from '@nestjs/bullmq';
import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Queue } from 'bullmq';
import type Redis from 'ioredis';
import type { Repository } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '@pondesk/server-config';
import { OltEntity, SwitchEntity } from '@pondesk/server-database';
import {
  JobName,
  QueueName,
  RedisConnections,
  healthSchedulerId,
  pollEveryMs,
  pollSchedulerId,
  scheduleOlt,
  scheduleSwitch,
  switchPollEveryMs,
  switchPollSchedulerId,
  type OltJobPayload,
  type SwitchJobPayload,
} from '@pondesk/server-queue';

const RESYNC_MS = 60_000;

/**
 * Postgres is the source of truth for what gets polled; Redis only holds the schedulers. Every minute,
 * at start, and whenever Redis comes back (it may have lost everything), the schedulers are made to match.
 */
@Injectable()
export class SchedulerSyncService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(SchedulerSyncService.name);
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  /** Watches Redis: a reconnect may follow a restart that lost every scheduler. */
  private readonly watcher: Redis;
  private readonly resync = () => void this.sync();

  constructor(
    @InjectRepository(OltEntity) private readonly olts: Repository<OltEntity>,
    @InjectRepository(SwitchEntity) private readonly switches: Repository<SwitchEntity>,
    @InjectQueue(QueueName.OltPoll) private readonly pollQueue: Queue<OltJobPayload>,
    @InjectQueue(QueueName.OltHealth) private readonly healthQueue: Queue<OltJobPayload>,
    @InjectQueue(QueueName.Maintenance) private readonly maintenanceQueue: Queue,
    @InjectQueue(QueueName.SwitchPoll) private readonly switchQueue: Queue<SwitchJobPayload>,
    connections: RedisConnections,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.watcher = connections.open({ lazyConnect: true });
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.watcher.connect().catch(() => undefined);
    this.watcher.on('ready', this.resync);
    this.timer = setInterval(this.resync, RESYNC_MS);
    await this.sync();
  }

  onModuleDestroy(): void {
    if (this.timer) clearInterval(this.timer);
    // The connection closes at shutdown; a reconnect before then must not sync against closing queues.
    this.watcher.off('ready', this.resync);
  }

  /** Idempotent; concurrent calls share one run. */
  sync(): Promise<void> {
    this.running ??= this.doSync().finally(() => (this.running = undefined));
    return this.running;
  }

  private async doSync(): Promise<void> {
    try {
      const olts = await this.olts.find({
        where: { show: true },
        select: { id: true, tenantId: true, pollIntervalSeconds: true },
      });
      // An `every` scheduler upserted again runs at once: only the missing or changed ones are upserted,
      // else every resync would poll every OLT again, whatever its interval.
      const everyOf = async (queue: Queue<OltJobPayload>) =>
        new Map((await queue.getJobSchedulers(0, -1)).map((s) => [s.id ?? s.key, Number(s.every)]));
      const [polls, checks] = await Promise.all([everyOf(this.pollQueue), everyOf(this.healthQueue)]);
      const healthIntervalMs = this.config.OLT_HEALTH_INTERVAL_SECONDS * 1000;
      for (const olt of olts) {
        if (
          polls.get(pollSchedulerId(olt.id)) === pollEveryMs(olt) &&
          checks.get(healthSchedulerId(olt.id)) === healthIntervalMs
        )
          continue;
        await scheduleOlt(this.pollQueue, this.healthQueue, olt, { healthIntervalMs });
      }
      const wanted = new Set(olts.map((o) => o.id));
      for (const queue of [this.pollQueue, this.healthQueue]) {
        for (const s of await queue.getJobSchedulers(0, -1)) {
          const id = (s.id ?? s.key).replace(/^(poll|health)-/, '');
          if (!wanted.has(id)) await queue.removeJobScheduler(s.id ?? s.key);
        }
      }
      await this.syncSwitches();
      await this.maintenanceQueue.upsertJobScheduler(
        'sample-partitions',
        { every: 6 * 3600_000 },
        { name: JobName.SamplePartitions },
      );
      await this.maintenanceQueue.upsertJobScheduler(
        'hourly-rollup',
        { pattern: '5 * * * *' },
        { name: JobName.HourlyRollup },
      );
      await this.maintenanceQueue.upsertJobScheduler(
        'signal-trends',
        { pattern: '20 2 * * *' },
        { name: JobName.SignalTrends },
      );
    } catch (error) {
      this.logger.warn(
        `scheduler sync failed, retrying in ${RESYNC_MS / 1000} s: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }

  /** A poll scheduler per shown switch (only the missing or changed ones upserted), none for the others. */
  private async syncSwitches(): Promise<void> {
    const switches = await this.switches.find({
      where: { show: true },
      select: { id: true, tenantId: true, dataCollectionRatio: true },
    });
    const schedulers = await this.switchQueue.getJobSchedulers(0, -1);
    const every = new Map(schedulers.map((s) => [s.id ?? s.key, Number(s.every)]));
    for (const sw of switches) {
      if (every.get(switchPollSchedulerId(sw.id)) === switchPollEveryMs(sw)) continue;
      await scheduleSwitch(this.switchQueue, sw);
    }
    const wanted = new Set(switches.map((sw) => switchPollSchedulerId(sw.id)));
    for (const s of schedulers) {
      const id = s.id ?? s.key;
      if (!wanted.has(id)) await this.switchQueue.removeJobScheduler(id);
    }
  }
}
