// Seeds the demo tenant through the public API (the same calls the console makes): the demo operator,
// a completed profile (OTP read from the development outbox) and one OLT per simulated OLT, at the address
// the simulator gives it (its own loopback address with per-device addresses) and with its simulated
// MikroTik router (its RouterOS API address, port and login) as the OLT's MikroTik.
export const DEMO_USER = { username: 'demo', email: 'demo@pondesk.local', password: 'pondesk-demo-1' };
const DEMO_PROFILE = {
  ispName: 'Demo Fibre ISP',
  contactNumber: '+8801700000000',
  address: 'Demo Tower, Dhaka',
};

async function call(baseUrl, path, { method = 'GET', token, body } = {}) {
  const res = await fetch(`${baseUrl}/api/v1${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  const data = text ? JSON.parse(text) : undefined;
  return { status: res.status, data };
}

function expectOk(what, r) {
  if (r.status >= 400) throw new Error(`${what} failed (${r.status}): ${r.data?.message ?? 'no message'}`);
  return r.data;
}

/** The demo OLTs stored with an SNMP write community (see `secrets` below). */
const SNMP_WRITE_OLTS = new Set(['bdcom-epon-1', 'vsol-epon-1']);

/**
 * `routerApis`: OLT name → its simulated MikroTik's RouterOS API `{ host, port, username, password }` (the
 * simulator's `GET /routers`); without it (the simulator's control API not read) an OLT gets its router's
 * address only, and only when the router has one of its own.
 */
export async function seedDemo(baseUrl, devices, routerApis = new Map()) {
  let auth = await call(baseUrl, '/auth/login', {
    method: 'POST',
    body: { username: DEMO_USER.username, password: DEMO_USER.password },
  });
  if (auth.status === 401 || auth.status === 404) {
    auth = await call(baseUrl, '/auth/sign-up', {
      method: 'POST',
      body: { ...DEMO_USER, acceptTerms: true },
    });
  }
  const { accessToken, user } = expectOk('Signing in the demo operator', auth);
  if (!user.profileConfirmed) {
    expectOk(
      'Sending the profile OTP',
      await call(baseUrl, '/profile/otp', {
        method: 'POST',
        token: accessToken,
        body: { contactNumber: DEMO_PROFILE.contactNumber },
      }),
    );
    const outbox = expectOk(
      'Reading the development outbox',
      await call(baseUrl, `/dev/outbox?to=${encodeURIComponent(DEMO_PROFILE.contactNumber)}`),
    );
    const otp = outbox.sms.find((m) => m.otp)?.otp;
    if (!otp) throw new Error('No OTP in the development outbox');
    expectOk(
      'Completing the demo profile',
      await call(baseUrl, '/profile/complete', {
        method: 'POST',
        token: accessToken,
        body: { ...DEMO_PROFILE, otp },
      }),
    );
  }
  const existing = expectOk(
    'Listing OLTs',
    await call(baseUrl, '/olts?pageSize=100', { token: accessToken }),
  ).items;
  const byName = new Map(existing.map((o) => [o.name, o]));
  let added = 0;
  let updated = 0;
  // The fleet listing gives every OLT its PON mode; switches have none.
  for (const d of devices.filter((d) => d.mode === 'epon' || d.mode === 'gpon')) {
    // The OLT's MikroTik is its simulated BRAS: the console reads its PPPoE sessions, queues and traffic over
    // the RouterOS API there. With per-device addresses the router also has an address of its own, which is
    // where its syslog (PPPoE lines) comes from, so the console files those lines under this OLT.
    const api = routerApis.get(d.name);
    const mikrotikHost = api ? api.host : d.routerHost && d.routerHost !== d.host ? d.routerHost : null;
    const mikrotik = api
      ? {
          mikrotikHost,
          mikrotikPort: api.port,
          mikrotikUsername: api.username,
          // Stored encrypted by the API, like the OLT's own credentials.
          mikrotikPassword: api.password,
        }
      : { mikrotikHost };
    const where = {
      host: d.host,
      snmpPort: d.snmpPort,
      telnetPort: d.telnetPort ?? undefined,
      httpPort: d.httpPort ?? undefined,
    };
    // Secrets go with the address: the API asks for them again when an OLT moves.
    const secrets = {
      snmpCommunity: d.community,
      // Two OLTs get a write community (the simulator writes with its one community), so the demo shows
      // both kinds of write path: SNMP SETs there, and the others' telnet commands (V-SOL GPON's reboot
      // among them, whose syntax is only inferred and asks for a second confirmation).
      snmpWriteCommunity: SNMP_WRITE_OLTS.has(d.name) ? d.community : undefined,
      username: d.username ?? undefined,
      password: d.password ?? undefined,
    };
    const have = byName.get(d.name);
    if (have) {
      // An OLT of an earlier demo run: follow the simulator when its addresses changed (shared ↔ per-device)
      // or its MikroTik is not yet the simulated router's API.
      if (have.host === d.host && (have.mikrotikHost ?? null) === mikrotikHost) {
        if (!api) continue;
        const detail = expectOk(
          `Reading OLT ${d.name}`,
          await call(baseUrl, `/olts/${have.id}`, { token: accessToken }),
        );
        if (
          detail.mikrotikPort === api.port &&
          detail.mikrotikUsername === api.username &&
          detail.hasMikrotikPassword
        )
          continue;
      }
      expectOk(
        `Moving OLT ${d.name} to ${d.host}`,
        await call(baseUrl, `/olts/${have.id}`, {
          method: 'PATCH',
          token: accessToken,
          body: { ...where, ...secrets, ...mikrotik },
        }),
      );
      updated++;
      continue;
    }
    expectOk(
      `Adding OLT ${d.name}`,
      await call(baseUrl, '/olts', {
        method: 'POST',
        token: accessToken,
        body: {
          name: d.name,
          ...where,
          brand: d.brand,
          mode: d.mode,
          ...secrets,
          ...(mikrotikHost ? mikrotik : {}),
          pollIntervalSeconds: 60,
          description: `Simulated ${d.brand} ${d.mode} OLT (${d.onus} ONUs)`,
        },
      }),
    );
    added++;
  }
  const switches = await seedSwitches(baseUrl, accessToken, devices);
  return { added, updated, total: existing.length + added, switches };
}

/**
 * One switch per simulated switch (the devices without a PON mode), at the address the simulator gives
 * it, polled every minute. Idempotent: a switch of an earlier run is left alone, or moved (with its
 * community, which the API asks for again on a move) when the simulator's addresses changed. Billing
 * writes the expiry, which the API does not take; the seed has no database handle, so every demo switch
 * shows Active. Answers how many there are, and how many were added and moved.
 */
async function seedSwitches(baseUrl, token, devices) {
  const sims = devices.filter((d) => !d.mode);
  if (!sims.length) return { added: 0, updated: 0, total: 0 };
  const list = await call(baseUrl, '/switches?pageSize=100', { token });
  const byName = new Map(expectOk('Listing switches', list).items.map((s) => [s.name, s]));
  let added = 0;
  let updated = 0;
  for (const d of sims) {
    const have = byName.get(d.name);
    const where = { ip: d.host, snmpPort: d.snmpPort, community: d.community };
    if (have) {
      if (have.ip === d.host && have.snmpPort === d.snmpPort) continue;
      expectOk(
        `Moving switch ${d.name} to ${d.host}`,
        await call(baseUrl, `/switches/${have.id}`, { method: 'PATCH', token, body: where }),
      );
      updated++;
      continue;
    }
    expectOk(
      `Adding switch ${d.name}`,
      await call(baseUrl, '/switches', {
        method: 'POST',
        token,
        body: {
          name: d.name,
          ...where,
          brand: d.brand,
          description: `Simulated ${d.brand} switch`,
          dataCollectionRatio: 1,
        },
      }),
    );
    added++;
  }
  return { added, updated, total: byName.size + added };
}

/**
 * Points the simulated MikroTik routers (one per simulated OLT) at the console's session-event ingest, with
 * the demo tenant's ingest key and two PPP-only drops a minute, so the Down Count List fills by itself.
 * Answers `{ connected: true }`, or `{ connected: false, reason }` when the API has no ingest yet (404).
 */
export async function connectSimRouters(baseUrl, controlUrl) {
  const auth = expectOk(
    'Signing in the demo operator',
    await call(baseUrl, '/auth/login', {
      method: 'POST',
      body: { username: DEMO_USER.username, password: DEMO_USER.password },
    }),
  );
  const setup = await call(baseUrl, '/ingest/setup', { token: auth.accessToken });
  if (setup.status === 404) return { connected: false, reason: 'the API answers 404 for /ingest/setup' };
  const { key } = expectOk('Reading the ingest setup', setup);
  const res = await fetch(`${controlUrl}/routers`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    // Loopback: the simulator refuses to post anywhere else.
    body: JSON.stringify({ url: `${baseUrl}/api/v1/ingest/session-events`, key, pppDropsPerMinute: 2 }),
  });
  if (!res.ok) throw new Error(`the simulator refused PUT /routers (${res.status}): ${await res.text()}`);
  return { connected: true };
}

async function signIn(baseUrl) {
  const auth = await call(baseUrl, '/auth/login', {
    method: 'POST',
    body: { username: DEMO_USER.username, password: DEMO_USER.password },
  });
  return expectOk('Signing in the demo operator', auth).accessToken;
}

/**
 * Servers on the IP monitor and POPs with their mains (electric) power watched, so /ping, /pop-monitor and
 * /pop-log show something moving. `pingHosts` are the simulator's namespace hosts (198.18.x.y, this machine
 * only) with `flapping` the one that goes silent on a cycle; without them (no root) every target is a
 * loopback address, which always answers. Only what is missing is added. Answers what it set up.
 */
export async function seedMonitoring(baseUrl, { pingHosts = [], flapping = null } = {}) {
  const token = await signIn(baseUrl);
  const [h1, h2] = pingHosts.filter((a) => a !== flapping);
  const servers = [
    { name: 'Core router', ip: '127.0.0.1', latencyLimitMs: 50 },
    { name: 'BDIX cache', ip: '127.0.3.1', latencyLimitMs: 20 },
    ...(h1 ? [{ name: 'Upstream gateway', ip: h1, latencyLimitMs: 50 }] : []),
    ...(flapping ? [{ name: 'Mirpur POP router', ip: flapping, latencyLimitMs: 50 }] : []),
  ];
  const haveServers = new Set(
    expectOk('Listing servers', await call(baseUrl, '/monitor/servers', { token })).map((s) => s.ip),
  );
  for (const s of servers.filter((s) => !haveServers.has(s.ip))) {
    const form = new FormData();
    form.set('name', s.name);
    form.set('ip', s.ip);
    form.set('latencyLimitMs', String(s.latencyLimitMs));
    const res = await fetch(`${baseUrl}/api/v1/monitor/servers`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    if (res.status >= 400)
      throw new Error(`Adding server ${s.name} failed (${res.status}): ${await res.text()}`);
  }
  const pops = [
    { name: 'Mirpur POP', areaName: 'Mirpur 10', electric: flapping ?? '127.0.3.2' },
    { name: 'Uttara POP', areaName: 'Sector 7', electric: h2 ?? '127.0.3.3' },
  ];
  const havePops = new Map(
    expectOk('Listing POPs', await call(baseUrl, '/pops', { token })).map((p) => [p.name, p.id]),
  );
  const haveSources = new Set(
    expectOk('Listing POP power sources', await call(baseUrl, '/pop-sources', { token })).map((s) => s.ip),
  );
  for (const p of pops) {
    let id = havePops.get(p.name);
    if (!id)
      id = expectOk(
        `Adding POP ${p.name}`,
        await call(baseUrl, '/pops', { method: 'POST', token, body: { name: p.name, areaName: p.areaName } }),
      ).id;
    if (haveSources.has(p.electric)) continue;
    expectOk(
      `Adding the mains of ${p.name}`,
      await call(baseUrl, '/pop-sources', {
        method: 'POST',
        token,
        body: { popId: id, ip: p.electric, type: 'electric', aliveMinutes: 0 },
      }),
    );
  }
  return { servers: servers.length, pops: pops.length, flapping };
}

/**
 * The simulated MikroTiks, from the simulator's control API: each OLT's BRAS (RouterOS API address, port and
 * login, by OLT name) and the VPN concentrator (`{ host, port, username, password, profile, autoDial }`), or
 * null when the simulator runs none.
 */
export async function readSimMikrotiks(controlUrl) {
  const get = async (path) => {
    const res = await fetch(`${controlUrl}${path}`);
    if (res.status === 404) return null;
    if (!res.ok) throw new Error(`the simulator answered ${res.status} to GET ${path}`);
    return res.json();
  };
  const apis = (await get('/routers'))?.apis ?? [];
  return {
    routers: new Map(
      apis.map(({ olt, host, port, username, password }) => [olt, { host, port, username, password }]),
    ),
    concentrator: await get('/concentrator'),
  };
}
