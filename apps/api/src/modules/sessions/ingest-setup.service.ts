import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { IngestRouter, IngestSetup, SessionAction } from '@pondesk/contracts';
import { APP_CONFIG, type AppConfig } from '@pondesk/server-config';
import type { TenantActor } from '../../common/auth/actor';
import { AuditService } from '../audit/audit.service';
import { IngestKeysService, type TenantKey } from './ingest-keys.service';
import { sessionScripts } from './session-scripts';

export const INGEST_PATH = '/api/v1/ingest/session-events';

/** What the Down Count List's setup panel shows: the key, where to post, the scripts, who reported. */
@Injectable()
export class IngestSetupService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly keys: IngestKeysService,
    private readonly audit: AuditService,
  ) {}

  /** `origin`: where the browser reached the API, when no APP_ORIGIN is configured. */
  async setup(actor: TenantActor, origin: string): Promise<IngestSetup> {
    return this.shape(actor, await this.keys.keyOf(actor.tenantId), origin);
  }

  async rotate(actor: TenantActor, origin: string): Promise<IngestSetup> {
    const key = await this.keys.rotate(actor.tenantId);
    await this.audit.record(actor, {
      action: 'ingest-key.rotate',
      entityType: 'tenant',
      entityId: actor.tenantId,
    });
    return this.shape(actor, key, origin);
  }

  private async shape(actor: TenantActor, key: TenantKey, origin: string): Promise<IngestSetup> {
    const url = `${(this.config.APP_ORIGIN ?? origin).replace(/\/+$/, '')}${INGEST_PATH}`;
    const routers: { router: string; at: Date; action: SessionAction; n: number }[] = await this.db.query(
      `SELECT r.router, r.last_event_at AS at, r.last_action AS action,
         (SELECT count(*)::int FROM session_event e WHERE e.tenant_id = r.tenant_id AND e.router = r.router
            AND e.received_at > now() - interval '24 hours') AS n
       FROM ingest_router r WHERE r.tenant_id = $1 ORDER BY r.last_event_at DESC LIMIT 200`,
      [actor.tenantId],
    );
    return {
      key: key.key,
      keyCreatedAt: new Date(key.createdAt).toISOString(),
      url,
      scripts: sessionScripts(url, key.key),
      routers: routers.map((r): IngestRouter => ({
        router: r.router,
        lastEventAt: r.at.toISOString(),
        lastAction: r.action,
        events24h: r.n,
      })),
    };
  }
}
