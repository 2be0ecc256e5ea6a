import { Emitter } from '@socket.io/redis-emitter';
import {
  permissionRoom,
  type ServerEventName,
  type ServerEventPayload,
  type ServerToClientEvents,
} from '@pondesk/contracts';
import { RedisConnections } from '@pondesk/server-queue';
import {
  ApiClient,
  connectSocket,
  registerAccount,
  userWithCodes,
  waitFor,
  type TestAccount,
  type TestSocket,
} from '@pondesk/server-testing';
import { startApi, type RunningApi } from './support/test-app';

/*
 * Tenant-wide data only some roles may see (the IP monitor's samples, POP power changes) goes to the
 * room of one permission code. A staff socket joins the rooms of the codes its role holds, and follows
 * role changes at once. Events are published as the worker publishes them: through Redis, with
 * @socket.io/redis-emitter.
 */
describe('permission rooms of staff sockets', () => {
  let api: RunningApi;
  let client: ApiClient;
  let connections: RedisConnections;
  let emitter: Emitter<ServerToClientEvents>;
  let admin: TestAccount;
  let tenantId: string;
  const sockets: TestSocket[] = [];
  let serial = 0;

  beforeAll(async () => {
    api = await startApi();
    client = new ApiClient(api.url);
    connections = new RedisConnections(api.config.REDIS_URL);
    emitter = new Emitter<ServerToClientEvents>(connections.open());
    admin = await registerAccount(client, 'prm');
    tenantId = admin.auth.user.tenantId!;
  });
  afterAll(async () => {
    sockets.forEach((s) => s.close());
    connections?.onApplicationShutdown();
    await api?.close();
  });

  /** A socket of the account and the `at` of every event of each kind it heard. */
  async function listen(account: TestAccount) {
    const socket = await connectSocket(api.url, account.token);
    sockets.push(socket);
    const heard = { samples: [] as string[], pops: [] as string[] };
    socket.on('monitor.servers.samples', (p) => heard.samples.push(p.at));
    socket.on('pop.sources.changed', (p) => heard.pops.push(p.at));
    return heard;
  }

  async function roleOf(account: TestAccount): Promise<string> {
    return (await client.get<{ roleId: string }>(`/users/${account.auth.user.id}`, admin.token)).body.roleId;
  }

  /**
   * Publishes to one code's room of the tenant, again every 100 ms, until `until` has heard it (sockets
   * join their rooms just after connecting), then waits a moment for anything misdelivered to arrive.
   */
  async function publish<E extends ServerEventName>(
    event: E,
    code: 2011 | 2012 | 2014 | 2015,
    payload: (at: string) => ServerEventPayload<E>,
    until: string[],
  ): Promise<string> {
    const at = `2026-03-01T10:00:${String(serial++).padStart(2, '0')}.000Z`;
    const room = emitter.to(permissionRoom(tenantId, code));
    const send = room.emit.bind(room) as (e: E, p: ServerEventPayload<E>) => boolean;
    await waitFor(
      async () => {
        send(event, payload(at));
        await new Promise((r) => setTimeout(r, 100));
        return until.includes(at);
      },
      { timeoutMs: 10000, what: `${event} to the holders of ${code}` },
    );
    await new Promise((r) => setTimeout(r, 300));
    return at;
  }

  const samples = (at: string): ServerEventPayload<'monitor.servers.samples'> => ({ at, samples: [] });
  const sources = (at: string): ServerEventPayload<'pop.sources.changed'> => ({ at, sources: [] });

  it('sends each code room to the holders of that code only, and follows role changes', async () => {
    const pinger = await userWithCodes(client, admin, [2012]);
    const popStaff = await userWithCodes(client, admin, [2015]);
    const otherTenant = await registerAccount(client, 'prmb');
    const heard = {
      admin: await listen(admin),
      pinger: await listen(pinger),
      popStaff: await listen(popStaff),
      otherTenant: await listen(otherTenant),
    };

    // The tenant's Admin role holds every code; a role holding 2012 hears the samples, one without does not.
    const first = await publish('monitor.servers.samples', 2012, samples, heard.pinger.samples);
    await waitFor(async () => heard.admin.samples.includes(first), { what: 'the admin to hear the samples' });
    expect(heard.popStaff.samples).not.toContain(first);
    expect(heard.otherTenant.samples).not.toContain(first);

    const power = await publish('pop.sources.changed', 2015, sources, heard.popStaff.pops);
    expect(heard.pinger.pops).not.toContain(power);
    expect(heard.otherTenant.pops).not.toContain(power);

    // The POP staff's role gains 2012 and the pinger's loses it: their open sockets follow at once.
    const gained = await client.patch(
      `/roles/${await roleOf(popStaff)}`,
      { menuCodes: [2015, 2012] },
      admin.token,
    );
    expect(gained.status).toBe(200);
    const lost = await client.patch(`/roles/${await roleOf(pinger)}`, { menuCodes: [2016] }, admin.token);
    expect(lost.status).toBe(200);
    const second = await publish('monitor.servers.samples', 2012, samples, heard.popStaff.samples);
    expect(heard.pinger.samples).not.toContain(second);
    expect(heard.pinger.samples).toEqual([first]);

    // Switching the role off empties its rooms too; back on, it hears again.
    const popRole = await roleOf(popStaff);
    expect((await client.put(`/roles/${popRole}/active`, { active: false }, admin.token)).status).toBe(200);
    const third = await publish('monitor.servers.samples', 2012, samples, heard.admin.samples);
    expect(heard.popStaff.samples).not.toContain(third);
    expect((await client.put(`/roles/${popRole}/active`, { active: true }, admin.token)).status).toBe(200);
    await publish('pop.sources.changed', 2015, sources, heard.popStaff.pops);
    expect(heard.otherTenant.samples).toEqual([]);
    expect(heard.otherTenant.pops).toEqual([]);
  });
});
