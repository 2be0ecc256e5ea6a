import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import {
  DataSource,
  type EntityManager,
  type EntitySubscriberInterface,
  type QueryRunner,
  type TransactionCommitEvent,
  type TransactionRollbackEvent,
} from 'typeorm';

export type RevocationListener = (sessionIds: string[]) => void | Promise<void>;

/**
 * Tells whoever listens (the socket gateway) that sessions ended, once the revocation is committed: a
 * socket dropped before the commit would reconnect at once and find its session still live. Revocations
 * made inside a transaction wait for its commit and are forgotten on rollback.
 */
@Injectable()
export class SessionRevocations implements EntitySubscriberInterface, OnModuleInit {
  private readonly logger = new Logger(SessionRevocations.name);
  private readonly pending = new WeakMap<QueryRunner, Set<string>>();
  private readonly listeners = new Set<RevocationListener>();

  constructor(private readonly db: DataSource) {}

  onModuleInit(): void {
    // Only transaction events are of interest; entity events reach this subscriber without effect.
    if (!this.db.subscribers.includes(this)) this.db.subscribers.push(this);
  }

  /** Calls `listener` with the ids of sessions that ended; returns the unsubscribe function. */
  onRevoked(listener: RevocationListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The sessions ended by a statement run through `manager` (now, or when its transaction commits). */
  announce(sessionIds: string[], manager?: EntityManager): void {
    if (!sessionIds.length) return;
    const runner = manager?.queryRunner;
    if (runner?.isTransactionActive) {
      const set = this.pending.get(runner) ?? new Set<string>();
      sessionIds.forEach((id) => set.add(id));
      this.pending.set(runner, set);
      return;
    }
    this.emit(sessionIds);
  }

  afterTransactionCommit(event: TransactionCommitEvent): void {
    // A released savepoint also "commits"; only the outer commit makes the revocation visible.
    if (event.queryRunner.isTransactionActive) return;
    const ids = this.pending.get(event.queryRunner);
    if (!ids) return;
    this.pending.delete(event.queryRunner);
    this.emit([...ids]);
  }

  afterTransactionRollback(event: TransactionRollbackEvent): void {
    if (!event.queryRunner.isTransactionActive) this.pending.delete(event.queryRunner);
  }

  private emit(sessionIds: string[]): void {
    for (const listener of this.listeners)
      void Promise.resolve()
        .then(() => listener(sessionIds))
        .catch((error: unknown) =>
          // The sessions are revoked regardless; their sockets would fail the next check.
          this.logger.warn(`sockets of ended sessions not closed: ${String(error)}`),
        );
  }
}
