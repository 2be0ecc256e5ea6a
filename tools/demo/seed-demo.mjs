// Seeds the demo tenant through the public API (the same calls the console makes): the demo operator,
// a completed profile (OTP read from the development outbox) and one OLT per simulated OLT, at the address
// the simulator gives it (its own loopback address with per-device addresses) and with its simulated
// MikroTik router's address as the OLT's MikroTik host.
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

export async function seedDemo(baseUrl, devices) {
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
    // With per-device addresses the OLT's simulated MikroTik router has an address of its own: registered as
    // the OLT's MikroTik host, so the console files the router's syslog (PPPoE lines) under this OLT.
    const mikrotikHost = d.routerHost && d.routerHost !== d.host ? d.routerHost : null;
    const where = {
      host: d.host,
      snmpPort: d.snmpPort,
      telnetPort: d.telnetPort ?? undefined,
      httpPort: d.httpPort ?? undefined,
    };
    // Secrets go with the address: the API asks for them again when an OLT moves.
    const secrets = {
      snmpCommunity: d.community,
      username: d.username ?? undefined,
      password: d.password ?? undefined,
    };
    const have = byName.get(d.name);
    if (have) {
      // An OLT of an earlier demo run: follow the simulator when its addresses changed (shared ↔ per-device).
      if (have.host === d.host && (have.mikrotikHost ?? null) === mikrotikHost) continue;
      expectOk(
        `Moving OLT ${d.name} to ${d.host}`,
        await call(baseUrl, `/olts/${have.id}`, {
          method: 'PATCH',
          token: accessToken,
          body: { ...where, ...secrets, mikrotikHost },
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
          ...(mikrotikHost ? { mikrotikHost } : {}),
          pollIntervalSeconds: 60,
          description: `Simulated ${d.brand} ${d.mode} OLT (${d.onus} ONUs)`,
        },
      }),
    );
    added++;
  }
  return { added, updated, total: existing.length + added };
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
