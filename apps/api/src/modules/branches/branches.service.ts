import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { BranchRow } from '@pondesk/contracts';
import { BranchEntity } from '@pondesk/server-database';
import type { TenantActor } from '../../common/auth/actor';
import { AuditService } from '../audit/audit.service';
import { branchNotFound } from './branches.exception';
import type { CreateBranchDto, UpdateBranchDto } from './dto/branch.dto';

/** Branches (zones) of one tenant. */
@Injectable()
export class BranchesService {
  constructor(
    private readonly db: DataSource,
    private readonly audit: AuditService,
  ) {}

  async list(actor: TenantActor): Promise<BranchRow[]> {
    const branches = await this.db.getRepository(BranchEntity).find({
      where: { tenantId: actor.tenantId },
      order: { name: 'ASC', id: 'ASC' },
    });
    const counts = await this.userCounts(actor.tenantId);
    return branches.map((b) => this.toRow(b, counts.get(b.id) ?? 0));
  }

  async get(actor: TenantActor, id: string, m: EntityManager = this.db.manager): Promise<BranchRow> {
    const branch = await this.load(m, actor.tenantId, id);
    return this.toRow(branch, (await this.userCounts(actor.tenantId, m)).get(id) ?? 0);
  }

  private async load(m: EntityManager, tenantId: string, id: string): Promise<BranchEntity> {
    const branch = await m.getRepository(BranchEntity).findOne({ where: { id, tenantId } });
    if (!branch) throw branchNotFound();
    return branch;
  }

  create(actor: TenantActor, body: CreateBranchDto): Promise<BranchRow> {
    return this.db.transaction(async (m) => {
      const repo = m.getRepository(BranchEntity);
      const saved = await repo.save(
        repo.create({
          tenantId: actor.tenantId,
          name: body.name.trim(),
          address: body.address ?? null,
          isActive: body.isActive ?? true,
        }),
      );
      await this.audit.record(
        actor,
        { action: 'branch.create', entityType: 'branch', entityId: saved.id, after: saved },
        m,
      );
      return this.get(actor, saved.id, m);
    });
  }

  update(actor: TenantActor, id: string, body: UpdateBranchDto): Promise<BranchRow> {
    return this.db.transaction(async (m) => {
      const before = await this.load(m, actor.tenantId, id);
      const changes: Partial<BranchEntity> = {};
      if (body.name !== undefined) changes.name = body.name.trim();
      if (body.address !== undefined) changes.address = body.address;
      if (body.isActive !== undefined) changes.isActive = body.isActive;
      if (Object.keys(changes).length)
        await m.getRepository(BranchEntity).update({ id, tenantId: actor.tenantId }, changes);
      const after = await this.load(m, actor.tenantId, id);
      await this.audit.record(
        actor,
        { action: 'branch.update', entityType: 'branch', entityId: id, before, after },
        m,
      );
      return this.get(actor, id, m);
    });
  }

  async remove(actor: TenantActor, id: string): Promise<void> {
    await this.db.transaction(async (m) => {
      const before = await this.load(m, actor.tenantId, id);
      // Users lose the branch (join rows cascade); they are not deleted.
      await m.getRepository(BranchEntity).delete({ id, tenantId: actor.tenantId });
      await this.audit.record(
        actor,
        { action: 'branch.delete', entityType: 'branch', entityId: id, before },
        m,
      );
    });
  }

  private async userCounts(
    tenantId: string,
    m: EntityManager = this.db.manager,
  ): Promise<Map<string, number>> {
    const rows: { branch_id: string; n: string }[] = await m.query(
      `SELECT ub.branch_id, count(*) AS n FROM user_branch ub JOIN branch b ON b.id = ub.branch_id
        WHERE b.tenant_id = $1 GROUP BY ub.branch_id`,
      [tenantId],
    );
    return new Map(rows.map((r) => [r.branch_id, Number(r.n)]));
  }

  private toRow(b: BranchEntity, userCount: number): BranchRow {
    return {
      id: b.id,
      name: b.name,
      address: b.address,
      isActive: b.isActive,
      userCount,
      createdAt: b.createdAt.toISOString(),
    };
  }
}
