import type { RouterInfo, SubscriberSession } from '@pondesk/contracts';
import {
  appendRatePoint,
  formatBps,
  formatBytes,
  formatUpDown,
  liveUptimeSeconds,
  routerProblem,
  sessionStatus,
} from './live-format';

const router = (over: Partial<RouterInfo> = {}): RouterInfo => ({
  state: 'ok',
  message: null,
  target: '127.0.0.1:8728',
  brand: 'MikroTik',
  model: 'CCR2004-1G-12S+2XS',
  version: '7.12.2 (stable)',
  ...over,
});

const live = (
  over: Partial<SubscriberSession> = {},
  rate = { upload: 512000, download: 4200000 },
): SubscriberSession => ({
  pppoeId: 'rahim@isp',
  readAt: '2026-03-01T10:00:00.000Z',
  router: router(),
  state: 'online',
  session: {
    name: 'rahim@isp',
    service: 'pppoe',
    uptimeSeconds: 3600,
    address: '10.30.246.13',
    callerId: 'B8:69:F4:B7:52:BB',
    interface: '<pppoe-rahim@isp>',
    vlanId: 101,
    rateBps: rate,
    bytes: { upload: 73400320, download: 1288490188 },
    maxLimitBps: { upload: 10000000, download: 20000000 },
  },
  ...over,
});

describe('live session text', () => {
  it('writes rates in SI bits per second with three figures', () => {
    expect(formatBps(0)).toBe('0 bps');
    expect(formatBps(999)).toBe('999 bps');
    expect(formatBps(1000)).toBe('1.00 kbps');
    expect(formatBps(512000)).toBe('512 kbps');
    expect(formatBps(4200000)).toBe('4.20 Mbps');
    expect(formatBps(10000000)).toBe('10.0 Mbps');
    expect(formatBps(2500000000)).toBe('2.50 Gbps');
    expect(formatBps(null)).toBe('—');
    expect(formatBps(-1)).toBe('—');
  });

  it('writes byte totals in binary units', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(73400320)).toBe('70.0 MiB');
    expect(formatBytes(1288490188)).toBe('1.20 GiB');
    expect(formatBytes(undefined)).toBe('—');
  });

  it('writes both directions, upload first', () => {
    expect(formatUpDown({ upload: 512000, download: 4200000 }, formatBps)).toBe('512 kbps / 4.20 Mbps');
    expect(formatUpDown(null, formatBps)).toBe('—');
  });

  it("says in one line why the router could not be read, with the router's own words", () => {
    expect(routerProblem(router())).toBeNull();
    expect(
      routerProblem(router({ state: 'unreachable', message: '127.0.0.1:20001: connection refused' })),
    ).toBe('The MikroTik router does not answer on its API port. (127.0.0.1:20001: connection refused)');
    expect(routerProblem(router({ state: 'login-failed', message: null }))).toBe(
      'The MikroTik router refused the API user name or password stored on the OLT.',
    );
    expect(
      routerProblem(router({ state: 'not-configured', message: 'The OLT has no MikroTik address.' })),
    ).toBe(
      'No MikroTik is set for this OLT: add its address and API user on the OLT form. (The OLT has no MikroTik address)',
    );
  });

  it('is online only when the router answered with a session that has an uptime', () => {
    expect(sessionStatus(live())).toBe('online');
    expect(sessionStatus(live({ state: 'offline', session: null }))).toBe('offline');
    const noUptime = live();
    noUptime.session!.uptimeSeconds = null;
    expect(sessionStatus(noUptime)).toBe('offline');
    expect(
      sessionStatus(live({ state: 'unknown', session: null, router: router({ state: 'timeout' }) })),
    ).toBeNull();
    expect(sessionStatus(undefined)).toBeNull();
  });

  it('counts the uptime on from when the browser received it', () => {
    const received = Date.parse('2026-03-01T12:00:00.000Z');
    expect(liveUptimeSeconds(live(), received, received)).toBe(3600);
    expect(liveUptimeSeconds(live(), received, received + 61_500)).toBe(3661);
    // A clock behind the receipt never counts backwards.
    expect(liveUptimeSeconds(live(), received, received - 5000)).toBe(3600);
    expect(liveUptimeSeconds(live({ session: null, state: 'offline' }), received, received)).toBeNull();
  });
});

describe('the live chart readings', () => {
  it('adds one point per read, a gap for no session, nothing for an unread router, and keeps the last max', () => {
    let points = appendRatePoint([], live(), 3);
    expect(points).toEqual([
      { at: Date.parse('2026-03-01T10:00:00.000Z'), upload: 512000, download: 4200000 },
    ]);
    // The same answer again (a re-render) adds nothing.
    expect(appendRatePoint(points, live(), 3)).toBe(points);
    points = appendRatePoint(
      points,
      live({ readAt: '2026-03-01T10:00:05.000Z' }, { upload: 600000, download: 3900000 }),
      3,
    );
    points = appendRatePoint(
      points,
      live({ readAt: '2026-03-01T10:00:10.000Z', state: 'offline', session: null }),
      3,
    );
    points = appendRatePoint(
      points,
      live({
        readAt: '2026-03-01T10:00:15.000Z',
        state: 'unknown',
        session: null,
        router: router({ state: 'timeout' }),
      }),
      3,
    );
    points = appendRatePoint(
      points,
      live({ readAt: '2026-03-01T10:00:20.000Z' }, { upload: 1, download: 2 }),
      3,
    );
    expect(points).toEqual([
      { at: Date.parse('2026-03-01T10:00:05.000Z'), upload: 600000, download: 3900000 },
      { at: Date.parse('2026-03-01T10:00:10.000Z'), upload: null, download: null },
      { at: Date.parse('2026-03-01T10:00:20.000Z'), upload: 1, download: 2 },
    ]);
  });
});
