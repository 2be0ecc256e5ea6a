import { SnmpClient } from '@pondesk/device-snmp';
import { NO_LINK_LIMITS, type DeviceLink } from '../model/device-link';
import { freeUdpPort } from '../fleet/sim-device';
import { SnmpEndpoint } from './snmp-agent';
import { VirtualMib, int } from './virtual-mib';

const COLUMN = '1.3.6.1.4.1.99999.1.1';
const ROWS = 1000;

describe('SnmpEndpoint link model', () => {
  let endpoint: SnmpEndpoint;
  let link: DeviceLink = { ...NO_LINK_LIMITS };
  const clients: SnmpClient[] = [];
  const client = (port: number) => {
    const c = new SnmpClient({ host: '127.0.0.1', port, community: 'public', timeoutMs: 10_000, retries: 0 });
    clients.push(c);
    return c;
  };

  beforeAll(async () => {
    const rows = Array.from({ length: ROWS }, (_v, i) => ({ index: [i + 1], row: i + 1 }));
    const mib = new VirtualMib()
      .addScalar('1.3.6.1.2.1.1.5.0', () => int(1))
      .addTable({ rows: () => rows, columns: [{ oid: COLUMN, value: (r: number) => int(r) }] });
    endpoint = new SnmpEndpoint({
      host: '127.0.0.1',
      port: await freeUdpPort('127.0.0.1'),
      community: 'public',
      mib,
      isReachable: () => true,
      slowMs: () => 0,
      link: () => link,
    });
    await endpoint.start();
  });

  afterAll(async () => {
    clients.forEach((c) => c.close());
    await endpoint.stop();
  });

  const timed = async (fn: () => Promise<unknown>): Promise<number> => {
    const t0 = performance.now();
    await fn();
    return performance.now() - t0;
  };

  it('caps the varbinds a second over all managers together', async () => {
    link = { rttMs: 0, varbindsPerSecond: 1000 };
    // One manager walking the 1,000-row column: about 1 s.
    const one = await timed(() => client(endpoint.port).walk(COLUMN));
    expect(one).toBeGreaterThanOrEqual(1000);
    expect(one).toBeLessThan(1800);
    // Two managers at once, 2,000 varbinds in all: they share the budget, about 2 s for both.
    const a = client(endpoint.port);
    const b = client(endpoint.port);
    const both = await timed(() => Promise.all([a.walk(COLUMN), b.walk(COLUMN)]));
    expect(both).toBeGreaterThanOrEqual(2000);
    expect(both).toBeLessThan(3000);
  });

  it('adds the round trip to every answer', async () => {
    link = { rttMs: 200, varbindsPerSecond: 0 };
    const c = client(endpoint.port);
    const get = await timed(() => c.get(['1.3.6.1.2.1.1.5.0']));
    expect(get).toBeGreaterThanOrEqual(199);
    // Without limits the same GET is back at once.
    link = { ...NO_LINK_LIMITS };
    expect(await timed(() => c.get(['1.3.6.1.2.1.1.5.0']))).toBeLessThan(100);
  });
});
