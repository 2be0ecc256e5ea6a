import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { In, type DataSource, type EntityManager } from 'typeorm';
import { VPN_NOT_ENABLED_MESSAGE, type VpnService } from '@pondesk/contracts';
import {
  addPppSecret,
  readActivePpp,
  readPppSecrets,
  removePppSecret,
  type RouterOsConnection,
} from '@pondesk/device-routeros';
import { APP_CONFIG, SecretBox, type AppConfig, type VpnSettings } from '@pondesk/server-config';
import { TenantVpnEntity } from '@pondesk/server-database';
import { JobName, type VpnAccountPayload, type VpnAccountResult } from '@pondesk/server-queue';
import { OnJob } from '../jobs/on-job.decorator';
import {
  generateVpnPassword,
  vpnConnectionName,
  vpnSecretComment,
  vpnUsernameCandidates,
} from './vpn-account-names';
import { VpnConcentrator, VpnConcentratorError } from './vpn-concentrator';

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Whether the account's router is dialled in now (its secret has a session on the concentrator). */
export async function isDialledIn(c: RouterOsConnection, username: string): Promise<boolean> {
  return (await readActivePpp(c, { name: username })).length > 0;
}

/**
 * The tenant's account on the platform's VPN concentrator: a PPP secret there, and its `tenant_vpn` row
 * here (written once the secret exists; the password sealed like OLT credentials).
 *
 * `ensure` and `remove` of one tenant run one at a time across every worker: each holds a Postgres
 * advisory lock on the tenant for its whole exchange with the concentrator, so two Add VPN clicks at once
 * make one secret and the second finds the first's row. The row's key (the tenant) backs that up: a
 * second row cannot be written even without the lock.
 */
@Injectable()
export class VpnAccountService {
  private readonly logger = new Logger(VpnAccountService.name);
  private readonly box: SecretBox;
  private readonly concentrator: VpnConcentrator;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    @InjectDataSource() private readonly db: DataSource,
  ) {
    this.box = new SecretBox(config.ENCRYPTION_KEY);
    this.concentrator = new VpnConcentrator(config);
  }

  @OnJob(JobName.VpnAccount)
  async run(p: VpnAccountPayload): Promise<VpnAccountResult> {
    const settings = this.concentrator.config;
    if (!settings) return { ok: false, code: 'UNSUPPORTED', error: VPN_NOT_ENABLED_MESSAGE };
    try {
      switch (p.action) {
        case 'ensure':
          return { ok: true, value: await this.ensure(p.tenantId, settings) };
        case 'remove':
          return { ok: true, value: await this.remove(p.tenantId) };
        case 'status':
          return { ok: true, value: await this.status(p.tenantId) };
        default:
          // The payload comes through Redis: an action that is not one of ours is refused.
          return { ok: false, code: 'DEVICE', error: 'Unknown VPN account action' };
      }
    } catch (error) {
      // Concentrator trouble is the answer to the operator, not a failed job; anything else is logged too.
      if (!(error instanceof VpnConcentratorError))
        this.logger.error(
          { tenantId: p.tenantId, action: p.action, err: messageOf(error) },
          'VPN job failed',
        );
      else
        this.logger.warn({ tenantId: p.tenantId, action: p.action, err: error.message }, 'VPN concentrator');
      return { ok: false, code: 'DEVICE', error: messageOf(error) };
    }
  }

  /** The tenant's account: made when missing; its secret put back on the concentrator if it vanished. */
  private ensure(tenantId: string, settings: VpnSettings): Promise<{ connected: boolean; changed: boolean }> {
    return this.withTenantLock(tenantId, async (m) => {
      const row = await m.findOne(TenantVpnEntity, { where: { tenantId } });
      if (row) {
        const password = this.box.open(row.passwordEnc);
        return this.concentrator.use(
          async (c) => {
            if ((await readPppSecrets(c, { name: row.username })).length === 0) {
              // Removed on the concentrator by hand, or the concentrator was rebuilt: the ISP's router still
              // dials with the stored password, so the same secret is put back.
              await addPppSecret(c, this.secretOf(tenantId, row.username, password, row.service, settings));
              this.logger.warn(
                { tenantId, username: row.username },
                'VPN secret was missing; added it again',
              );
            }
            return { connected: await isDialledIn(c, row.username), changed: false };
          },
          [password],
        );
      }
      return this.create(m, tenantId, settings);
    });
  }

  private async create(
    m: EntityManager,
    tenantId: string,
    settings: VpnSettings,
  ): Promise<{ connected: boolean; changed: boolean }> {
    const candidates = vpnUsernameCandidates(tenantId);
    const taken = new Set(
      (
        await m.find(TenantVpnEntity, { select: { username: true }, where: { username: In(candidates) } })
      ).map((r) => r.username),
    );
    const password = generateVpnPassword();
    const service = settings.service;
    return this.concentrator.use(
      async (c) => {
        for (const username of candidates) {
          if (taken.has(username)) continue;
          const existing = await readPppSecrets(c, { name: username });
          if (existing.length) {
            // Only a secret this tenant left (its row never written: the worker died in between) is taken
            // over; a secret of anyone else keeps its name and the tenant gets the next one.
            if (!existing.every((s) => s.comment === vpnSecretComment(tenantId))) continue;
            for (const s of existing) await removePppSecret(c, s.id);
          }
          const secretId = await addPppSecret(
            c,
            this.secretOf(tenantId, username, password, service, settings),
          );
          try {
            await m.insert(TenantVpnEntity, {
              tenantId,
              username,
              passwordEnc: this.box.seal(password),
              service,
              connectionName: vpnConnectionName(service),
            });
          } catch (error) {
            // No row, no secret: the next Add VPN starts clean.
            await removePppSecret(c, secretId).catch(() => undefined);
            throw error;
          }
          this.logger.log({ tenantId, username, service }, 'VPN account created');
          return { connected: await isDialledIn(c, username), changed: true };
        }
        throw new VpnConcentratorError(
          'Every name this tenant may take is used by another secret on the VPN concentrator',
        );
      },
      [password],
    );
  }

  /** The secret gone from the concentrator (a missing one is fine), its session ended, then the row. */
  private remove(tenantId: string): Promise<{ connected: boolean; changed: boolean }> {
    return this.withTenantLock(tenantId, async (m) => {
      const row = await m.findOne(TenantVpnEntity, { where: { tenantId } });
      if (!row) return { connected: false, changed: false };
      await this.concentrator.use(async (c) => {
        for (const s of await readPppSecrets(c, { name: row.username })) await removePppSecret(c, s.id);
        // RouterOS keeps a session up when its secret goes; the tunnel should end with the account.
        for (const session of await readActivePpp(c, { name: row.username })) {
          await c
            .remove('/ppp/active', session.id)
            .catch((error: unknown) =>
              this.logger.warn(
                { tenantId, username: row.username, err: messageOf(error) },
                'Could not end the VPN session',
              ),
            );
        }
      });
      await m.delete(TenantVpnEntity, { tenantId });
      this.logger.log({ tenantId, username: row.username }, 'VPN account removed');
      return { connected: false, changed: true };
    });
  }

  private async status(tenantId: string): Promise<{ connected: boolean; changed: boolean }> {
    const row = await this.db.getRepository(TenantVpnEntity).findOne({ where: { tenantId } });
    if (!row) return { connected: false, changed: false };
    return { connected: await this.concentrator.use((c) => isDialledIn(c, row.username)), changed: false };
  }

  private secretOf(
    tenantId: string,
    name: string,
    password: string,
    service: VpnService,
    settings: VpnSettings,
  ): { name: string; password: string; service: string; profile?: string; comment: string } {
    return {
      name,
      password,
      service,
      ...(settings.profile ? { profile: settings.profile } : {}),
      comment: vpnSecretComment(tenantId),
    };
  }

  /**
   * Runs `fn` in a transaction holding the tenant's VPN lock (a transaction-scoped advisory lock: freed on
   * commit, rollback or a lost connection, so a killed worker never leaves it held).
   */
  private withTenantLock<T>(tenantId: string, fn: (m: EntityManager) => Promise<T>): Promise<T> {
    return this.db.transaction(async (m) => {
      await m.query(`SELECT pg_advisory_xact_lock(hashtext('tenant_vpn'), hashtext($1))`, [tenantId]);
      return fn(m);
    });
  }
}
