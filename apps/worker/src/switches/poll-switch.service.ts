import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Job } from 'bullmq';
import type { Repository } from 'typeorm';
import { switchOpticsKind, type SwitchStatus } from '@pondesk/contracts';
import { createSwitchDriver } from '@pondesk/device-drivers';
import { APP_CONFIG, SecretBox, type AppConfig } from '@pondesk/server-config';
import { SwitchEntity, toSwitchPortEvent, toSwitchPortRow } from '@pondesk/server-database';
import { JobName, type PollSwitchResult, type SwitchJobPayload } from '@pondesk/server-queue';
import { OnJob } from '../jobs/on-job.decorator';
import { DeviceTargetGuard } from '../olt-sessions/device-target-guard';
import { scheduledAt } from '../polling/poll-olt.service';
import { EventPublisher } from '../realtime/event-publisher.service';
import { SwitchStore, type SwitchReading } from './switch-store.service';

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * One switch's optics and link poll: the ports its brand's optics driver lists (one SNMP walk of its
 * tables), stored with their events and samples, and pushed to the users who see switches. A switch that
 * does not answer is shown offline at once; the job still succeeds (the next interval tries again).
 */
@Injectable()
export class PollSwitchService {
  private readonly logger = new Logger(PollSwitchService.name);
  private readonly box: SecretBox;

  constructor(
    @InjectRepository(SwitchEntity) private readonly switches: Repository<SwitchEntity>,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly targets: DeviceTargetGuard,
    private readonly store: SwitchStore,
    private readonly events: EventPublisher,
  ) {
    this.box = new SecretBox(config.ENCRYPTION_KEY);
  }

  @OnJob(JobName.PollSwitch)
  async pollSwitch(p: SwitchJobPayload, job: Job): Promise<PollSwitchResult> {
    const sw = await this.switches.findOne({ where: { id: p.switchId, tenantId: p.tenantId, show: true } });
    if (!sw) return { skipped: 'gone' };
    return this.poll(sw, scheduledAt(job));
  }

  async poll(sw: SwitchEntity, pollTime: Date): Promise<PollSwitchResult> {
    const t0 = performance.now();
    let reading: SwitchReading;
    try {
      reading = await this.read(sw);
    } catch (error) {
      return this.readFailed(sw, pollTime, Math.round(performance.now() - t0), messageOf(error));
    }
    // Only the read is the switch's business: a database failing here fails the job.
    const applied = await this.store.applyPoll(sw, reading, pollTime, Math.round(performance.now() - t0));
    if (applied.gone) return { skipped: 'gone' };
    const durationMs = Math.round(performance.now() - t0);
    const at = new Date().toISOString();
    const view = { name: sw.name, dbAlertRange: sw.dbAlertRange };
    if (applied.changed.length || applied.events.length)
      this.events.switchPortsChanged(sw.tenantId, {
        switchId: sw.id,
        ports: applied.changed.map((p) => toSwitchPortRow(p, view)),
        events: applied.events.map((e) => toSwitchPortEvent(e.event, e.portName)),
        at,
      });
    this.statusChanged(sw, applied.previous, 'online', null, at);
    return { ok: true, durationMs, ports: applied.ports, changed: applied.changed.length };
  }

  /** Its brand's optics driver on the checked address; the community is unsealed only in memory. */
  private async read(sw: SwitchEntity): Promise<SwitchReading> {
    const address = await this.targets.pin(sw.ip, [sw.snmpPort]);
    const driver = createSwitchDriver(switchOpticsKind(sw.brand), {
      host: address,
      snmp: {
        port: sw.snmpPort,
        version: 'v2c',
        community: this.box.open(sw.snmpCommunityEnc),
        timeoutMs: this.config.SNMP_TIMEOUT_MS,
        retries: this.config.SNMP_RETRIES,
      },
    });
    try {
      const [id, ports] = await Promise.all([driver.identify(), driver.listPorts()]);
      return { sysDescr: id.sysDescr, ports };
    } finally {
      await driver.close().catch(() => undefined);
    }
  }

  private async readFailed(
    sw: SwitchEntity,
    pollTime: Date,
    durationMs: number,
    error: string,
  ): Promise<PollSwitchResult> {
    this.logger.warn({ switchId: sw.id, err: error }, `poll of switch ${sw.name} failed`);
    const previous = await this.store.recordFailure(sw, error, pollTime, durationMs);
    if (previous === null) return { skipped: 'gone' };
    this.statusChanged(sw, previous, 'offline', error, new Date().toISOString());
    return { ok: false, durationMs, error };
  }

  private statusChanged(
    sw: SwitchEntity,
    previous: SwitchStatus,
    status: SwitchStatus,
    error: string | null,
    at: string,
  ): void {
    if (previous === status) return;
    this.events.switchStatusChanged(sw.tenantId, { switchId: sw.id, status, previous, error, at });
  }
}
