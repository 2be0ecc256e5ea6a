import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import type { ApiClient, TestAccount } from '@pondesk/server-testing';

/**
 * Rows of one tenant for the cross-tenant checks of `access-control.integration-spec.ts`. A feature
 * adding a route with an id in its path adds a creator here and its path to that spec's `fill()`.
 */
export async function createTenantOlt(client: ApiClient, owner: TestAccount): Promise<string> {
  const res = await client.post<{ id: string }>(
    '/olts',
    {
      name: 'Access control OLT',
      host: '10.99.0.1',
      brand: 'vsol',
      mode: 'epon',
      snmpPort: 161,
      snmpCommunity: 'access-control-community',
      telnetPort: 23,
      username: 'admin',
      password: 'access-control-pw',
      mikrotikHost: '10.99.0.2',
      mikrotikPort: 8728,
      mikrotikPassword: 'access-control-mk',
    },
    owner.token,
  );
  if (res.status !== 201)
    throw new Error(`creating an OLT failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.id;
}

/**
 * An ONU of the tenant's OLT (PON 1, ONU `onuId`) carrying one PPPoE id. ONUs come from polls; writing
 * the row directly gives the checks a row to aim at without an OLT to poll.
 */
export async function createTenantOnu(
  db: DataSource,
  tenantId: string,
  oltId: string,
  pppoeId: string,
  onuId = 1,
): Promise<string> {
  const [row]: { id: string }[] = await db.query(
    `INSERT INTO onu (tenant_id, olt_id, pon_port, onu_id, if_name, status, pppoe_ids, rx_dbm)
     VALUES ($1, $2, 1, $4::int, 'EPON0/1:' || $4::text, 'online', ARRAY[$3]::text[], -21.5) RETURNING id`,
    [tenantId, oltId, pppoeId, onuId],
  );
  return row.id;
}

/**
 * One row of each kind of the IP monitor and POP power monitoring: a server, a POP, a power source on
 * it and a service, and a closed outage of the source (the worker writes outages; here, directly).
 * Addresses are on loopback: a worker of another test file sharing the database could ping them.
 */
export async function createTenantMonitorRows(
  client: ApiClient,
  db: DataSource,
  owner: TestAccount,
): Promise<{ serverId: string; popId: string; popSourceId: string; serviceId: string; outageId: string }> {
  const made = async (path: string, body: object): Promise<string> => {
    const res = await client.post<{ id: string }>(path, body, owner.token);
    if (res.status !== 201) throw new Error(`POST ${path} failed: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.id;
  };
  const serverId = await made('/monitor/servers', { name: 'Access control server', ip: '127.0.0.101' });
  const popId = await made('/pops', { name: 'Access control POP', areaName: 'Access area' });
  const popSourceId = await made('/pop-sources', { popId, ip: '127.0.0.102', type: 'electric' });
  const serviceId = await made('/services', { name: 'Access control service' });
  const [outage]: { id: string }[] = await db.query(
    `INSERT INTO pop_outage (tenant_id, source_id, pop_id, ip, type, down_at, up_at)
     VALUES ($1, $2, $3, '127.0.0.102', 'electric', now() - interval '1 hour', now()) RETURNING id`,
    [owner.auth.user.tenantId, popSourceId, popId],
  );
  return { serverId, popId, popSourceId, serviceId, outageId: outage.id };
}

/**
 * Rows of the /alerts routes: a channel, a silence of the tenant's OLT, and an alert about that OLT (the
 * worker's engine writes alerts; here, directly).
 */
export async function createTenantAlertRows(
  client: ApiClient,
  db: DataSource,
  owner: TestAccount,
  oltId: string,
): Promise<{ alertChannelId: string; alertSilenceId: string; alertId: string }> {
  const made = async (path: string, body: object): Promise<string> => {
    const res = await client.post<{ id: string }>(path, body, owner.token);
    if (res.status !== 201) throw new Error(`POST ${path} failed: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.id;
  };
  // Loopback, and nothing listens there: no test sends to it.
  const alertChannelId = await made('/alerts/channels', {
    kind: 'webhook',
    name: 'Access control webhook',
    url: 'http://127.0.0.1:9/access-control',
    secret: 'access-control-webhook-secret',
  });
  const alertSilenceId = await made('/alerts/silences', {
    targetType: 'olt',
    targetId: oltId,
    durationMinutes: 60,
  });
  const [alert]: { id: string }[] = await db.query(
    `INSERT INTO alert (tenant_id, kind, dedup_key, state, olt_id, title, opened_at)
     VALUES ($1, 'olt-unreachable', 'access-control', 'firing', $2, 'Access control OLT unreachable', now())
     RETURNING id::text AS id`,
    [owner.auth.user.tenantId, oltId],
  );
  return { alertChannelId, alertSilenceId, alertId: alert.id };
}

/**
 * A due invoice of the tenant's OLT (issued through the API, with an OLT package offered for it) and a bKash
 * payment attempt of it (bKash writes those through the callback; here, directly).
 */
export async function createTenantBillingRows(
  client: ApiClient,
  db: DataSource,
  owner: TestAccount,
  oltId: string,
): Promise<{ invoiceId: string; paymentAttemptId: string }> {
  const [pkg]: { id: string }[] = await db.query(
    `INSERT INTO billing_package (kind, name, port_count, olt_modes, description, monthly_price_poisha)
     VALUES ('olt', 'Access control package', 4, 'EPON', '', 100000) RETURNING id`,
  );
  const [cycle]: { id: string }[] = await db.query('SELECT id FROM billing_cycle WHERE months = 1');
  const invoice = await client.post<{ id: string; invoiceNo: string; amountPoisha: number }>(
    '/billing/invoices',
    { packageId: pkg.id, cycleId: cycle.id, targetType: 'olt', targetId: oltId },
    owner.token,
  );
  if (invoice.status !== 201)
    throw new Error(`POST /billing/invoices failed: ${invoice.status} ${JSON.stringify(invoice.body)}`);
  // Offered only for this invoice: other files' catalogues on this database stay as they expect.
  await db.query('UPDATE billing_package SET active = false WHERE id = $1', [pkg.id]);
  const [attempt]: { id: string }[] = await db.query(
    `INSERT INTO bkash_payment (merchant_id, tenant_id, invoice_id, merchant_invoice_number, amount_poisha, state, payer_reference)
     VALUES ('platform', $1, $2, $3, $4, 'created', 'access-control') RETURNING id::text AS id`,
    [owner.auth.user.tenantId, invoice.body.id, `${randomUUID()}-A1`, invoice.body.amountPoisha],
  );
  return { invoiceId: invoice.body.id, paymentAttemptId: attempt.id };
}
