import type { ApiClient, TestAccount } from './identity';

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
      billingPackage: 'EPON 4 port',
      billingMonths: 1,
    },
    owner.token,
  );
  if (res.status !== 201)
    throw new Error(`creating an OLT failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.id;
}
