import { InjectQueue } from '@nestjs/bullmq';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import type { Queue } from 'bullmq';
import { DataSource, In, Repository } from 'typeorm';
import {
  DEFAULT_SNMP_PORT,
  SWITCH_BRANDS,
  SWITCH_POLL_MINUTES,
  SWITCH_RX_ALERT_DBM,
  billingDay,
  expiryState,
  type SwitchCatalogue,
  type SwitchList,
  type SwitchOption,
  type SwitchRow,
  type SwitchSort,
  type SwitchStatus,
} from '@pondesk/contracts';
import { APP_CONFIG, SecretBox, type AppConfig } from '@pondesk/server-config';
import { OltEntity, SwitchEntity } from '@pondesk/server-database';
import {
  JobName,
  JobQueue,
  QueueName,
  SWITCH_POLL_JOB_OPTIONS,
  scheduleSwitch,
  unscheduleSwitch,
  type SwitchJobPayload,
} from '@pondesk/server-queue';
import type { TenantActor } from '../../common/auth/actor';
import { DeviceTargetsService } from '../../common/device-targets/device-targets.service';
import { likePattern, pageOf } from '../../common/http/page-query.dto';
import { OltAccessService } from '../../common/olt-access/olt-access.service';
import { AuditService } from '../audit/audit.service';
import type { CreateSwitchDto } from './dto/create-switch.dto';
import type { SwitchListQueryDto } from './dto/switch-list-query.dto';
import type { UpdateSwitchDto } from './dto/update-switch.dto';
import {
  communityReentryRequired,
  requiredFieldCleared,
  switchNotFound,
  switchOltNotFound,
} from './switches.exception';

/** Whole SQL expressions per sort, each in the chosen direction with blanks last; then name and id. */
const SORT_COLUMNS: Record<SwitchSort, readonly string[]> = {
  name: ['lower(s.name)'],
  ip: ['lower(s.ip)'],
  brand: ['s.brand'],
  status: ['s.status'],
  expiresOn: ['s.expires_on'],
  createdAt: ['s.created_at'],
};

/** Update fields whose column cannot be empty: null is refused, not stored. */
const REQUIRED_FIELDS = ['name', 'ip', 'brand', 'snmpPort'] as const;

/** The switch as the API shows it: never the community, only whether one is stored. */
export function toSwitchRow(s: SwitchEntity, oltName: string | null, day = billingDay()): SwitchRow {
  return {
    id: s.id,
    name: s.name,
    ip: s.ip,
    snmpPort: s.snmpPort,
    hasCommunity: !!s.snmpCommunityEnc,
    brand: s.brand,
    description: s.description,
    oltId: s.oltId,
    oltName: s.oltId ? oltName : null,
    whatsappId: s.whatsappId,
    telegramId: s.telegramId,
    dataCollectionRatio: s.dataCollectionRatio,
    dbAlertRange: s.dbAlertRange,
    billingPackage: s.billingPackage,
    expiresOn: s.expiresOn,
    expireStatus: s.expiresOn !== null && s.expiresOn < day ? 'expired' : 'active',
    expiryState: expiryState(s.expiresOn, day),
    status: s.status,
    sysDescr: s.sysDescr,
    portCount: s.portCount,
    alertPortCount: s.alertPortCount,
    lastPolledAt: s.lastPolledAt?.toISOString() ?? null,
    lastPollDurationMs: s.lastPollDurationMs,
    lastError: s.lastError,
    createdAt: s.createdAt.toISOString(),
    updatedAt: s.updatedAt.toISOString(),
  };
}

/** What the audit log keeps of a switch: its row (which never carries the community). */
const auditOf = (s: SwitchEntity): SwitchRow => toSwitchRow(s, null);

@Injectable()
export class SwitchesService {
  private readonly box: SecretBox;

  constructor(
    @InjectRepository(SwitchEntity) private readonly switches: Repository<SwitchEntity>,
    @InjectDataSource() private readonly db: DataSource,
    @InjectQueue(QueueName.SwitchPoll) private readonly pollQueue: Queue<SwitchJobPayload>,
    private readonly jobs: JobQueue,
    private readonly access: OltAccessService,
    private readonly audit: AuditService,
    private readonly targets: DeviceTargetsService,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.box = new SecretBox(config.ENCRYPTION_KEY);
  }

  async list(actor: TenantActor, query: SwitchListQueryDto): Promise<SwitchList> {
    const { page, pageSize, skip } = pageOf(query);
    const day = billingDay();
    const base = this.switches
      .createQueryBuilder('s')
      .leftJoin(OltEntity, 'o', 'o.id = s.olt_id AND o.tenant_id = s.tenant_id AND o.show = true')
      .where('s.tenant_id = :tenantId AND s.show = true', { tenantId: actor.tenantId });
    const [counts]: { total: string; online: string; offline: string; expired: string }[] = await base
      .clone()
      .select('count(*)', 'total')
      .addSelect(`count(*) FILTER (WHERE s.status = 'online')`, 'online')
      .addSelect(`count(*) FILTER (WHERE s.status = 'offline')`, 'offline')
      .addSelect('count(*) FILTER (WHERE s.expires_on < :day)', 'expired')
      .setParameter('day', day)
      .getRawMany();
    const filtered = base.clone();
    const term = query.search?.trim();
    if (term)
      filtered.andWhere(
        `(s.name ILIKE :q OR s.ip ILIKE :q OR coalesce(s.description, '') ILIKE :q OR s.brand ILIKE :q OR coalesce(o.name, '') ILIKE :q)`,
        { q: likePattern(term) },
      );
    const total = await filtered.clone().getCount();
    // Raw rows: TypeORM's entity mode cannot order by expressions such as lower(name).
    const listed = filtered.clone().select('s.id', 'id').addSelect('o.name', 'olt_name');
    const direction = query.order === 'desc' ? 'DESC' : 'ASC';
    [...SORT_COLUMNS[query.sort ?? 'name'], 'lower(s.name)'].forEach((expr, i) =>
      listed.addSelect(expr, `sort_${i}`).addOrderBy(`sort_${i}`, direction, 'NULLS LAST'),
    );
    const ids: { id: string; olt_name: string | null }[] = await listed
      .addOrderBy('s.id', 'ASC')
      .offset(skip)
      .limit(pageSize)
      .getRawMany();
    const entities = ids.length ? await this.switches.findBy({ id: In(ids.map((r) => r.id)) }) : [];
    const byId = new Map(entities.map((e) => [e.id, e]));
    return {
      items: ids.flatMap((r) => {
        const sw = byId.get(r.id);
        return sw ? [toSwitchRow(sw, r.olt_name, day)] : [];
      }),
      total,
      page,
      pageSize,
      counts: {
        total: Number(counts?.total ?? 0),
        online: Number(counts?.online ?? 0),
        offline: Number(counts?.offline ?? 0),
        expired: Number(counts?.expired ?? 0),
      },
    };
  }

  async get(actor: TenantActor, id: string): Promise<SwitchRow> {
    const sw = await this.findOwn(actor, id);
    return toSwitchRow(sw, await this.oltName(sw));
  }

  async create(actor: TenantActor, dto: CreateSwitchDto): Promise<SwitchRow> {
    if (dto.oltId) await this.requireVisibleOlt(actor, dto.oltId);
    const sw = this.switches.create({
      tenantId: actor.tenantId,
      name: dto.name.trim(),
      ip: dto.ip,
      snmpPort: dto.snmpPort ?? DEFAULT_SNMP_PORT,
      snmpCommunityEnc: this.box.seal(dto.community),
      brand: dto.brand,
      description: dto.description ?? null,
      oltId: dto.oltId ?? null,
      whatsappId: dto.whatsappId ?? null,
      telegramId: dto.telegramId ?? null,
      dataCollectionRatio: dto.dataCollectionRatio ?? SWITCH_POLL_MINUTES.default,
      dbAlertRange: dto.dbAlertRange ?? SWITCH_RX_ALERT_DBM.default,
      billingPackage: dto.billingPackage ?? null,
      expiresOn: null,
      show: true,
      status: 'unknown',
      createdBy: actor.userId,
      updatedBy: actor.userId,
    });
    await this.assertTarget(sw);
    const saved = await this.db.transaction(async (tx) => {
      const row = await tx.getRepository(SwitchEntity).save(sw);
      await this.audit.record(
        actor,
        { action: 'switch.create', entityType: 'switch', entityId: row.id, after: auditOf(row) },
        tx,
      );
      return row;
    });
    await scheduleSwitch(this.pollQueue, saved);
    return toSwitchRow(saved, await this.oltName(saved));
  }

  async update(actor: TenantActor, id: string, dto: UpdateSwitchDto): Promise<SwitchRow> {
    // The update DTO lets null through (it clears optional fields); a required column cannot be cleared.
    const cleared = REQUIRED_FIELDS.find((f) => (dto as Record<string, unknown>)[f] === null);
    if (cleared) throw requiredFieldCleared(cleared);
    const sw = await this.findOwn(actor, id);
    const before = auditOf(sw);
    if (dto.oltId) await this.requireVisibleOlt(actor, dto.oltId);
    const { community, dataCollectionRatio, dbAlertRange, name, ...plain } = dto;
    const typed = typeof community === 'string' && community !== '';
    // The stored community goes only where it went before unless the update types it again.
    if (!typed && dto.ip !== undefined && dto.ip !== sw.ip) throw communityReentryRequired('address');
    if (!typed && dto.snmpPort !== undefined && dto.snmpPort !== sw.snmpPort)
      throw communityReentryRequired('SNMP port');
    Object.assign(sw, plain, { updatedBy: actor.userId });
    if (name !== undefined) sw.name = name.trim();
    if (typed) sw.snmpCommunityEnc = this.box.seal(community);
    // Null puts a setting back to its default.
    if (dataCollectionRatio !== undefined)
      sw.dataCollectionRatio = dataCollectionRatio ?? SWITCH_POLL_MINUTES.default;
    if (dbAlertRange !== undefined) sw.dbAlertRange = dbAlertRange ?? SWITCH_RX_ALERT_DBM.default;
    if (dto.ip !== undefined || dto.snmpPort !== undefined) await this.assertTarget(sw);
    const saved = await this.db.transaction(async (tx) => {
      const row = await tx.getRepository(SwitchEntity).save(sw);
      await this.audit.record(
        actor,
        {
          action: 'switch.update',
          entityType: 'switch',
          entityId: row.id,
          before,
          // Whether the community was typed again, never its value.
          after: { ...auditOf(row), ...(typed ? { communityChanged: true } : {}) },
        },
        tx,
      );
      return row;
    });
    if (saved.dataCollectionRatio !== before.dataCollectionRatio) await scheduleSwitch(this.pollQueue, saved);
    return toSwitchRow(saved, await this.oltName(saved));
  }

  async remove(actor: TenantActor, id: string): Promise<void> {
    const sw = await this.findOwn(actor, id);
    await this.db.transaction(async (tx) => {
      await tx.getRepository(SwitchEntity).update({ id: sw.id }, { show: false, updatedBy: actor.userId });
      await this.audit.record(
        actor,
        {
          action: 'switch.delete',
          entityType: 'switch',
          entityId: sw.id,
          before: { show: true, name: sw.name },
          after: { show: false },
        },
        tx,
      );
    });
    await unscheduleSwitch(this.pollQueue, sw.id);
  }

  async pollNow(actor: TenantActor, id: string): Promise<void> {
    const sw = await this.findOwn(actor, id);
    await this.jobs.enqueue(
      JobName.PollSwitch,
      { switchId: sw.id, tenantId: sw.tenantId },
      { ...SWITCH_POLL_JOB_OPTIONS, jobId: `poll-now-${sw.id}-${Date.now()}` },
    );
  }

  async catalogue(actor: TenantActor): Promise<SwitchCatalogue> {
    const { sql, params } = this.access.scope(actor, 'o');
    const olts: { id: string; name: string }[] = await this.db
      .createQueryBuilder()
      .select('o.id', 'id')
      .addSelect('o.name', 'name')
      .from(OltEntity, 'o')
      .where(sql, params)
      .orderBy('lower(o.name)', 'ASC')
      .addOrderBy('o.id', 'ASC')
      .getRawMany();
    // The OLT form takes its billing package as text; the choices are the ones the tenant already uses.
    const packages: { name: string }[] = await this.db.query(
      `SELECT DISTINCT billing_package AS name FROM olt WHERE tenant_id = $1 AND show AND coalesce(billing_package, '') <> ''
       UNION SELECT DISTINCT billing_package FROM switch WHERE tenant_id = $1 AND show AND coalesce(billing_package, '') <> ''
       ORDER BY 1`,
      [actor.tenantId],
    );
    return {
      brands: SWITCH_BRANDS.map((b) => ({ code: b.code, label: b.label })),
      olts,
      billingPackages: packages.map((p) => p.name),
    };
  }

  /** Each switch with its ports (natural order), for the filters and the graph's selector. */
  async options(actor: TenantActor): Promise<SwitchOption[]> {
    const rows: { id: string; name: string; status: SwitchStatus; ports: { id: string; name: string }[] }[] =
      await this.db.query(
        `SELECT s.id, s.name, s.status,
                coalesce(json_agg(json_build_object('id', p.id, 'name', p.name) ORDER BY p.sort_name, p.id)
                  FILTER (WHERE p.id IS NOT NULL), '[]') AS ports
           FROM switch s LEFT JOIN switch_port p ON p.switch_id = s.id
          WHERE s.tenant_id = $1 AND s.show
          GROUP BY s.id
          ORDER BY lower(s.name), s.id`,
        [actor.tenantId],
      );
    return rows.map((r) => ({ id: r.id, name: r.name, status: r.status, ports: r.ports }));
  }

  /** A shown switch of the actor's tenant; anything else (another tenant's, deleted) is a 404. */
  async findOwn(actor: TenantActor, id: string): Promise<SwitchEntity> {
    const sw = await this.switches.findOne({ where: { id, tenantId: actor.tenantId, show: true } });
    if (!sw) throw switchNotFound();
    return sw;
  }

  /** The stored community of a shown switch of the tenant (for the form's check); never returned. */
  openCommunity(sw: SwitchEntity): string {
    return this.box.open(sw.snmpCommunityEnc);
  }

  private assertTarget(sw: SwitchEntity): Promise<void> {
    return this.targets.assertAllowed([
      { host: sw.ip, hostField: 'ip', ports: [{ port: sw.snmpPort, field: 'snmpPort' }] },
    ]);
  }

  private async requireVisibleOlt(actor: TenantActor, oltId: string): Promise<void> {
    if (!(await this.access.canSee(actor, oltId))) throw switchOltNotFound();
  }

  private async oltName(sw: SwitchEntity): Promise<string | null> {
    if (!sw.oltId) return null;
    const olt = await this.db
      .getRepository(OltEntity)
      .findOne({ where: { id: sw.oltId, tenantId: sw.tenantId, show: true }, select: { name: true } });
    return olt?.name ?? null;
  }
}
