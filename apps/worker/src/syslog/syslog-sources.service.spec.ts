import type { DataSource } from 'typeorm';
import { SyslogSources, normalizeAddress } from './syslog-sources.service';

const T1 = '11111111-1111-4111-8111-111111111111';
const T2 = '22222222-2222-4222-8222-222222222222';

const olt = (over: Record<string, unknown>) => ({
  id: 'o1',
  tenant_id: T1,
  name: 'Core OLT',
  host: '10.0.0.1',
  mikrotik_host: null,
  brand: 'bdcom',
  log_name: null,
  mikrotik_log_name: null,
  ...over,
});

function sourcesOver(rows: Record<string, unknown>[]) {
  const query = jest.fn(async () => rows);
  return { sources: new SyslogSources({ query } as unknown as DataSource), query };
}

describe('normalizeAddress', () => {
  it('spells an address one way: IPv4-mapped IPv6 as IPv4, IPv6 compressed', () => {
    expect(normalizeAddress('::ffff:127.0.1.5')).toBe('127.0.1.5');
    expect(normalizeAddress('::FFFF:7f00:105')).toBe('127.0.1.5');
    expect(normalizeAddress('2001:db8:0:0:0:0:0:1')).toBe('2001:db8::1');
    expect(normalizeAddress(' 10.0.0.1 ')).toBe('10.0.0.1');
    expect(normalizeAddress('olt1.example.net')).toBeNull();
  });
});

describe('SyslogSources', () => {
  it("maps an OLT's address and its router's, with their names in the logs", async () => {
    const { sources } = sourcesOver([
      olt({ mikrotik_host: '10.0.0.254', brand: 'avies' }),
      olt({
        id: 'o2',
        host: '10.0.0.2',
        log_name: 'Bazar',
        mikrotik_host: '10.0.0.253',
        mikrotik_log_name: 'Edge',
      }),
    ]);
    await sources.refresh();
    expect(sources.lookup('10.0.0.1')).toEqual({
      source: { tenantId: T1, oltId: 'o1', kind: 'olt', vendor: 'hsgq', name: 'Core OLT' },
    });
    expect(sources.lookup('::ffff:10.0.0.254')).toEqual({
      source: { tenantId: T1, oltId: 'o1', kind: 'router', vendor: 'mikrotik', name: 'MikroTik Core OLT' },
    });
    expect(sources.lookup('10.0.0.2')).toMatchObject({ source: { name: 'Bazar', vendor: 'bdcom' } });
    expect(sources.lookup('10.0.0.253')).toMatchObject({ source: { name: 'Edge', kind: 'router' } });
    expect(sources.lookup('10.0.0.9')).toBeNull();
  });

  it('maps an address two tenants gave their devices to neither', async () => {
    const { sources } = sourcesOver([olt({}), olt({ id: 'o2', tenant_id: T2, mikrotik_host: '10.0.0.1' })]);
    await sources.refresh();
    expect(sources.lookup('10.0.0.1')).toBe('ambiguous');
  });

  it("stores a router one tenant's OLTs share under its first OLT, an OLT's own address first", async () => {
    const { sources } = sourcesOver([
      olt({ mikrotik_host: '10.0.0.250' }),
      olt({ id: 'o2', host: '10.0.0.2', mikrotik_host: '10.0.0.250' }),
      olt({ id: 'o3', host: '10.0.0.3', mikrotik_host: '10.0.0.2' }),
    ]);
    await sources.refresh();
    expect(sources.lookup('10.0.0.250')).toMatchObject({ source: { oltId: 'o1', kind: 'router' } });
    expect(sources.lookup('10.0.0.2')).toMatchObject({ source: { oltId: 'o2', kind: 'olt' } });
  });

  it('resolves host names (loopback only here)', async () => {
    const { sources } = sourcesOver([olt({ host: 'localhost' })]);
    await sources.refresh();
    expect(sources.lookup('127.0.0.1')).toMatchObject({ source: { oltId: 'o1' } });
  });

  it('rebuilds for a miss at most once a few seconds, after the miss, however many misses', async () => {
    jest.useFakeTimers();
    try {
      const { sources, query } = sourcesOver([olt({})]);
      await sources.refresh();
      expect(query).toHaveBeenCalledTimes(1);
      const misses = [sources.refreshForMiss(), sources.refreshForMiss(), sources.refreshForMiss()];
      expect(new Set(misses).size).toBe(1);
      await jest.advanceTimersByTimeAsync(1000);
      expect(query).toHaveBeenCalledTimes(1);
      await jest.advanceTimersByTimeAsync(5000);
      await Promise.all(misses);
      expect(query).toHaveBeenCalledTimes(2);
    } finally {
      jest.useRealTimers();
    }
  });

  it('keeps the last map when the database does not answer', async () => {
    const rows = [olt({})];
    const query = jest.fn(async () => rows);
    const sources = new SyslogSources({ query } as unknown as DataSource);
    await sources.refresh();
    query.mockRejectedValueOnce(new Error('connection refused'));
    await sources.refresh();
    expect(sources.lookup('10.0.0.1')).toMatchObject({ source: { oltId: 'o1' } });
  });
});
