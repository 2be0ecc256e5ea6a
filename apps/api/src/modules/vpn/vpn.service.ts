import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import {
  VPN_ADDED_MESSAGE,
  VPN_NOT_ENABLED_MESSAGE,
  VPN_REMOVED_MESSAGE,
  type OltVpnTestResult,
  type VpnAccount,
  type VpnState,
} from '@pondesk/contracts';
import { APP_CONFIG, SecretBox, vpnSettings, type AppConfig, type VpnSettings } from '@pondesk/server-config';
import { TenantVpnEntity } from '@pondesk/server-database';
import { JobName, type VpnTestPayload } from '@pondesk/server-queue';
import type { TenantActor } from '../../common/auth/actor';
import { DeviceJobsService } from '../../common/device-jobs/device-jobs.service';
import { DeviceTargetsService } from '../../common/device-targets/device-targets.service';
import { RateLimiterService, type RateRule } from '../../common/rate-limit/rate-limiter.service';
import { AuditService } from '../audit/audit.service';
import type { OltVpnTestDto } from './dto/olt-vpn-test.dto';
import { dialInCommand } from './vpn-command';
import { vpnFailure, vpnNotEnabled } from './vpn.exception';

/** Adding or removing talks to the concentrator: a few per minute is plenty for one account. */
export const VPN_ACCOUNT_RULE: RateRule = { name: 'vpn-account:tenant', max: 20, windowSeconds: 60 };
/** A VPN test opens a few sockets to the OLT: as often as the form's other checks. */
export const VPN_TEST_RULE: RateRule = { name: 'olt-vpn-test:user', max: 30, windowSeconds: 60 };

/** The worker answers within its own timeouts (concentrator 5 s a step, ports 3 s); this is the margin. */
const ACCOUNT_JOB_MS = 30_000;
const TEST_JOB_MS = 30_000;
/** The page waits for the status only briefly: the account shows without it. */
const STATUS_JOB_MS = 8_000;

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Profile → Add VPN and the OLT form's VPN Test. The API never talks to the concentrator: the worker makes
 * and removes the tenant's PPP secret and writes `tenant_vpn`; the API reads that row to show the account
 * (the password opened for the tenant's own admin, never logged) and the dial-in command.
 */
@Injectable()
export class VpnService {
  private readonly logger = new Logger(VpnService.name);
  private readonly settings: VpnSettings | null;
  private readonly box: SecretBox;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    @InjectRepository(TenantVpnEntity) private readonly accounts: Repository<TenantVpnEntity>,
    private readonly jobs: DeviceJobsService,
    private readonly targets: DeviceTargetsService,
    private readonly limiter: RateLimiterService,
    private readonly audit: AuditService,
  ) {
    this.settings = vpnSettings(config);
    this.box = new SecretBox(config.ENCRYPTION_KEY);
  }

  async state(actor: TenantActor): Promise<VpnState> {
    if (!this.settings) return { enabled: false, account: null, connected: null, message: null };
    const row = await this.accounts.findOne({ where: { tenantId: actor.tenantId } });
    if (!row) return { enabled: true, account: null, connected: null, message: null };
    const { connected, message } = await this.connection(actor.tenantId);
    return { enabled: true, account: this.accountOf(row, this.settings), connected, message };
  }

  /** Makes the tenant's account, or answers the one it has (putting its secret back if it vanished). */
  async add(actor: TenantActor): Promise<VpnState> {
    const settings = this.settings;
    if (!settings) throw vpnNotEnabled();
    await this.limiter.hit([{ rule: VPN_ACCOUNT_RULE, subject: actor.tenantId }]);
    const outcome = await this.jobs.run(
      JobName.VpnAccount,
      { tenantId: actor.tenantId, action: 'ensure' },
      ACCOUNT_JOB_MS,
      'Adding the VPN',
    );
    if (!outcome.ok) throw vpnFailure(outcome.code, outcome.error);
    const row = await this.accounts.findOne({ where: { tenantId: actor.tenantId } });
    // The worker answers only once the row is committed; a removal racing this request is the one case.
    if (!row) throw vpnFailure('DEVICE', 'The VPN account was removed while it was being added');
    if (outcome.value.changed)
      await this.audit.record(actor, {
        action: 'vpn.create',
        entityType: 'tenant_vpn',
        entityId: actor.tenantId,
        after: { username: row.username, service: row.service, server: settings.publicAddress },
      });
    return {
      enabled: true,
      account: this.accountOf(row, settings),
      connected: outcome.value.connected,
      message: VPN_ADDED_MESSAGE,
    };
  }

  /** Removes the secret on the concentrator (its session ends) and the account. */
  async remove(actor: TenantActor): Promise<VpnState> {
    if (!this.settings) throw vpnNotEnabled();
    const row = await this.accounts.findOne({ where: { tenantId: actor.tenantId } });
    if (!row) return { enabled: true, account: null, connected: null, message: null };
    await this.limiter.hit([{ rule: VPN_ACCOUNT_RULE, subject: actor.tenantId }]);
    const outcome = await this.jobs.run(
      JobName.VpnAccount,
      { tenantId: actor.tenantId, action: 'remove' },
      ACCOUNT_JOB_MS,
      'Removing the VPN',
    );
    if (!outcome.ok) throw vpnFailure(outcome.code, outcome.error);
    if (outcome.value.changed)
      await this.audit.record(actor, {
        action: 'vpn.remove',
        entityType: 'tenant_vpn',
        entityId: actor.tenantId,
        before: { username: row.username, service: row.service },
      });
    return { enabled: true, account: null, connected: null, message: VPN_REMOVED_MESSAGE };
  }

  /** The OLT form's VPN Test, run by the worker with what the form typed. */
  async test(actor: TenantActor, body: OltVpnTestDto): Promise<OltVpnTestResult> {
    const ports: VpnTestPayload['ports'] = [
      { service: 'telnet', port: body.telnetPort },
      { service: 'snmp', port: body.snmpPort },
      ...(body.httpPort === undefined ? [] : [{ service: 'http' as const, port: body.httpPort }]),
      ...(body.httpsPort === undefined ? [] : [{ service: 'https' as const, port: body.httpsPort }]),
    ];
    if (!this.settings)
      return {
        ok: false,
        message: VPN_NOT_ENABLED_MESSAGE,
        ports: ports.map((p) => ({ ...p, state: 'unknown' as const })),
      };
    await this.limiter.hit([{ rule: VPN_TEST_RULE, subject: actor.userId }]);
    const fieldOf: Record<string, string> = {
      telnet: 'telnetPort',
      snmp: 'snmpPort',
      http: 'httpPort',
      https: 'httpsPort',
    };
    await this.targets.assertAllowed([
      {
        host: body.host,
        hostField: 'host',
        ports: ports.map((p) => ({ port: p.port, field: fieldOf[p.service] })),
      },
    ]);
    return this.jobs.run(
      JobName.VpnTest,
      { tenantId: actor.tenantId, host: body.host, ports, community: body.community },
      TEST_JOB_MS,
      'The VPN test',
    );
  }

  /** Whether the tenant's router is dialled in; null with the reason when that could not be read. */
  private async connection(tenantId: string): Promise<{ connected: boolean | null; message: string | null }> {
    try {
      const outcome = await this.jobs.run(
        JobName.VpnAccount,
        { tenantId, action: 'status' },
        STATUS_JOB_MS,
        'Reading the VPN status',
      );
      return outcome.ok
        ? { connected: outcome.value.connected, message: null }
        : { connected: null, message: outcome.error };
    } catch (error) {
      // A worker that does not answer in time leaves the status unknown; the account still shows.
      this.logger.warn({ tenantId, err: messageOf(error) }, 'VPN status not read');
      return { connected: null, message: messageOf(error) };
    }
  }

  private accountOf(row: TenantVpnEntity, settings: VpnSettings): VpnAccount {
    const password = this.box.open(row.passwordEnc);
    const server = settings.publicAddress;
    return {
      connectionName: row.connectionName,
      username: row.username,
      password,
      command: dialInCommand(row.service, {
        connectionName: row.connectionName,
        server,
        username: row.username,
        password,
      }),
      service: row.service,
      server,
      createdAt: row.createdAt.toISOString(),
    };
  }
}
