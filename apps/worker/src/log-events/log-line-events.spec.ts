import { ponPlaceOf, RepeatFilter, sessionEventOf, type StoredLogLine } from './log-line-events';

const line = (over: Partial<StoredLogLine>): StoredLogLine => ({
  tenantId: 't',
  oltId: 'o',
  deviceKind: 'router',
  deviceName: 'MikroTik Core',
  receivedAt: new Date('2026-11-27T08:00:00Z'),
  kind: 'ppp-down',
  time: 'Nov 27 08:00:00',
  user: 'rahim01',
  service: 'pppoe',
  mac: null,
  ip: null,
  onu: null,
  serial: null,
  ...over,
});

describe('session events read from router lines', () => {
  it('reads a PPPoE disconnect and connect', () => {
    expect(sessionEventOf(line({}))).toEqual({
      pppoeId: 'rahim01',
      action: 'down',
      ip: null,
      mac: null,
      router: 'MikroTik Core',
      iface: null,
      routerTime: 'Nov 27 08:00:00',
    });
    expect(sessionEventOf(line({ kind: 'ppp-up', ip: '10.9.0.7' }))).toMatchObject({
      action: 'up',
      ip: '10.9.0.7',
    });
  });

  it('counts a line without its service (bsd-syslog drops the topics) as PPPoE', () => {
    expect(sessionEventOf(line({ service: null }))?.pppoeId).toBe('rahim01');
  });

  it('leaves out VPN sessions, other kinds, OLT lines and user names the ingest refuses', () => {
    expect(sessionEventOf(line({ service: 'pptp' }))).toBeNull();
    expect(sessionEventOf(line({ kind: 'ppp-terminating' }))).toBeNull();
    expect(sessionEventOf(line({ kind: 'admin-login' }))).toBeNull();
    expect(sessionEventOf(line({ deviceKind: 'olt' }))).toBeNull();
    expect(sessionEventOf(line({ user: null }))).toBeNull();
    expect(sessionEventOf(line({ user: 'a b' }))).toBeNull();
    expect(sessionEventOf(line({ user: 'x'.repeat(65) }))).toBeNull();
  });
});

describe('RepeatFilter', () => {
  it('takes a repeat of a user’s last action within the window as the same event', () => {
    const f = new RepeatFilter(5000);
    expect(f.fresh('t|u', 'down', 1000)).toBe(true);
    expect(f.fresh('t|u', 'down', 3000)).toBe(false);
    expect(f.fresh('t|v', 'down', 3000)).toBe(true);
    expect(f.fresh('t|u', 'down', 9000)).toBe(true);
  });

  it('counts a flap within the window in full: down, up, down', () => {
    const f = new RepeatFilter(5000);
    expect([f.fresh('t|u', 'down', 1000), f.fresh('t|u', 'up', 2000), f.fresh('t|u', 'down', 3000)]).toEqual([
      true,
      true,
      true,
    ]);
  });
});

describe('ponPlaceOf', () => {
  it('reads the PON port and ONU of each OLT family', () => {
    expect(ponPlaceOf('EPON0/1:3')).toEqual({ ponPort: 1, onuId: 3 });
    expect(ponPlaceOf('GPON0/16:128')).toEqual({ ponPort: 16, onuId: 128 });
    expect(ponPlaceOf('PON 0/2 ONU 1')).toEqual({ ponPort: 2, onuId: 1 });
    expect(ponPlaceOf('PON 0/0/8 ONU 66')).toEqual({ ponPort: 8, onuId: 66 });
    expect(ponPlaceOf('1/27')).toEqual({ ponPort: 1, onuId: 27 });
  });

  it('answers null for what names no ONU', () => {
    expect(ponPlaceOf(null)).toBeNull();
    expect(ponPlaceOf('EPON0/1')).toBeNull();
    expect(ponPlaceOf('UNI 0/1')).toBeNull();
    expect(ponPlaceOf('')).toBeNull();
  });
});
