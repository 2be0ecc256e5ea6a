import { hsgqLoginBody } from '@pondesk/device-http';
import { hsgq } from './index';
import { blocks, cliSample, httpSample, httpSampleText } from '../testing/device-data';

type Env<T> = { code: number; data: T };
type Row = Record<string, unknown>;

describe('HSGQ (AVIES) telnet CLI on the real XE04I validation transcript', () => {
  const b = blocks(cliSample('avies/hsgq-xe04i-epon-telnet_teranetwork-validation.txt'));
  const body = (prefix: string) => b.find((x) => x.title.includes(prefix))!.body;

  it('recognises the lowercase login prompts, the prompt and the failure texts', () => {
    const login = body('§2 Login').split('\n');
    expect(hsgq.telnet.loginPrompt.test(login[0])).toBe(true);
    expect(hsgq.telnet.passwordPrompt.test(login[1])).toBe(true);
    expect(hsgq.telnet.prompt.test(body('§2 after login').trim())).toBe(true);
    for (const l of body('failure messages').trim().split('\n'))
      expect(hsgq.telnet.loginFailed.test(l)).toBe(true);
    const errs = body('error formats').trim().split('\n');
    expect(
      errs.every((l) =>
        hsgq.telnet.errorLines.some((r) => r.test(l.replace('<N>', '3').replace('<command>', 'x'))),
      ),
    ).toBe(true);
  });

  it('parses show onu-info all (statuses, invalid MAC, unset clock) and its totals', () => {
    const text = body('show onu-info all');
    const rows = hsgq.parseOnuInfoAll(text);
    expect(rows).toEqual([
      {
        ponPort: 1,
        onuId: 26,
        mac: null,
        status: 'offline',
        statusRaw: 'Initial',
        auth: 'TRUE',
        cfg: 'FALSE',
        regTime: null,
        name: 'ONU01/26',
        description: '<redacted>',
      },
      {
        ponPort: 1,
        onuId: 27,
        mac: '30:c5:0f:d8:7f:2c',
        status: 'online',
        statusRaw: 'Online',
        auth: 'TRUE',
        cfg: 'TRUE',
        regTime: null,
        name: 'ONU01/27',
        // `NO-DESCRIPTION` cut to 12 characters: the CLI's word for none.
        description: null,
      },
    ]);
    expect(hsgq.parseOnuInfoTotals(text)).toEqual({ total: 60, online: 1, offline: 59 });
  });

  it('parses show optical-info with its °C and unit columns', () => {
    expect(hsgq.parseOpticalInfo(body('show optical-info'))).toEqual([
      {
        ponPort: 1,
        onuId: 27,
        name: 'ONU01/27',
        mac: '30:c5:0f:d8:7f:2c',
        temperatureC: 56,
        voltageV: 3.29,
        biasMa: 10,
        txDbm: 2.0336,
        rxDbm: -11.986,
      },
    ]);
  });

  it('parses the alarm log and the event line catalogue', () => {
    const events = body('show onu-info-alarm').trim().split('\n').map(hsgq.parseEventLine);
    expect(events.map((e) => [e!.time, e!.text, hsgq.eventKind(e!.text)])).toEqual([
      ['2000/01/01 01:14:05', 'ONU link up', 'up'],
      ['2000/01/01 01:14:02', 'ONU authorization success', 'up'],
      ['2000/01/01 01:13:58', 'Onu deregister', 'down'],
    ]);
    const dereg = hsgq.parseEventLine(body('ONU deregister').trim().split('\n')[1])!;
    expect(dereg).toMatchObject({
      ponPort: 1,
      onuId: 27,
      text: 'Onu deregister',
      reasonRaw: 'Manual Deregister',
    });
    // A deregistration from the console: the ONU re-registers, it is not kept down.
    expect(hsgq.mapReason(dereg.reasonRaw)).toBe('reboot');
    // Those same lines interleave with command output and are filtered there.
    expect(hsgq.telnet.eventLines.some((r) => r.test(body('ONU deregister').trim().split('\n')[1]))).toBe(
      true,
    );
    expect(hsgq.mapReason('ONU dying gasp')).toBe('power-off');
  });

  it('accepts the AVEIS notes prompts as prompts', () => {
    const notes = cliSample('avies/aveis-epon-config-notes_netronixbd.txt');
    const prompts = [...notes.matchAll(/^(OLT(?:\([\w-]+\))?#)/gm)].map((m) => m[1]);
    expect(prompts.length).toBeGreaterThan(10);
    for (const p of prompts) expect(hsgq.telnet.prompt.test(p)).toBe(true);
    expect(cliSample('avies/hsgq-xe04i-running-config_teranetwork-doc.txt')).toMatch(
      /^hostname Tera-Network$/m,
    );
  });
});

describe('HSGQ web API samples', () => {
  it('builds the exact vendor login body (md5 key, base64 value)', () => {
    expect(hsgqLoginBody('root', 'admin')).toEqual(httpSample('epon-userlogin-login.request.json'));
  });

  it('maps the EPON ONU list rows: status words, unit-less rx, stale rx of offline ONUs, ±inf', () => {
    const rows = httpSample<Env<Row[]>>('epon-onu_allow_list.port.mock.json').data.map(hsgq.eponListRow);
    expect(rows).toHaveLength(35);
    expect(rows[0]).toMatchObject({
      ponPort: 1,
      onuId: 1,
      status: 'offline',
      statusRaw: 'Offline',
      rxDbm: null,
      lastDeregReason: 'power-off',
      lastDeregReasonRaw: 'Power Down',
      mac: '38:3a:21:20:06:e0',
    });
    expect(rows[2]).toMatchObject({ onuId: 3, status: 'online', rxDbm: -27.1 });
    expect(rows[3].rxDbm).toBe(-6.99);
    expect(rows[5].rxDbm).toBeNull(); // "-inf"
    expect(rows[8].rxDbm).toBeNull(); // "inf"
    expect(rows[34]).toMatchObject({ statusRaw: 'Initial', status: 'offline' });
    expect(rows.filter((r) => r.status === 'online')).toHaveLength(32);
    // Clock never set on the box: 2000/… carries no information.
    expect(rows[0].lastDeregTime).toBeNull();
    expect(rows[0].lastRegTime).toBe('2019/03/04 12:29:54');
  });

  it('follows the /onutable mock definition: only "Online" is online, rx with a unit', () => {
    const def = httpSampleText('epon-onutable.mock-definition.txt');
    const words = [...(/status\s*:\s*one of (.*)/.exec(def)?.[1] ?? '').matchAll(/"([^"]+)"/g)].map(
      (m) => m[1],
    );
    expect(words).toEqual(['Initial', 'Offline', 'Register', 'Auth-Fail', 'Unauth', 'Auth Limit', 'Online']);
    expect(words.map(hsgq.eponStatus)).toEqual([
      'offline',
      'offline',
      'offline',
      'offline',
      'offline',
      'offline',
      'online',
    ]);
    expect(
      hsgq.eponListRow({
        port_id: 8,
        onu_id: 64,
        status: 'Online',
        receive_power: '-17.42 dBm',
        macaddr: '38:3a:21:00:00:01',
      }),
    ).toMatchObject({
      ponPort: 8,
      onuId: 64,
      rxDbm: -17.42,
    });
  });

  it('maps the older row shape with lower-case status and string auth_state', () => {
    const rows = httpSample<Env<Row[]>>('epon-onu_allow_list.alt-old.mock.json').data.map(hsgq.eponListRow);
    expect(rows.map((r) => [r.onuId, r.status, r.mac])).toEqual([
      [1, 'online', '38:3a:21:20:22:66'],
      [2, 'online', '38:3a:21:20:22:00'],
    ]);
  });

  it('parses unit strings from optical-diagnose and optical_onu', () => {
    const one = hsgq.opticalObject(httpSample<Env<Row>>('epon-onumgmt-optical-diagnose.sample.json').data);
    expect(one).toEqual({
      rxDbm: -3.3003,
      txDbm: 1.8295,
      temperatureC: 21,
      voltageV: 3.29,
      biasMa: 13,
      oltRxDbm: null,
    });
    const pon = httpSample<Env<Row[]>>('epon-ponmgmt-optical_onu.sample.json').data;
    expect(hsgq.opticalObject(pon[0])).toEqual(one);
  });

  it('reads system, cpu, pon counts, uptime, base-info status, resources, MAC table and user list', () => {
    const sys = httpSample<Env<Row>>('epon-board-system.mock.json').data;
    expect(hsgq.http.modeFromDeviceType(sys['device_type'] as number)).toBe('epon');
    expect(sys['product_name']).toBe('HSGQ-E08');
    expect(hsgq.detect.modeFromModel('HSGQ-E08')).toBe('epon');
    expect(hsgq.detect.modeFromModel('HSGQ-G02ID')).toBe('gpon');
    expect(httpSample<Env<Row>>('epon-board-cpu.mock.json').data).toEqual({
      cpu_usage: 25,
      memory_usage: 70,
    });
    const pons = httpSample<Env<Row[]>>('epon-board-pon.mock.json').data;
    expect(pons.reduce((n, p) => n + (p['online'] as number), 0)).toBe(28);
    expect(hsgq.uptimeSeconds(httpSample<Env<Row>>('epon-time-info.mock.json').data)).toBe(93781);
    const base = httpSample<Env<Row>>('epon-onumgmt-base-info.mock.json').data;
    expect(hsgq.eponStatus(base['status'] as string)).toBe('offline'); // "Register" is not online by the vendor rule
    const res = httpSample<Env<{ resource: string }>>('epon-onu_allow_list-resource.mock.json').data.resource;
    expect(hsgq.parseResource(res)).toEqual([1, 4, 5, 6, 7, 8]);
    expect(hsgq.parseResource('0-1,3-8,15-29')).toHaveLength(2 + 6 + 15);
    expect(hsgq.renderResource([1, 4, 5, 6, 7, 8])).toBe('1,4-8');
    const macs = httpSample<Env<Row[]>>('epon-pon_mac_table.mock.json').data;
    expect(macs).toHaveLength(76);
    expect(macs[0]).toMatchObject({ macaddr: '00:00:25:00:00:00', port_id: 2, onu_id: 1 });
    expect(httpSample<{ code: number; data?: unknown }>('epon-pon_mac-form-table.mock.json')).toEqual({
      code: 1,
      message: 'success',
    });
    expect(httpSample<Env<Row>>('epon-pon_mac-age.mock.json').data['age']).toBe(300);
    expect(httpSample<Env<Row[]>>('epon-usermgmt-userlist.mock.json').data[0]).toMatchObject({
      name: 'root',
      reenter: 1,
    });
    expect(httpSample<Env<Row[]>>('epon-onu_deny_list.mock.json').data.map((r) => r['macaddr'])).toEqual([
      '38:3a:21:20:22:66',
      '38:3a:21:24:22:55',
    ]);
    expect(httpSample<Env<Row>>('epon-onumgmt-config-get.mock.json').data).toEqual({ fec_mode: 0 });
  });

  it('follows the GPON mock definitions: identifier packing, rstate, paths and reboot flags', () => {
    const defs = httpSampleText('gpon-mock-definitions.txt');
    expect(defs).toContain('identifier    : (port_id << 8) | ont_id');
    expect(hsgq.http.identifier.encode(2, 5)).toBe(517);
    expect(hsgq.http.identifier.decode(517)).toEqual({ ponPort: 2, onuId: 5 });
    const row = hsgq.gponListRow(
      {
        identifier: 517,
        ont_name: 'x1',
        ont_sn: 'HWTC12345678',
        rstate: 2,
        last_d_cause: 'LOS',
        last_d_time: '2024/01/02 03:04:05',
      },
      2,
    );
    expect(row).toMatchObject({
      ponPort: 2,
      onuId: 5,
      status: 'offline',
      statusRaw: 'offline',
      serial: 'HWTC12345678',
      lastDeregReason: 'los',
    });
    expect(hsgq.http.gpon.rebootBody(517)).toEqual({
      method: 'set',
      param: { identifier: 517, flags: 4, ont_name: '', ont_description: '' },
    });
    expect(hsgq.http.epon.rebootBody(1, 2).param.flags).toBe(1);
    expect(defs).toContain('/gponont_mgmt?form=auth');
    expect(hsgq.http.gpon.onuList(3)).toBe('/gponont_mgmt?form=auth&port_id=3');
    const newer = httpSampleText('epon-newer-firmware-fields.third-party.txt');
    expect(newer).toMatch(/distance: number/);
    expect(
      hsgq.eponListRow({
        port_id: 1,
        onu_id: 2,
        status: 'Online',
        distance: 1234,
        onu_desc: 'pppoe-7',
        macaddr: 'AA:BB:CC:00:11:22',
        receive_power: '-17.42 dBm',
      }),
    ).toMatchObject({
      distanceM: 1234,
      description: 'pppoe-7',
      mac: 'aa:bb:cc:00:11:22',
      rxDbm: -17.42,
    });
  });
});
