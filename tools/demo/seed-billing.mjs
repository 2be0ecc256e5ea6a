// Seeds the platform's side of the demo through the public API, as the platform administrator: a small
// catalogue of OLT and switch packages (only when none exists yet, so prices edited on /platform/catalogue
// are kept) and the content tenants see (support panel, other services, terms, company links), each only
// where nothing was saved.

const PACKAGES = [
  {
    kind: 'olt',
    name: 'EPON 4 Port',
    portCount: 4,
    oltModes: 'EPON',
    description: 'Up to 4 PON ports and 256 ONUs: monitoring, alerts and ONU actions.',
    monthlyPricePoisha: 150_000,
    active: true,
    sortOrder: 1,
  },
  {
    kind: 'olt',
    name: 'GPON 8 Port',
    portCount: 8,
    oltModes: 'GPON',
    description: 'Up to 8 PON ports and 1,024 ONUs: monitoring, alerts and ONU actions.',
    monthlyPricePoisha: 250_000,
    active: true,
    sortOrder: 2,
  },
  {
    kind: 'olt',
    name: 'GPON 16 Port',
    portCount: 16,
    oltModes: 'GPON, EPON',
    description: 'Up to 16 PON ports of either mode, for large POPs.',
    monthlyPricePoisha: 400_000,
    active: true,
    sortOrder: 3,
  },
  {
    kind: 'switch',
    name: 'Switch 24 Port',
    portCount: 24,
    oltModes: '',
    description: 'Port and SFP optics monitoring of one switch.',
    monthlyPricePoisha: 50_000,
    active: true,
    sortOrder: 1,
  },
];

async function call(baseUrl, path, { method = 'GET', token, body } = {}) {
  const res = await fetch(`${baseUrl}/api/v1${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, data: text ? JSON.parse(text) : undefined };
}

function expectOk(what, r) {
  if (r.status >= 400) throw new Error(`${what} failed (${r.status}): ${r.data?.message ?? 'no message'}`);
  return r.data;
}

/** Saves `value` at a content key unless something was saved there already (`isSet` on the stored value). */
async function seedSetting(baseUrl, token, key, value, isSet) {
  const stored = expectOk(`Reading ${key}`, await call(baseUrl, `/platform/content/${key}`, { token }));
  if (isSet(stored)) return false;
  expectOk(
    `Saving ${key}`,
    await call(baseUrl, `/platform/content/${key}`, { method: 'PUT', token, body: value }),
  );
  return true;
}

/** Answers how many packages the catalogue offers. */
export async function seedBilling(baseUrl, { username, password }) {
  const auth = expectOk(
    'Signing in the platform admin',
    await call(baseUrl, '/auth/login', { method: 'POST', body: { username, password } }),
  );
  const token = auth.accessToken;
  const packages = expectOk('Listing packages', await call(baseUrl, '/platform/billing/packages', { token }));
  if (!packages.length)
    for (const p of PACKAGES)
      expectOk(
        `Adding package ${p.name}`,
        await call(baseUrl, '/platform/billing/packages', { method: 'POST', token, body: p }),
      );
  await seedSetting(
    baseUrl,
    token,
    'support',
    { phone: '+880 1700-000000', email: 'support@pondesk.local', chatLink: 'https://wa.me/8801700000000' },
    (s) => Boolean(s.phone || s.email || s.chatLink),
  );
  await seedSetting(
    baseUrl,
    token,
    'company',
    {
      companyName: 'PonDesk Networks',
      facebookPage: 'https://www.facebook.com/pondesk',
      playStoreApp: 'https://play.google.com/store/apps/details?id=net.pondesk.console',
    },
    (s) => Boolean(s.companyName || s.facebookPage || s.playStoreApp),
  );
  await seedSetting(
    baseUrl,
    token,
    'terms',
    {
      title: 'Terms and Conditions',
      content:
        'PonDesk is provided to internet service providers on a monthly package per OLT or switch.\n\n' +
        'Invoices are due when issued and are paid through bKash. A device keeps being monitored for ' +
        '7 days after its package expires; after that, ONU reboot, delete and clear stop until it is renewed.\n\n' +
        'Your network data stays yours: it is used only to run the console for you.',
    },
    (s) => Boolean(s.content),
  );
  const products = expectOk(
    'Listing other services',
    await call(baseUrl, '/platform/content/products', { token }),
  );
  if (!products.length)
    expectOk(
      'Adding another service',
      await call(baseUrl, '/platform/content/products', {
        method: 'POST',
        token,
        body: {
          name: 'PonDesk Billing',
          description: 'Subscriber billing and PPPoE account management for ISPs.',
          photoUrl: '/favicon.svg',
          link: 'https://pondesk.example/billing',
          sortOrder: 1,
        },
      }),
    );
  return { packages: packages.length || PACKAGES.length };
}
