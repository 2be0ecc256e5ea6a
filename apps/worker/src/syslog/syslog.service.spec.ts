import type { AppConfig } from '@pondesk/server-config';
import type { MaintenanceService } from '../maintenance/maintenance.service';
import type { DeviceLogRow, DeviceLogWriter } from './device-log-writer.service';
import type { LogSource, SourceLookup, SyslogSources } from './syslog-sources.service';
import { SyslogService } from './syslog.service';

const ROUTER: LogSource = {
  tenantId: 't1',
  oltId: 'o1',
  kind: 'router',
  vendor: 'mikrotik',
  name: 'MikroTik Core',
};

/** The service over a fixed map of senders, with its lines handed to `receive` as the receiver would. */
function service(map: Record<string, SourceLookup>) {
  const rows: DeviceLogRow[] = [];
  const writer = {
    counters: { stored: 0, queueDropped: 0, writeFailed: 0 },
    pending: 0,
    add: (row: DeviceLogRow) => rows.push(row),
  } as unknown as DeviceLogWriter;
  const sources = {
    lookup: (address: string) => map[address.replace(/^::ffff:/, '')] ?? null,
    refreshForMiss: () => Promise.resolve(),
  } as unknown as SyslogSources;
  const svc = new SyslogService({ SYSLOG_PORT: 0 } as AppConfig, sources, writer, {} as MaintenanceService);
  const receive = (address: string, ...texts: string[]) =>
    (svc as unknown as { receive(a: string, l: { text: string; cut: boolean }[], at: Date): void }).receive(
      address,
      texts.map((text) => ({ text, cut: false })),
      new Date('2026-11-27T08:00:00Z'),
    );
  return { svc, rows, receive };
}

describe('SyslogService', () => {
  it("parses a known sender's lines with its vendor and queues them as rows", () => {
    const { svc, rows, receive } = service({ '127.0.1.12': { source: ROUTER } });
    receive(
      '::ffff:127.0.1.12',
      'pppoe,ppp,info <pppoe-skn001>: terminating... - peer is not responding',
      '<30>Sep 25 01:37:18 MikroTik user admin logged in from 192.168.88.1 via api',
      '<13>',
    );
    expect(rows).toEqual([
      {
        tenantId: 't1',
        oltId: 'o1',
        deviceKind: 'router',
        deviceName: 'MikroTik Core',
        sourceIp: '127.0.1.12',
        receivedAt: new Date('2026-11-27T08:00:00Z'),
        vendor: 'mikrotik',
        severity: 'info',
        kind: 'ppp-terminating',
        deviceTime: null,
        message: '<pppoe-skn001>: terminating... - peer is not responding',
        onu: null,
        mac: null,
        serial: null,
        pppoeUser: 'skn001',
        reason: 'peer is not responding',
        said: { user: 'skn001', service: 'pppoe', ip: null },
      },
      // An admin is no subscriber: no PPPoE user.
      expect.objectContaining({ kind: 'admin-login', pppoeUser: null, deviceTime: 'Sep 25 01:37:18' }),
      // A line that is all header keeps its text; the device's vendor stands for the parser's.
      expect.objectContaining({ kind: 'other', message: '<13>', vendor: 'mikrotik' }),
    ]);
    expect(svc.counters()).toMatchObject({ received: 3, unknownSource: 0, ambiguous: 0 });
  });

  it('counts and drops lines from unknown and ambiguous senders, after one more look', async () => {
    const { svc, rows, receive } = service({ '127.0.1.30': 'ambiguous' });
    receive('127.0.1.99', 'a', 'b');
    receive('127.0.1.30', 'c');
    await new Promise((r) => setImmediate(r));
    expect(rows).toEqual([]);
    expect(svc.counters()).toMatchObject({ received: 3, unknownSource: 2, ambiguous: 1 });
  });
});
