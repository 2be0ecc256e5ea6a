import { LOG_LINE_MAX_CHARS, type LogVendor } from '@pondesk/contracts';
import { cleanText, normaliseMac, severityFromTopics } from './fields';
import { parseSyslogLine } from './index';

describe('framing', () => {
  it('RFC 5424 with structured data (escaped `]` and `"` inside a value) and a BOM', () => {
    const r = parseSyslogLine(
      '<165>1 2003-10-11T22:14:15.003Z mymachine.example.com evntslog - ID47 [exampleSDID@32473 iut="3" note="a \\] and \\" here"][other@1 x="y"] \uFEFFAn application event log entry',
    );
    expect(r).toMatchObject({
      format: 'rfc5424',
      facility: 20,
      severity: 'notice',
      time: '2003-10-11T22:14:15.003Z',
      host: 'mymachine.example.com',
      topics: 'evntslog',
      message: 'An application event log entry',
      vendor: null,
      kind: 'other',
    });
  });

  it('RFC 5424 without structured data, nil fields, carrying an OLT message', () => {
    const r = parseSyslogLine(
      '<190>1 2026-05-18T09:43:47+03:00 olt-7 - - - - ONU 8479.7399.af6e is registered on EPON0/1:3.',
    );
    expect(r).toMatchObject({
      format: 'rfc5424',
      facility: 23,
      severity: 'info',
      time: '2026-05-18T09:43:47+03:00',
      host: 'olt-7',
      topics: null,
      message: 'ONU 8479.7399.af6e is registered on EPON0/1:3.',
      vendor: 'bdcom',
      kind: 'onu-up',
      onu: 'EPON0/1:3',
      mac: '84:79:73:99:af:6e',
    });
    expect(
      parseSyslogLine(
        '<30>1 2026-05-18T09:43:47Z router - - - - pppoe,ppp,info,account anna logged out, 61 1 2 3 4 from 00:0C:42:04:4C:EE',
      ),
    ).toMatchObject({
      format: 'rfc5424',
      host: 'router',
      topics: 'pppoe,ppp,info,account',
      severity: 'info',
      kind: 'ppp-down',
      user: 'anna',
      sessionSeconds: 61,
      mac: '00:0c:42:04:4c:ee',
      service: 'pppoe',
    });
    expect(parseSyslogLine('<30>1 - - - - - -')).toMatchObject({
      format: 'rfc5424',
      time: null,
      host: null,
      message: '',
    });
  });

  it('RFC 3164 with the day padded by a blank, and with an ISO time', () => {
    expect(parseSyslogLine('<30>Nov  8 17:06:36 OVA <pppoe-anna>: connected')).toMatchObject({
      format: 'rfc3164',
      time: 'Nov  8 17:06:36',
      host: 'OVA',
      facility: 3,
      severity: 'info',
      vendor: 'mikrotik',
      kind: 'ppp-up',
      user: 'anna',
      service: 'pppoe',
      message: '<pppoe-anna>: connected',
    });
    expect(
      parseSyslogLine('<29>2026-08-07T21:46:46.636+00:00 CHR-PE pppoe,ppp,info <pppoe-bob>: disconnected'),
    ).toMatchObject({
      format: 'rfc3164',
      time: '2026-08-07T21:46:46.636+00:00',
      host: 'CHR-PE',
      topics: 'pppoe,ppp,info',
      severity: 'notice',
      kind: 'ppp-down',
      user: 'bob',
    });
  });

  it('RouterOS default format: topics, prefix, no time or host', () => {
    expect(parseSyslogLine('<14>pppoe,ppp,info,account MikroTik: anna logged in, 10.0.0.9')).toMatchObject({
      format: 'routeros-default',
      time: null,
      host: null,
      topics: 'pppoe,ppp,info,account',
      facility: 1,
      severity: 'info',
      kind: 'ppp-up',
      user: 'anna',
      ip: '10.0.0.9',
      service: 'pppoe',
      message: 'anna logged in, 10.0.0.9',
    });
  });

  it('PRI only, empty, blank, an out-of-range PRI', () => {
    expect(parseSyslogLine('<13>')).toMatchObject({
      format: 'bare',
      facility: 1,
      severity: 'notice',
      message: '',
      kind: 'other',
      vendor: null,
      truncated: false,
    });
    expect(parseSyslogLine('<0>')).toMatchObject({ facility: 0, severity: 'emergency' });
    expect(parseSyslogLine('<191>x')).toMatchObject({ facility: 23, severity: 'debug', message: 'x' });
    expect(parseSyslogLine('<192>x')).toMatchObject({ facility: null, severity: null, message: '<192>x' });
    for (const empty of ['', '   ', '\0\0', '\n']) {
      expect(parseSyslogLine(empty)).toEqual({
        vendor: null,
        kind: 'other',
        format: 'bare',
        time: null,
        host: null,
        facility: null,
        severity: null,
        topics: null,
        message: '',
        user: null,
        service: null,
        onu: null,
        mac: null,
        serial: null,
        ip: null,
        sessionSeconds: null,
        reason: null,
        truncated: false,
      });
    }
  });

  it('a 64 KB line is cut to LOG_LINE_MAX_CHARS, marked, parsed, fast', () => {
    const big =
      '<30>Sep 25 01:37:18 MikroTik user abc logged in from 192.168.88.1 via api ' + 'x'.repeat(65536);
    const t0 = performance.now();
    const r = parseSyslogLine(big);
    const ms = performance.now() - t0;
    expect(r.truncated).toBe(true);
    expect(r.message.length).toBeLessThanOrEqual(LOG_LINE_MAX_CHARS);
    expect(r).toMatchObject({ kind: 'admin-login', user: 'abc', host: 'MikroTik' });
    expect(ms).toBeLessThan(50);
    expect(parseSyslogLine('A'.repeat(LOG_LINE_MAX_CHARS)).truncated).toBe(false);
    expect(parseSyslogLine('A'.repeat(LOG_LINE_MAX_CHARS + 1)).truncated).toBe(true);
  });

  it('binary garbage never throws and leaves no NUL or control byte in the message', () => {
    let seed = 12345;
    const rnd = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
    for (let n = 0; n < 300; n++) {
      const len = Math.floor(rnd() * 600);
      const bytes = Buffer.alloc(len);
      for (let i = 0; i < len; i++) bytes[i] = Math.floor(rnd() * 256);
      for (const text of [
        bytes.toString('latin1'),
        bytes.toString('utf8'),
        '<30>' + bytes.toString('latin1'),
      ]) {
        const r = parseSyslogLine(text);
        expect(r.kind).toBeDefined();
        expect([...r.message].some((c) => c.charCodeAt(0) < 32 || c.charCodeAt(0) === 127)).toBe(false);
      }
    }
    expect(() => parseSyslogLine(undefined as unknown as string)).not.toThrow();
    expect(() => parseSyslogLine(42 as unknown as string, { vendor: 'nope' as LogVendor })).not.toThrow();
  });

  it('backtracking torture strings finish in < 50 ms', () => {
    const n = LOG_LINE_MAX_CHARS;
    const torture = [
      ' '.repeat(n),
      '<1>' + ' '.repeat(n),
      '<'.repeat(n),
      '<' + 'a'.repeat(n) + '>',
      '<pppoe-' + 'a'.repeat(n),
      'a,'.repeat(n / 2),
      'a:'.repeat(n / 2),
      '%' + 'a'.repeat(n) + '[',
      'x logged in, '.repeat(n / 13),
      'x logged out, 1 '.repeat(n / 16),
      'user '.repeat(n / 5) + 'logged in from',
      'login failure for user ' + 'a '.repeat(n / 2),
      'ONU '.repeat(n / 4),
      'ONU 1/1 '.repeat(n / 8),
      'A' + ' '.repeat(n - 10) + 'PON 0/1',
      'ONU Online' + ' '.repeat(n - 20) + 'PON',
      'PON 0/0/1 ONU 1 ' + ' '.repeat(n - 20),
      'PON 0/0/1 ONU 1 ' + 'clear '.repeat(n / 6),
      'PON 1 PON link down' + ' '.repeat(n - 20),
      '[2026/01/01 00:00:00]' + ' '.repeat(n - 21),
      '2026-01-01T00:00:00Z ' + 'h'.repeat(n),
      '2026-01-01T00:00:00Z h ' + '%a'.repeat(n / 2),
      '1.2.3.4,20260101000000,' + ' '.repeat(n),
      '<30>Jan  1 00:00:00 ' + ' '.repeat(n),
      '<30>1 ' + '[a="'.repeat(n / 4),
      '<30>1 a b c d e [' + '\\'.repeat(n),
      'Interface EPON0/1:1'.repeat(n / 19),
      'ONU 0000.0000.0000 is '.repeat(n / 22),
      '00:00:00 a,b ' + 'MikroTik:'.repeat(n / 9),
      '\n \n'.repeat(n / 3),
    ];
    const t0 = performance.now();
    for (const t of torture) parseSyslogLine(t);
    for (const t of torture) parseSyslogLine(t.repeat(40));
    expect(performance.now() - t0).toBeLessThan(50);
  });

  it('joins a line break inside the datagram with one blank and strips NUL bytes', () => {
    expect(cleanText('a \n b\0c\r\nd\te')).toBe('a bc d e');
    expect(cleanText('plain')).toBe('plain');
    expect(parseSyslogLine('\0<190>Feb 29 23:31:55 olt %OLT: x \0').message).toBe('x');
  });

  it('keeps an unknown line as it is', () => {
    expect(parseSyslogLine('<13>Jan  1 00:00:00 host kernel: eth0 renamed')).toMatchObject({
      vendor: null,
      kind: 'other',
      host: 'host',
      message: 'eth0 renamed',
    });
    expect(parseSyslogLine('something else entirely')).toMatchObject({
      vendor: null,
      kind: 'other',
      format: 'bare',
      message: 'something else entirely',
    });
  });
});

describe('vendor messages beyond the samples', () => {
  it('MikroTik: other PPP services, a bare auth failure, dashed MAC, v7 accounting with an IP caller-id', () => {
    expect(parseSyslogLine('l2tp,ppp,info <l2tp-bob smith>: connected')).toMatchObject({
      kind: 'ppp-up',
      user: 'bob smith',
      service: 'l2tp',
    });
    expect(parseSyslogLine('<ovpn-x>: terminating... - session closed')).toMatchObject({
      kind: 'ppp-terminating',
      service: 'ovpn',
      reason: 'session closed',
      vendor: 'mikrotik',
    });
    expect(parseSyslogLine('user carol authentication failed')).toMatchObject({
      vendor: 'mikrotik',
      kind: 'ppp-auth-fail',
      user: 'carol',
    });
    expect(parseSyslogLine('pppoe,info PPPoE connection established from 00-0C-42-04-4C-EE')).toMatchObject({
      kind: 'pppoe-discovery',
      mac: '00:0c:42:04:4c:ee',
    });
    expect(
      parseSyslogLine('pptp,ppp,info,account dave logged out, 3600 1 2 3 4 from 82.1.2.3'),
    ).toMatchObject({
      kind: 'ppp-down',
      user: 'dave',
      sessionSeconds: 3600,
      mac: null,
      service: 'pptp',
    });
  });

  it('BDCOM: a PON port line protocol going down is pon-down; an ONU OAM status other than Operational is other', () => {
    expect(parseSyslogLine('%OLT: Line protocol on Interface EPON0/3, changed state to down')).toMatchObject({
      vendor: 'bdcom',
      kind: 'pon-down',
      onu: null,
    });
    expect(
      parseSyslogLine(
        "<190>Jan  1 00:00:00 olt %OLT: Interface EPON0/1:2's OAM Operational Status: Link Fault",
      ),
    ).toMatchObject({ vendor: 'bdcom', kind: 'other', onu: 'EPON0/1:2' });
  });

  it('HSGQ: a LAN port of an ONU going down, a PON coming back', () => {
    expect(
      parseSyslogLine('[2026/01/01 10:00:00]  Warning: ONU 1/2 Port 1 30:c5:0f:d8:7f:2c Uni port link down'),
    ).toMatchObject({
      vendor: 'hsgq',
      kind: 'onu-port-down',
      onu: '1/2',
      mac: '30:c5:0f:d8:7f:2c',
      reason: 'LINK DOWN',
    });
    expect(
      parseSyslogLine('[2026/01/01 10:00:00]  Info: PON 1 PON link up  find fiber signal'),
    ).toMatchObject({
      vendor: 'hsgq',
      kind: 'other',
    });
  });

  it('V-SOL: an ONU going off line is onu-down', () => {
    expect(
      parseSyslogLine('2026/02/04 10:46:15   ONU Dying Gasp   PON 0/2 ONU 1 sn GPON00929978'),
    ).toMatchObject({
      vendor: 'vsol',
      kind: 'onu-down',
      onu: 'PON 0/2 ONU 1',
      serial: 'GPON00929978',
      reason: 'dying gasp',
    });
  });

  it('the brand hint is tried first but another brand still parses', () => {
    const line =
      '[2000/01/01 01:12:51]  Info: ONU 1/27 30:c5:0f:d8:7f:2c Onu deregister, Reason:Manual Deregister';
    for (const vendor of ['mikrotik', 'bdcom', 'vsol', 'cdata', 'hsgq'] as const)
      expect(parseSyslogLine(line, { vendor })).toMatchObject({ vendor: 'hsgq', kind: 'onu-down' });
  });
});

describe('fields', () => {
  it('normalises MACs', () => {
    expect(normaliseMac('8479.7399.AF6E')).toBe('84:79:73:99:af:6e');
    expect(normaliseMac('00-0C-42-04-4C-EE')).toBe('00:0c:42:04:4c:ee');
    expect(normaliseMac('00:0C:42:04:4C:EE')).toBe('00:0c:42:04:4c:ee');
    expect(normaliseMac('00:0C-42:04:4C:EE')).toBeNull();
    expect(normaliseMac('82.1.2.3')).toBeNull();
  });

  it('takes the worst level word of the topics', () => {
    expect(severityFromTopics('system,error,critical')).toBe('critical');
    expect(severityFromTopics('pppoe,ppp,debug,packet')).toBe('debug');
    expect(severityFromTopics('firewall,drop')).toBeNull();
  });
});
