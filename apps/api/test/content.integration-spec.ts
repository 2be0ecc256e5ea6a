import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import type {
  AuthResponse,
  CompanyLinks,
  OtherProduct,
  PublicContent,
  SupportContact,
  TenantContent,
  TermsContent,
  UpdateEvent,
} from '@pondesk/contracts';
import {
  ApiClient,
  createMigratedDatabase,
  registerAccount,
  userWithCodes,
  type TestAccount,
  type TestDatabase,
} from '@pondesk/server-testing';
import { startApi, type RunningApi } from './support/test-app';

type ErrorBody = { message: string; code?: string; fields?: { field: string; message: string }[] };

const HOUR = 3_600_000;
const at = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

const support: SupportContact = {
  phone: '+880 1700-000000',
  email: 'support@pondesk.example',
  chatLink: 'https://wa.me/8801700000000',
};
const terms: TermsContent = {
  title: 'Terms of Service',
  content: 'Pay each invoice on time.\n\nDevices stop after the grace days.',
};
const company: CompanyLinks = {
  companyName: 'PonDesk Ltd',
  facebookPage: 'https://facebook.com/pondesk',
  playStoreApp: '/downloads/pondesk.apk',
};
const product = {
  name: 'Hotspot billing',
  description: 'Vouchers and captive portal',
  photoUrl: 'https://cdn.example.com/hotspot.png',
  link: 'https://hotspot.example.com',
  sortOrder: 2,
};
const event = {
  note: 'New ONU graphs',
  description: 'Signal history now shows 90 days.',
  reportLink: 'https://status.example.com/report',
};

/** Every platform content route, with a body valid enough to pass validation. */
const PLATFORM_ROUTES: [string, string, object?][] = [
  ['GET', '/platform/content/support'],
  ['PUT', '/platform/content/support', support],
  ['GET', '/platform/content/terms'],
  ['PUT', '/platform/content/terms', terms],
  ['GET', '/platform/content/company'],
  ['PUT', '/platform/content/company', company],
  ['GET', '/platform/content/products'],
  ['POST', '/platform/content/products', product],
  ['PUT', `/platform/content/products/${randomUUID()}`, product],
  ['DELETE', `/platform/content/products/${randomUUID()}`],
  ['GET', '/platform/content/events'],
  ['POST', '/platform/content/events', { ...event, startsAt: at(-HOUR), endsAt: at(HOUR) }],
  ['PUT', `/platform/content/events/${randomUUID()}`, { ...event, startsAt: at(-HOUR), endsAt: at(HOUR) }],
  ['DELETE', `/platform/content/events/${randomUUID()}`],
];

describe('platform content: support, terms, company links, other products, update events', () => {
  let database: TestDatabase;
  let api: RunningApi;
  let client: ApiClient;
  let db: DataSource;
  let admin: TestAccount;
  let staff: TestAccount;
  let platformToken: string;

  beforeAll(async () => {
    // A database of its own: the content is platform-wide, and other files' tests read the defaults.
    database = await createMigratedDatabase('pondesk_it_content');
    api = await startApi({
      DATABASE_URL: database.url,
      REDIS_NAMESPACE: `pondesk:it-content-${randomUUID()}`,
    });
    client = new ApiClient(api.url);
    db = api.app.get(DataSource);
    admin = await registerAccount(client, 'cnt');
    staff = await userWithCodes(client, admin, []);
    const login = await client.post<AuthResponse>('/auth/login', {
      username: 'platform',
      password: 'platform-pass-123',
    });
    expect(login.status).toBe(200);
    platformToken = login.body.accessToken;
  });
  afterAll(async () => {
    await api?.close();
    await database?.drop();
  });

  const put = <T>(path: string, body: unknown) => client.put<T>(path, body, platformToken);
  const post = <T>(path: string, body: unknown) => client.post<T>(path, body, platformToken);

  async function expectField(method: string, path: string, body: unknown, field: string): Promise<void> {
    const res = await client.request<ErrorBody>(method, path, { body, token: platformToken });
    expect({ path, status: res.status, fields: res.body.fields?.map((f) => f.field) }).toEqual({
      path,
      status: 400,
      fields: [field],
    });
  }

  describe('access', () => {
    it('serves the public content to guests, with the defaults while nothing is saved', async () => {
      const res = await client.get<PublicContent>('/content/public');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        terms: { title: 'Terms and Conditions', content: '' },
        company: { companyName: '', facebookPage: '', playStoreApp: '' },
      });
      const tenant = await client.get<TenantContent>('/content/tenant', admin.token);
      expect(tenant.body).toEqual({ support: { phone: '', email: '', chatLink: '' }, products: [] });
    });

    it('answers 401 to a guest on every other content route', async () => {
      const routes: [string, string, object?][] = [
        ...PLATFORM_ROUTES,
        ['GET', '/content/tenant'],
        ['GET', '/content/events/active'],
        ['POST', `/content/events/${randomUUID()}/seen`],
      ];
      const failures: string[] = [];
      for (const [method, path, body] of routes) {
        const res = await client.request(method, path, { body: body ?? {} });
        if (res.status !== 401) failures.push(`${method} ${path} → ${res.status}`);
      }
      expect(failures).toEqual([]);
    });

    it('answers 403 to a tenant admin on every platform route, changing nothing', async () => {
      const failures: string[] = [];
      for (const [method, path, body] of PLATFORM_ROUTES) {
        const res = await client.request(method, path, { body: body ?? {}, token: admin.token });
        if (res.status !== 403) failures.push(`${method} ${path} → ${res.status}`);
      }
      expect(failures).toEqual([]);
      const [{ n }]: { n: string }[] = await db.query(
        `SELECT (SELECT count(*) FROM platform_setting) + (SELECT count(*) FROM other_product)
              + (SELECT count(*) FROM update_event) AS n`,
      );
      expect(Number(n)).toBe(0);
    });
  });

  describe('settings', () => {
    it('saves support, terms and company for tenants and guests to read, audited', async () => {
      expect((await put('/platform/content/support', support)).body).toEqual(support);
      expect((await put('/platform/content/terms', terms)).body).toEqual(terms);
      expect((await put('/platform/content/company', company)).body).toEqual(company);

      expect((await client.get('/platform/content/support', platformToken)).body).toEqual(support);
      expect((await client.get('/platform/content/terms', platformToken)).body).toEqual(terms);
      expect((await client.get('/platform/content/company', platformToken)).body).toEqual(company);
      expect((await client.get<PublicContent>('/content/public')).body).toEqual({ terms, company });
      expect((await client.get<TenantContent>('/content/tenant', staff.token)).body.support).toEqual(support);

      // Saved again: replaced, '' hides a field.
      const hidden = { ...support, chatLink: '' };
      expect((await put('/platform/content/support', hidden)).body).toEqual(hidden);
      expect((await client.get<TenantContent>('/content/tenant', admin.token)).body.support).toEqual(hidden);

      const audit: { action: string; actor_name: string; tenant_id: string | null; entity_id: string }[] =
        await db.query(
          `SELECT action, actor_name, tenant_id, entity_id FROM audit_log
            WHERE action LIKE 'content.%' ORDER BY created_at, action`,
        );
      expect(audit).toEqual([
        {
          action: 'content.support.update',
          actor_name: 'platform:platform',
          tenant_id: null,
          entity_id: 'support',
        },
        {
          action: 'content.terms.update',
          actor_name: 'platform:platform',
          tenant_id: null,
          entity_id: 'terms',
        },
        {
          action: 'content.company.update',
          actor_name: 'platform:platform',
          tenant_id: null,
          entity_id: 'company',
        },
        {
          action: 'content.support.update',
          actor_name: 'platform:platform',
          tenant_id: null,
          entity_id: 'support',
        },
      ]);
    });

    it('refuses bad support, terms and company values with a 400 naming the field', async () => {
      const s = '/platform/content/support';
      await expectField('PUT', s, { ...support, phone: 'call us' }, 'phone');
      await expectField('PUT', s, { ...support, phone: '+880 1700 000 000 000 0' }, 'phone');
      await expectField('PUT', s, { ...support, email: 'support-at-example' }, 'email');
      await expectField('PUT', s, { ...support, chatLink: 'http://wa.me/8801700000000' }, 'chatLink');
      await expectField('PUT', s, { ...support, chatLink: 'javascript:alert(1)' }, 'chatLink');
      const refused = await client.put<ErrorBody>(
        s,
        { ...support, chatLink: 'javascript:alert(1)' },
        platformToken,
      );
      expect(refused.body.message).toBe(
        'Chat link must be an https:// address or a path on this server starting with /',
      );
      await expectField('PUT', s, { ...support, chatLink: '//evil.example/x' }, 'chatLink');
      await expectField('PUT', s, { ...support, chatLink: 'https://user:pw@wa.me/1' }, 'chatLink');
      await expectField('PUT', s, { phone: support.phone, email: support.email }, 'chatLink');
      await expectField('PUT', s, { ...support, whatsapp: '017' }, 'whatsapp');

      const t = '/platform/content/terms';
      await expectField('PUT', t, { ...terms, title: '   ' }, 'title');
      await expectField('PUT', t, { ...terms, title: 'x'.repeat(201) }, 'title');
      await expectField('PUT', t, { ...terms, content: 'x'.repeat(50_001) }, 'content');
      await expectField('PUT', t, { ...terms, content: 5 }, 'content');

      const c = '/platform/content/company';
      await expectField('PUT', c, { ...company, facebookPage: 'ftp://facebook.com/pondesk' }, 'facebookPage');
      await expectField('PUT', c, { ...company, playStoreApp: 'play store' }, 'playStoreApp');
      await expectField('PUT', c, { ...company, companyName: 'x'.repeat(121) }, 'companyName');

      // Nothing refused was saved.
      expect((await client.get('/platform/content/terms', platformToken)).body).toEqual(terms);
    });
  });

  describe('other products', () => {
    it('adds, lists in order, replaces and deletes products; tenants read them', async () => {
      const first = await post<OtherProduct>('/platform/content/products', product);
      expect(first.status).toBe(201);
      expect(first.body).toEqual({ id: expect.any(String), ...product });
      const second = await post<OtherProduct>('/platform/content/products', {
        name: 'Accounting',
        description: '',
        photoUrl: '',
        link: '/accounting',
        sortOrder: 1,
      });
      expect(second.status).toBe(201);

      const listed = await client.get<OtherProduct[]>('/platform/content/products', platformToken);
      expect(listed.body.map((p) => p.name)).toEqual(['Accounting', 'Hotspot billing']);

      const changed = { ...product, name: 'Hotspot & vouchers', sortOrder: 0 };
      const updated = await put<OtherProduct>(`/platform/content/products/${first.body.id}`, changed);
      expect(updated.status).toBe(200);
      expect(updated.body).toEqual({ id: first.body.id, ...changed });

      const tenant = await client.get<TenantContent>('/content/tenant', staff.token);
      expect(tenant.body.products.map((p) => [p.name, p.link])).toEqual([
        ['Hotspot & vouchers', 'https://hotspot.example.com'],
        ['Accounting', '/accounting'],
      ]);

      const removed = await client.delete(`/platform/content/products/${second.body.id}`, platformToken);
      expect(removed.status).toBe(204);
      const after = await client.get<OtherProduct[]>('/platform/content/products', platformToken);
      expect(after.body.map((p) => p.id)).toEqual([first.body.id]);

      const missing = randomUUID();
      expect((await put(`/platform/content/products/${missing}`, product)).status).toBe(404);
      expect((await client.delete(`/platform/content/products/${missing}`, platformToken)).status).toBe(404);
      expect(
        (await client.delete(`/platform/content/products/${second.body.id}`, platformToken)).status,
      ).toBe(404);
    });

    it('refuses bad products with a 400 naming the field', async () => {
      const p = '/platform/content/products';
      await expectField('POST', p, { ...product, name: '' }, 'name');
      await expectField('POST', p, { ...product, name: 'x'.repeat(121) }, 'name');
      await expectField('POST', p, { ...product, description: 'x'.repeat(2001) }, 'description');
      await expectField('POST', p, { ...product, link: '' }, 'link');
      await expectField('POST', p, { ...product, link: 'hotspot.example.com' }, 'link');
      await expectField('POST', p, { ...product, photoUrl: 'data:image/png;base64,AAAA' }, 'photoUrl');
      await expectField(
        'POST',
        p,
        { ...product, photoUrl: `https://cdn.example.com/${'x'.repeat(500)}` },
        'photoUrl',
      );
      await expectField('POST', p, { ...product, sortOrder: 1.5 }, 'sortOrder');
      await expectField('POST', p, { ...product, sortOrder: '2' }, 'sortOrder');
      await expectField('PUT', '/platform/content/products/not-a-uuid', product, 'id');
    });
  });

  describe('update events', () => {
    it('shows each user the earliest active event they have not closed, per user', async () => {
      const make = async (note: string, startsAt: string, endsAt: string) => {
        const res = await post<UpdateEvent>('/platform/content/events', { ...event, note, startsAt, endsAt });
        expect(res.status).toBe(201);
        return res.body;
      };
      const later = await make('Later active', at(-HOUR), at(2 * HOUR));
      const earlier = await make('Earlier active', at(-2 * HOUR), at(HOUR));
      await make('Not yet', at(HOUR), at(3 * HOUR));
      await make('Over', at(-3 * HOUR), at(-HOUR));
      expect(earlier).toMatchObject({ note: 'Earlier active', reportLink: event.reportLink });

      const active = (account: TestAccount) =>
        client.get<UpdateEvent | null>('/content/events/active', account.token);
      expect((await active(admin)).body).toEqual(earlier);

      // The admin closes it (twice: no change); the staff user still sees it.
      const seen = await client.post(`/content/events/${earlier.id}/seen`, {}, admin.token);
      expect(seen.status).toBe(204);
      expect((await client.post(`/content/events/${earlier.id}/seen`, {}, admin.token)).status).toBe(204);
      expect((await active(admin)).body).toEqual(later);
      expect((await active(staff)).body).toEqual(earlier);

      // All closed: JSON null.
      expect((await client.post(`/content/events/${later.id}/seen`, {}, admin.token)).status).toBe(204);
      const none = await active(admin);
      expect(none.status).toBe(200);
      expect(none.headers.get('content-type')).toMatch(/^application\/json/);
      expect(none.body).toBeNull();

      // Deleting an event deletes who closed it.
      expect((await client.delete(`/platform/content/events/${earlier.id}`, platformToken)).status).toBe(204);
      expect((await active(staff)).body).toEqual(later);
      const [{ n }]: { n: string }[] = await db.query(
        `SELECT count(*) AS n FROM update_event_seen WHERE event_id = $1`,
        [earlier.id],
      );
      expect(Number(n)).toBe(0);

      const listed = await client.get<UpdateEvent[]>('/platform/content/events', platformToken);
      expect(listed.body.map((e) => e.note)).toEqual(['Not yet', 'Later active', 'Over']);
    });

    it('replaces an event (its closers keep it closed) and answers 404 for unknown ids', async () => {
      const created = await post<UpdateEvent>('/platform/content/events', {
        ...event,
        note: 'Maintenance',
        startsAt: at(-HOUR),
        endsAt: at(HOUR),
      });
      expect((await client.post(`/content/events/${created.body.id}/seen`, {}, staff.token)).status).toBe(
        204,
      );
      const startsAt = '2030-01-15T08:30:00.000Z';
      const endsAt = '2030-01-16T08:30:00.000Z';
      const replaced = await put<UpdateEvent>(`/platform/content/events/${created.body.id}`, {
        note: 'Maintenance moved',
        description: '',
        reportLink: '',
        startsAt: '2030-01-15T14:30:00+06:00',
        endsAt,
      });
      expect(replaced.status).toBe(200);
      expect(replaced.body).toEqual({
        id: created.body.id,
        note: 'Maintenance moved',
        description: '',
        reportLink: '',
        startsAt,
        endsAt,
      });
      const [{ n }]: { n: string }[] = await db.query(
        `SELECT count(*) AS n FROM update_event_seen WHERE event_id = $1`,
        [created.body.id],
      );
      expect(Number(n)).toBe(1);

      const missing = randomUUID();
      expect((await client.post(`/content/events/${missing}/seen`, {}, admin.token)).status).toBe(404);
      const body = { ...event, startsAt: at(-HOUR), endsAt: at(HOUR) };
      expect((await put(`/platform/content/events/${missing}`, body)).status).toBe(404);
      expect((await client.delete(`/platform/content/events/${missing}`, platformToken)).status).toBe(404);
      const badId = await client.post<ErrorBody>('/content/events/nope/seen', {}, admin.token);
      expect([badId.status, badId.body.fields?.[0]?.field]).toEqual([400, 'id']);
    });

    it('refuses bad events with a 400 naming the field', async () => {
      const e = '/platform/content/events';
      const good = { ...event, startsAt: at(-HOUR), endsAt: at(HOUR) };
      await expectField('POST', e, { ...good, endsAt: good.startsAt }, 'endsAt');
      await expectField('POST', e, { ...good, endsAt: at(-2 * HOUR) }, 'endsAt');
      await expectField('POST', e, { ...good, startsAt: 'tomorrow' }, 'startsAt');
      await expectField('POST', e, { ...good, endsAt: '2030-02-30T00:00:00Z' }, 'endsAt');
      await expectField('POST', e, { ...good, note: '' }, 'note');
      await expectField('POST', e, { ...good, note: 'x'.repeat(201) }, 'note');
      await expectField('POST', e, { ...good, reportLink: 'http://status.example.com' }, 'reportLink');
      await expectField('POST', e, { ...good, description: 'x'.repeat(2001) }, 'description');
    });

    it("keeps the popup to ISP users: the platform administrator's token gets 403 there", async () => {
      expect((await client.get('/content/events/active', platformToken)).status).toBe(403);
      const events = await client.get<UpdateEvent[]>('/platform/content/events', platformToken);
      const seen = await client.post(`/content/events/${events.body[0].id}/seen`, {}, platformToken);
      expect(seen.status).toBe(403);
      // The support panel's content is the same for everyone: the administrator may preview it.
      const preview = await client.get<TenantContent>('/content/tenant', platformToken);
      expect(preview.status).toBe(200);
      expect(preview.body).toEqual((await client.get<TenantContent>('/content/tenant', admin.token)).body);
    });
  });
});
