import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import {
  createPaymentSettlement,
  type PaymentSettlement,
  type ReconcileCounts,
} from '@pondesk/server-billing';
import { APP_CONFIG, bkashSettings, type AppConfig } from '@pondesk/server-config';
import { RedisConnections, redisNamespace } from '@pondesk/server-queue';
import { PeriodicTask } from '../alerts/periodic-task';

/** The session lock that keeps two workers from reconciling at once (one database, one reconciler). */
const RECONCILE_LOCK = 'pondesk:bkash-reconcile';

/**
 * Settles bKash payments left open (INTEGRATIONS §1.5): every BKASH_RECONCILE_INTERVAL_MS, attempts still
 * redirected, executing or unknown are queried and what bKash says is applied; past 24 hours an Initiated
 * one has expired. Runs only when the bKash merchant is configured, in one worker at a time.
 */
@Injectable()
export class BkashReconciler implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(BkashReconciler.name);
  private readonly settlement: PaymentSettlement | null;
  private readonly runs = new PeriodicTask(
    () => this.run(),
    (message) => this.logger.warn(`bKash reconcile failed: ${message}`),
  );

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    connections: RedisConnections,
  ) {
    const settings = bkashSettings(config);
    this.settlement = settings
      ? createPaymentSettlement(db, settings, connections.open(), redisNamespace(config), {
          reconcileAfterMs: config.BKASH_RECONCILE_AFTER_MS,
          log: (message) => this.logger.warn(message),
        })
      : null;
  }

  onApplicationBootstrap(): void {
    if (this.settlement) this.runs.start(this.config.BKASH_RECONCILE_INTERVAL_MS);
  }

  onApplicationShutdown(): Promise<void> {
    return this.runs.stop();
  }

  /** One pass now; null when payments are off or another worker is reconciling. */
  async run(): Promise<ReconcileCounts | null> {
    if (!this.settlement) return null;
    const runner = this.db.createQueryRunner();
    await runner.connect();
    try {
      const [{ locked }]: { locked: boolean }[] = await runner.query(
        'SELECT pg_try_advisory_lock(hashtext($1)) AS locked',
        [RECONCILE_LOCK],
      );
      if (!locked) return null;
      try {
        const counts = await this.settlement.reconcile();
        if (counts.checked || counts.failed)
          this.logger.log(
            `bKash reconcile: ${counts.checked} checked, ${counts.completed} completed, ${counts.failed} failed, ${counts.cancelled} cancelled, ${counts.expired} expired, ${counts.open} open, ${counts.errors} errors`,
          );
        return counts;
      } finally {
        await runner.query('SELECT pg_advisory_unlock(hashtext($1))', [RECONCILE_LOCK]);
      }
    } finally {
      await runner.release();
    }
  }
}
