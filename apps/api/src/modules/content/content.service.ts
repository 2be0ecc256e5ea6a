import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, Repository, type EntityManager } from 'typeorm';
import {
  DEFAULT_TERMS_TITLE,
  type CompanyLinks,
  type OtherProduct,
  type PublicContent,
  type SupportContact,
  type TenantContent,
  type TermsContent,
  type UpdateEvent,
} from '@pondesk/contracts';
import {
  OtherProductEntity,
  PlatformSettingEntity,
  UpdateEventEntity,
  UpdateEventSeenEntity,
} from '@pondesk/server-database';
import type { PlatformActor } from '../../common/auth/actor';
import { AuditService } from '../audit/audit.service';
import type {
  CompanyLinksDto,
  OtherProductDto,
  SupportContactDto,
  TermsContentDto,
  UpdateEventDto,
} from './dto/platform-content.dto';
import { eventNotFound, productNotFound } from './content.exception';

/** The `platform_setting` rows this module owns, with what is shown while nothing is saved. */
const SETTINGS = {
  support: { phone: '', email: '', chatLink: '' } satisfies SupportContact,
  terms: { title: DEFAULT_TERMS_TITLE, content: '' } satisfies TermsContent,
  company: { companyName: '', facebookPage: '', playStoreApp: '' } satisfies CompanyLinks,
};
type SettingKey = keyof typeof SETTINGS;

/** The saved value's known string fields over the defaults (a row edited by hand cannot add fields). */
function settingOf<K extends SettingKey>(key: K, saved: Record<string, unknown> | undefined) {
  const out: Record<string, string> = { ...SETTINGS[key] };
  for (const field of Object.keys(out)) {
    const value = saved?.[field];
    if (typeof value === 'string') out[field] = value;
  }
  return out as (typeof SETTINGS)[K];
}

function toProduct(p: OtherProductEntity): OtherProduct {
  return {
    id: p.id,
    name: p.name,
    description: p.description,
    photoUrl: p.photoUrl,
    link: p.link,
    sortOrder: p.sortOrder,
  };
}

function toEvent(e: UpdateEventEntity): UpdateEvent {
  return {
    id: e.id,
    note: e.note,
    description: e.description,
    reportLink: e.reportLink,
    startsAt: e.startsAt.toISOString(),
    endsAt: e.endsAt.toISOString(),
  };
}

/**
 * The platform's own content: support contact, terms, company links (`platform_setting`), the other
 * products of the support panel and the update-event popups. The platform administrator edits it; tenants
 * and guests read it.
 */
@Injectable()
export class ContentService {
  constructor(
    private readonly db: DataSource,
    @InjectRepository(PlatformSettingEntity) private readonly settings: Repository<PlatformSettingEntity>,
    @InjectRepository(OtherProductEntity) private readonly products: Repository<OtherProductEntity>,
    @InjectRepository(UpdateEventEntity) private readonly events: Repository<UpdateEventEntity>,
    private readonly audit: AuditService,
  ) {}

  // Settings

  async setting<K extends SettingKey>(key: K): Promise<(typeof SETTINGS)[K]> {
    const row = await this.settings.findOne({ where: { key } });
    return settingOf(key, row?.value);
  }

  putSupport(actor: PlatformActor, body: SupportContactDto): Promise<SupportContact> {
    return this.putSetting(actor, 'support', {
      phone: body.phone.trim(),
      email: body.email.trim(),
      chatLink: body.chatLink,
    });
  }

  putTerms(actor: PlatformActor, body: TermsContentDto): Promise<TermsContent> {
    return this.putSetting(actor, 'terms', { title: body.title, content: body.content });
  }

  putCompany(actor: PlatformActor, body: CompanyLinksDto): Promise<CompanyLinks> {
    return this.putSetting(actor, 'company', {
      companyName: body.companyName.trim(),
      facebookPage: body.facebookPage,
      playStoreApp: body.playStoreApp,
    });
  }

  private async putSetting<K extends SettingKey>(
    actor: PlatformActor,
    key: K,
    value: (typeof SETTINGS)[K],
  ): Promise<(typeof SETTINGS)[K]> {
    await this.db.transaction(async (m) => {
      const [before]: { value: Record<string, unknown> }[] = await m.query(
        `SELECT value FROM platform_setting WHERE key = $1 FOR UPDATE`,
        [key],
      );
      // An upsert: two first saves at once do not collide on the key.
      await m.query(
        `INSERT INTO platform_setting (key, value, updated_at) VALUES ($1, $2::jsonb, now())
         ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = now()`,
        [key, JSON.stringify(value)],
      );
      await this.record(m, actor, `content.${key}.update`, 'platform_setting', key, {
        before: before ? settingOf(key, before.value) : null,
        after: value,
      });
    });
    return value;
  }

  // Other products

  async listProducts(): Promise<OtherProduct[]> {
    const rows = await this.products.find({ order: { sortOrder: 'ASC', name: 'ASC', id: 'ASC' } });
    return rows.map(toProduct);
  }

  async createProduct(actor: PlatformActor, body: OtherProductDto): Promise<OtherProduct> {
    return this.db.transaction(async (m) => {
      const repo = m.getRepository(OtherProductEntity);
      const saved = await repo.save(repo.create({ ...body }));
      await this.record(m, actor, 'other-product.create', 'other_product', saved.id, { after: saved });
      return toProduct(saved);
    });
  }

  async updateProduct(actor: PlatformActor, id: string, body: OtherProductDto): Promise<OtherProduct> {
    return this.db.transaction(async (m) => {
      const repo = m.getRepository(OtherProductEntity);
      const before = await repo.findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
      if (!before) throw productNotFound();
      const after = await repo.save(repo.merge(repo.create({ ...before }), body));
      await this.record(m, actor, 'other-product.update', 'other_product', id, { before, after });
      return toProduct(after);
    });
  }

  async deleteProduct(actor: PlatformActor, id: string): Promise<void> {
    await this.db.transaction(async (m) => {
      const repo = m.getRepository(OtherProductEntity);
      const before = await repo.findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
      if (!before) throw productNotFound();
      await repo.delete({ id });
      await this.record(m, actor, 'other-product.delete', 'other_product', id, { before });
    });
  }

  // Update events

  async listEvents(): Promise<UpdateEvent[]> {
    const rows = await this.events.find({ order: { startsAt: 'DESC', id: 'ASC' } });
    return rows.map(toEvent);
  }

  async createEvent(actor: PlatformActor, body: UpdateEventDto): Promise<UpdateEvent> {
    return this.db.transaction(async (m) => {
      const repo = m.getRepository(UpdateEventEntity);
      const saved = await repo.save(repo.create(eventFields(body)));
      await this.record(m, actor, 'update-event.create', 'update_event', saved.id, { after: saved });
      return toEvent(saved);
    });
  }

  async updateEvent(actor: PlatformActor, id: string, body: UpdateEventDto): Promise<UpdateEvent> {
    return this.db.transaction(async (m) => {
      const repo = m.getRepository(UpdateEventEntity);
      const before = await repo.findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
      if (!before) throw eventNotFound();
      const after = await repo.save(repo.merge(repo.create({ ...before }), eventFields(body)));
      await this.record(m, actor, 'update-event.update', 'update_event', id, { before, after });
      return toEvent(after);
    });
  }

  async deleteEvent(actor: PlatformActor, id: string): Promise<void> {
    await this.db.transaction(async (m) => {
      const repo = m.getRepository(UpdateEventEntity);
      const before = await repo.findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
      if (!before) throw eventNotFound();
      await m.getRepository(UpdateEventSeenEntity).delete({ eventId: id });
      await repo.delete({ id });
      await this.record(m, actor, 'update-event.delete', 'update_event', id, { before });
    });
  }

  // What tenants and guests read

  async tenantContent(): Promise<TenantContent> {
    const [support, products] = await Promise.all([this.setting('support'), this.listProducts()]);
    return { support, products };
  }

  async publicContent(): Promise<PublicContent> {
    const [terms, company] = await Promise.all([this.setting('terms'), this.setting('company')]);
    return { terms, company };
  }

  /** The earliest-starting event active now that this user has not closed. */
  async activeEvent(userId: string): Promise<UpdateEvent | null> {
    const row = await this.events
      .createQueryBuilder('e')
      .where('e.starts_at <= now() AND e.ends_at > now()')
      .andWhere(
        'NOT EXISTS (SELECT 1 FROM update_event_seen s WHERE s.event_id = e.id AND s.user_id = :userId)',
        { userId },
      )
      .orderBy('e.starts_at', 'ASC')
      .addOrderBy('e.id', 'ASC')
      .getOne();
    return row ? toEvent(row) : null;
  }

  /** The user closed the event's popup; closing it again changes nothing. */
  async markSeen(userId: string, eventId: string): Promise<void> {
    const inserted: unknown[] = await this.db.query(
      `INSERT INTO update_event_seen (event_id, user_id)
       SELECT id, $2 FROM update_event WHERE id = $1
       ON CONFLICT (event_id, user_id) DO NOTHING
       RETURNING event_id`,
      [eventId, userId],
    );
    if (inserted.length) return;
    if (!(await this.events.exists({ where: { id: eventId } }))) throw eventNotFound();
  }

  private record(
    m: EntityManager,
    actor: PlatformActor,
    action: string,
    entityType: string,
    entityId: string,
    change: { before?: object | null; after?: object | null },
  ): Promise<void> {
    // Platform content belongs to no tenant.
    return this.audit.record(actor, { action, entityType, entityId, tenantId: null, ...change }, m);
  }
}

function eventFields(body: UpdateEventDto): Partial<UpdateEventEntity> {
  return {
    note: body.note,
    description: body.description,
    reportLink: body.reportLink,
    startsAt: new Date(body.startsAt),
    endsAt: new Date(body.endsAt),
  };
}
