import { InjectQueue } from '@nestjs/bullmq';
import { BadRequestException, Inject, Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import type { Queue } from 'bullmq';
import { DataSource, In, Repository, type EntityManager } from 'typeorm';
import {
  DEFAULT_MIKROTIK_PORT,
  DEFAULT_POLL_INTERVAL_SECONDS,
  MIN_POLL_INTERVAL_SECONDS,
  BOUND_SECRETS,
  billingDay,
  expiryState,
  secretsToReenter,
  type BoundSecret,
  type OltDetail,
  type OltList,
  type OltRow,
  type OltSecretTargets,
} from '@pondesk/contracts';
import {
  InvoiceError,
  findOfferedCycle,
  findOfferedPackage,
  issueInvoice,
  offeredMonths,
} from '@pondesk/server-billing';
import { APP_CONFIG, SecretBox, type AppConfig } from '@pondesk/server-config';
import {
  BranchEntity,
  OltEntity,
  UserOltPermissionEntity,
  type BillingCycleEntity,
  type BillingPackageEntity,
} from '@pondesk/server-database';
import {
  POLL_JOB_OPTIONS,
  JobName,
  JobQueue,
  QueueName,
  scheduleOlt,
  unscheduleOlt,
  type OltJobPayload,
} from '@pondesk/server-queue';
import type { TenantActor } from '../../common/auth/actor';
import {
  DeviceTargetsService,
  type DeviceTargetFields,
} from '../../common/device-targets/device-targets.service';
import { likePattern, pageOf } from '../../common/http/page-query.dto';
import { AuditService } from '../audit/audit.service';
import type { CreateOltDto } from './dto/create-olt.dto';
import type { OltListQueryDto, OltSort } from './dto/olt-list-query.dto';
import type { UpdateOltDto } from './dto/update-olt.dto';
import { OltAccessService } from '../../common/olt-access/olt-access.service';
import {
  OltErrorCode,
  billingChoiceInvalid,
  branchNotFound,
  oltCodeTaken,
  oltNotFound,
} from './olts.exception';

/**
 * Each sort is a list of whole SQL expressions, each ordered in the chosen direction with blanks last
 * (an empty text reads as blank, so it sorts with the missing ones in both directions).
 */
const SORT_COLUMNS: Record<OltSort, readonly string[]> = {
  name: ['lower(o.name)'],
  code: ['lower(o.code)'],
  host: ['o.host'],
  status: ['o.status'],
  branch: ["nullif(lower(b.name), '')"],
  mikrotikHost: ["nullif(o.mikrotik_host, '')"],
  onuCount: ['o.onu_count', 'o.online_onu_count'],
  createdAt: ['o.created_at'],
};

function toRow(o: OltEntity, branchName: string | null, day = billingDay()): OltRow {
  return {
    id: o.id,
    code: o.code,
    name: o.name,
    host: o.host,
    brand: o.brand,
    mode: o.mode,
    model: o.model,
    branchId: o.branchId,
    branchName,
    mikrotikHost: o.mikrotikHost,
    status: o.status,
    cpuPercent: o.cpuPercent,
    memoryPercent: o.memoryPercent,
    onuCount: o.onuCount,
    onlineOnuCount: o.onlineOnuCount,
    ponPortCount: o.ponPortCount,
    lastPolledAt: o.lastPolledAt?.toISOString() ?? null,
    lastError: o.lastError,
    expiresOn: o.expiresOn,
    expiryState: expiryState(o.expiresOn, day),
  };
}

function toDetail(o: OltEntity, branchName: string | null): OltDetail {
  return {
    ...toRow(o, branchName),
    snmpPort: o.snmpPort,
    telnetPort: o.telnetPort,
    httpPort: o.httpPort,
    username: o.username,
    description: o.description,
    mikrotikPort: o.mikrotikPort,
    mikrotikUsername: o.mikrotikUsername,
    whatsappId: o.whatsappId,
    telegramId: o.telegramId,
    logName: o.logName,
    mikrotikLogName: o.mikrotikLogName,
    dataCollectionRatio: o.dataCollectionRatio,
    dbAlertRange: o.dbAlertRange,
    billingPackage: o.billingPackage,
    billingMonths: o.billingMonths,
    pollIntervalSeconds: o.pollIntervalSeconds,
    uptimeSeconds: o.uptimeSeconds === null ? null : Number(o.uptimeSeconds),
    lastPollDurationMs: o.lastPollDurationMs,
    hasPassword: !!o.passwordEnc,
    hasEnablePassword: !!o.enablePasswordEnc,
    hasMikrotikPassword: !!o.mikrotikPasswordEnc,
    hasSnmpWriteCommunity: !!o.snmpWriteCommunityEnc,
    createdAt: o.createdAt.toISOString(),
    updatedAt: o.updatedAt.toISOString(),
  };
}

const REQUIRED_FIELDS = [
  'name',
  'code',
  'host',
  'brand',
  'mode',
  'snmpPort',
  'snmpCommunity',
  'telnetPort',
  'pollIntervalSeconds',
] as const;

const SECRET_FIELDS = {
  password: 'passwordEnc',
  enablePassword: 'enablePasswordEnc',
  snmpCommunity: 'snmpCommunityEnc',
  snmpWriteCommunity: 'snmpWriteCommunityEnc',
  mikrotikPassword: 'mikrotikPasswordEnc',
} as const satisfies Record<BoundSecret, keyof OltEntity>;

/** Fields that decide where the OLT's traffic (and its secrets) go. */
const ADDRESS_FIELDS = [
  'host',
  'brand',
  'snmpPort',
  'telnetPort',
  'httpPort',
  'mikrotikHost',
  'mikrotikPort',
] as const satisfies readonly (keyof OltSecretTargets)[];

/** The OLT's device addresses with the request fields they come from, for the device-target policy. */
function deviceTargets(o: OltSecretTargets & { snmpPort: number; telnetPort: number }): DeviceTargetFields[] {
  const httpPort =
    o.httpPort === null || o.httpPort === '' ? (o.brand === 'avies' ? 80 : null) : Number(o.httpPort);
  const targets: DeviceTargetFields[] = [
    {
      host: o.host,
      hostField: 'host',
      ports: [
        { port: o.snmpPort, field: 'snmpPort' },
        { port: o.telnetPort, field: 'telnetPort' },
        ...(httpPort === null ? [] : [{ port: httpPort, field: 'httpPort' }]),
      ],
    },
  ];
  if (o.mikrotikHost)
    targets.push({
      host: o.mikrotikHost,
      hostField: 'mikrotikHost',
      ports: [{ port: Number(o.mikrotikPort ?? DEFAULT_MIKROTIK_PORT), field: 'mikrotikPort' }],
    });
  return targets;
}

@Injectable()
export class OltsService {
  private readonly box: SecretBox;
  /** The worker schedules with the same interval; both read OLT_HEALTH_INTERVAL_SECONDS. */
  private readonly healthIntervalMs: number;

  constructor(
    @InjectRepository(OltEntity) private readonly olts: Repository<OltEntity>,
    @InjectRepository(BranchEntity) private readonly branches: Repository<BranchEntity>,
    @InjectDataSource() private readonly db: DataSource,
    @InjectQueue(QueueName.OltPoll) private readonly pollQueue: Queue<OltJobPayload>,
    @InjectQueue(QueueName.OltHealth) private readonly healthQueue: Queue<OltJobPayload>,
    private readonly jobs: JobQueue,
    private readonly access: OltAccessService,
    private readonly audit: AuditService,
    private readonly targets: DeviceTargetsService,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.box = new SecretBox(config.ENCRYPTION_KEY);
    this.healthIntervalMs = config.OLT_HEALTH_INTERVAL_SECONDS * 1000;
  }

  async list(actor: TenantActor, query: OltListQueryDto): Promise<OltList> {
    const { page, pageSize, skip } = pageOf(query);
    const { sql, params } = this.access.scope(actor, 'o');
    const base = this.olts
      .createQueryBuilder('o')
      .leftJoin(BranchEntity, 'b', 'b.id = o.branch_id')
      .where(sql, params);
    const counts: { status: string; n: string }[] = await base
      .clone()
      .select('o.status', 'status')
      .addSelect('count(*)', 'n')
      .groupBy('o.status')
      .getRawMany();
    const filtered = base.clone();
    if (query.branchId) filtered.andWhere('o.branch_id = :branchId', { branchId: query.branchId });
    if (query.search?.trim()) {
      filtered.andWhere(
        `(o.name ILIKE :q OR o.code ILIKE :q OR o.host ILIKE :q OR coalesce(o.mikrotik_host, '') ILIKE :q OR coalesce(b.name, '') ILIKE :q OR o.status ILIKE :q OR o.brand ILIKE :q)`,
        { q: likePattern(query.search.trim()) },
      );
    }
    const total = await filtered.clone().getCount();
    // Raw rows: TypeORM's entity mode cannot order by expressions such as lower(name).
    const listed = filtered.clone().select('o.id', 'id').addSelect('b.name', 'branch_name');
    SORT_COLUMNS[query.sort ?? 'name'].forEach((expr, i) =>
      listed
        .addSelect(expr, `sort_${i}`)
        .addOrderBy(`sort_${i}`, query.order === 'desc' ? 'DESC' : 'ASC', 'NULLS LAST'),
    );
    const ids: { id: string; branch_name: string | null }[] = await listed
      .addOrderBy('o.id', 'ASC')
      .offset(skip)
      .limit(pageSize)
      .getRawMany();
    const entities = ids.length ? await this.olts.findBy({ id: In(ids.map((r) => r.id)) }) : [];
    const byId = new Map(entities.map((e) => [e.id, e]));
    const by = (s: string) => Number(counts.find((c) => c.status === s)?.n ?? 0);
    return {
      items: ids.flatMap((r) => {
        const olt = byId.get(r.id);
        return olt ? [toRow(olt, r.branch_name)] : [];
      }),
      total,
      page,
      pageSize,
      counts: {
        total: counts.reduce((a, c) => a + Number(c.n), 0),
        online: by('online'),
        offline: by('offline'),
        unknown: by('unknown'),
      },
    };
  }

  async get(actor: TenantActor, id: string): Promise<OltDetail> {
    const olt = await this.findVisible(actor, id);
    return toDetail(olt, await this.branchName(olt.branchId));
  }

  async create(actor: TenantActor, dto: CreateOltDto): Promise<OltDetail> {
    if (dto.branchId) await this.requireBranch(actor, dto.branchId);
    if (dto.code && (await this.olts.exists({ where: { tenantId: actor.tenantId, code: dto.code } })))
      throw oltCodeTaken(dto.code);
    const olt = this.olts.create({
      tenantId: actor.tenantId,
      code: dto.code ?? '',
      name: dto.name.trim(),
      host: dto.host,
      brand: dto.brand,
      mode: dto.mode,
      model: null,
      snmpPort: dto.snmpPort ?? 161,
      telnetPort: dto.telnetPort ?? 23,
      httpPort: dto.httpPort ?? (dto.brand === 'avies' ? 80 : null),
      username: dto.username ?? null,
      passwordEnc: this.box.sealOptional(dto.password),
      enablePasswordEnc: this.box.sealOptional(dto.enablePassword),
      snmpCommunityEnc: this.box.seal(dto.snmpCommunity),
      snmpWriteCommunityEnc: this.box.sealOptional(dto.snmpWriteCommunity),
      description: dto.description ?? null,
      branchId: dto.branchId ?? null,
      mikrotikHost: dto.mikrotikHost ?? null,
      // The API port of RouterOS unless another is given; no port without a MikroTik.
      mikrotikPort: dto.mikrotikHost ? (dto.mikrotikPort ?? DEFAULT_MIKROTIK_PORT) : null,
      mikrotikUsername: dto.mikrotikUsername ?? null,
      mikrotikPasswordEnc: this.box.sealOptional(dto.mikrotikPassword),
      whatsappId: dto.whatsappId ?? null,
      telegramId: dto.telegramId ?? null,
      logName: dto.logName ?? null,
      mikrotikLogName: dto.mikrotikLogName ?? null,
      dataCollectionRatio: dto.dataCollectionRatio ?? null,
      dbAlertRange: dto.dbAlertRange ?? null,
      billingPackage: null,
      billingMonths: null,
      pollIntervalSeconds: Math.max(
        MIN_POLL_INTERVAL_SECONDS,
        dto.pollIntervalSeconds ?? DEFAULT_POLL_INTERVAL_SECONDS,
      ),
      createdBy: actor.userId,
      updatedBy: actor.userId,
    });
    await this.targets.assertAllowed(deviceTargets(olt));
    const billing = await this.billingChoice(dto);
    if (billing) {
      olt.billingPackage = billing.pkg.name;
      olt.billingPackageId = billing.pkg.id;
      olt.billingMonths = billing.cycle.months;
    }
    const saved = await this.db.transaction(async (tx) => {
      if (!dto.code) olt.code = await nextCode(tx, actor.tenantId);
      const row = await tx.getRepository(OltEntity).save(olt);
      // The chosen package's first invoice, due, in the OLT's own transaction: both or neither.
      if (billing)
        await issueInvoice(tx, {
          tenantId: actor.tenantId,
          userId: actor.userId,
          packageId: billing.pkg.id,
          cycleId: billing.cycle.id,
          targetType: 'olt',
          targetId: row.id,
        }).catch((error: unknown) => {
          // The package or cycle was withdrawn a moment ago.
          if (error instanceof InvoiceError)
            throw billingChoiceInvalid(error.field === 'cycleId' ? 'billingMonths' : 'billingPackage');
          throw error;
        });
      // Staff who may add OLTs but see only permitted ones would otherwise lose sight of what they add.
      if (!this.access.seesAll(actor))
        await tx.getRepository(UserOltPermissionEntity).insert({
          userId: actor.userId,
          oltId: row.id,
          tenantId: actor.tenantId,
        });
      await this.audit.record(
        actor,
        { action: 'olt.create', entityType: 'olt', entityId: row.id, after: toDetail(row, null) },
        tx,
      );
      return row;
    });
    await this.schedule(saved);
    return toDetail(saved, await this.branchName(saved.branchId));
  }

  async update(actor: TenantActor, id: string, dto: UpdateOltDto): Promise<OltDetail> {
    // The DTO lets null through (it clears optional fields); a required column cannot be cleared.
    const cleared = REQUIRED_FIELDS.find((f) => (dto as Record<string, unknown>)[f] === null);
    if (cleared) {
      const message = `${cleared} cannot be empty`;
      throw new BadRequestException({
        statusCode: 400,
        error: 'Bad Request',
        message,
        fields: [{ field: cleared, message }],
      });
    }
    const olt = await this.findVisible(actor, id);
    const before = toDetail(olt, null);
    if (dto.branchId) await this.requireBranch(actor, dto.branchId);
    if (
      dto.code &&
      dto.code !== olt.code &&
      (await this.olts.exists({ where: { tenantId: actor.tenantId, code: dto.code } }))
    )
      throw oltCodeTaken(dto.code);
    const { password, enablePassword, snmpCommunity, snmpWriteCommunity, mikrotikPassword, ...plain } = dto;
    Object.assign(olt, plain, { updatedBy: actor.userId });
    const secrets = { password, enablePassword, snmpCommunity, snmpWriteCommunity, mikrotikPassword };
    for (const [field, column] of Object.entries(SECRET_FIELDS) as [
      keyof typeof SECRET_FIELDS,
      (typeof SECRET_FIELDS)[keyof typeof SECRET_FIELDS],
    ][]) {
      const value = secrets[field];
      if (value === undefined) continue;
      if (column === 'snmpCommunityEnc') {
        if (value) olt.snmpCommunityEnc = this.box.seal(value);
      } else olt[column] = this.box.sealOptional(value);
    }
    // As on create: a MikroTik without a port gets RouterOS's API port; none at all has no port.
    if (!olt.mikrotikHost) olt.mikrotikPort = null;
    else olt.mikrotikPort ??= DEFAULT_MIKROTIK_PORT;
    if (dto.pollIntervalSeconds)
      olt.pollIntervalSeconds = Math.max(MIN_POLL_INTERVAL_SECONDS, dto.pollIntervalSeconds);
    // A stored secret goes only where it went before unless the update types it again.
    const reenter = secretsToReenter(
      before,
      olt,
      Object.fromEntries(BOUND_SECRETS.map((f) => [f, !!olt[SECRET_FIELDS[f]]])),
      Object.fromEntries(BOUND_SECRETS.map((f) => [f, typeof secrets[f] === 'string' && secrets[f] !== ''])),
    );
    if (reenter.length)
      throw new BadRequestException({
        statusCode: 400,
        error: 'Bad Request',
        message: reenter[0].message,
        code: OltErrorCode.SECRET_REENTRY_REQUIRED,
        fields: reenter,
      });
    if (ADDRESS_FIELDS.some((f) => dto[f] !== undefined))
      await this.targets.assertAllowed(deviceTargets(olt));
    // Which secrets this update sent a value for (typed, or '' to clear), by name only: never a secret.
    const secretsChanged = BOUND_SECRETS.filter((f) => secrets[f] !== undefined && secrets[f] !== null);
    const saved = await this.db.transaction(async (tx) => {
      const row = await tx.getRepository(OltEntity).save(olt);
      await this.audit.record(
        actor,
        {
          action: 'olt.update',
          entityType: 'olt',
          entityId: row.id,
          before,
          after: { ...toDetail(row, null), ...(secretsChanged.length ? { secretsChanged } : {}) },
        },
        tx,
      );
      return row;
    });
    await this.schedule(saved);
    return toDetail(saved, await this.branchName(saved.branchId));
  }

  async remove(actor: TenantActor, id: string): Promise<void> {
    const olt = await this.findVisible(actor, id);
    await this.db.transaction(async (tx) => {
      await tx.getRepository(OltEntity).update({ id: olt.id }, { show: false, updatedBy: actor.userId });
      await this.audit.record(
        actor,
        {
          action: 'olt.delete',
          entityType: 'olt',
          entityId: olt.id,
          before: { show: true, name: olt.name },
          after: { show: false },
        },
        tx,
      );
    });
    await unscheduleOlt(this.pollQueue, this.healthQueue, olt.id);
  }

  async branchChoices(actor: TenantActor): Promise<{ id: string; name: string }[]> {
    return this.branches.find({
      where: { tenantId: actor.tenantId },
      select: { id: true, name: true },
      order: { name: 'ASC' },
    });
  }

  async pollNow(actor: TenantActor, id: string): Promise<void> {
    const olt = await this.findVisible(actor, id);
    await this.jobs.enqueue(
      JobName.PollOlt,
      { oltId: olt.id, tenantId: olt.tenantId, force: true },
      { ...POLL_JOB_OPTIONS, jobId: `poll-now-${olt.id}-${Date.now()}` },
    );
  }

  /** Keeps the OLT's schedulers in Redis in line with its row; an `every` scheduler also runs at once. */
  private schedule(olt: OltEntity): Promise<void> {
    return scheduleOlt(this.pollQueue, this.healthQueue, olt, { healthIntervalMs: this.healthIntervalMs });
  }

  private async findVisible(actor: TenantActor, id: string): Promise<OltEntity> {
    const { sql, params } = this.access.scope(actor, 'o');
    const olt = await this.olts
      .createQueryBuilder('o')
      .where(sql, params)
      .andWhere('o.id = :id', { id })
      .getOne();
    if (!olt) throw oltNotFound();
    return olt;
  }

  /**
   * Add OLT's billing: an offered OLT package (its id, or its name as on the card) and the months of an
   * offered cycle, both or neither (an OLT added without billing is never billed).
   */
  private async billingChoice(
    dto: CreateOltDto,
  ): Promise<{ pkg: BillingPackageEntity; cycle: BillingCycleEntity } | null> {
    const { billingPackage, billingMonths } = dto;
    if (billingPackage === undefined && billingMonths === undefined) return null;
    if (billingPackage === undefined || !billingPackage.trim()) throw billingChoiceInvalid('billingPackage');
    if (billingMonths === undefined) throw billingChoiceInvalid('billingMonths');
    const pkg = await findOfferedPackage(this.db.manager, 'olt', billingPackage);
    if (!pkg)
      throw billingChoiceInvalid('billingPackage', 'billingPackage must be one of the offered OLT packages');
    const cycle = await findOfferedCycle(this.db.manager, billingMonths);
    if (!cycle) {
      const months = await offeredMonths(this.db.manager);
      throw billingChoiceInvalid(
        'billingMonths',
        months.length
          ? `billingMonths must be one of the offered months: ${months.join(', ')}`
          : 'No billing months are offered',
      );
    }
    return { pkg, cycle };
  }

  private async requireBranch(actor: TenantActor, branchId: string): Promise<void> {
    if (!(await this.branches.exists({ where: { id: branchId, tenantId: actor.tenantId } })))
      throw branchNotFound();
  }

  private async branchName(branchId: string | null): Promise<string | null> {
    if (!branchId) return null;
    return (await this.branches.findOne({ where: { id: branchId }, select: { name: true } }))?.name ?? null;
  }
}

/**
 * The next `OLT-nnn` of a tenant, one past the highest in use. Adds
 * made together take it in turn, under a lock held to the end of the transaction that inserts the OLT,
 * so two of them never draw the same number.
 */
async function nextCode(tx: EntityManager, tenantId: string): Promise<string> {
  await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`olt-code:${tenantId}`]);
  const [{ n }]: { n: number }[] = await tx.query(
    `SELECT coalesce(max(substring(code FROM '^OLT-([0-9]{1,9})$')::int), 0) + 1 AS n FROM olt WHERE tenant_id = $1`,
    [tenantId],
  );
  return `OLT-${String(n).padStart(3, '0')}`;
}
