/** Telnet paths of the drivers against a scripted CLI over real sockets, answering with the real sample outputs. */
import { FakeCliServer, type FakeCliScript } from '../testing/fake-cli-server';
import { blocks, cliSample } from '../testing/device-data';
import type { DeviceConnection } from '../support/connection';
import { BdcomEponDriver } from './bdcom-epon.driver';
import { BdcomGponDriver } from './bdcom-gpon.driver';
import { CdataDriver } from './cdata.driver';
import { VsolGponDriver } from './vsol-gpon.driver';
import { AviesDriver } from './avies.driver';

const conn = (port: number, password = 'secret', enablePassword?: string): DeviceConnection => ({
  host: '127.0.0.1',
  // SNMP points at a closed port: these tests must never need it.
  snmp: { port: 9, community: 'unused', timeoutMs: 200, retries: 0 },
  telnet: {
    port,
    username: 'admin',
    password,
    enablePassword,
    connectTimeoutMs: 2000,
    loginTimeoutMs: 2000,
    commandTimeoutMs: 3000,
  },
});

async function withServer(
  script: FakeCliScript,
  fn: (port: number, server: FakeCliServer) => Promise<void>,
): Promise<void> {
  const server = new FakeCliServer(script);
  const port = await server.start();
  try {
    await fn(port, server);
  } finally {
    await server.stop();
  }
}

const bdcomModes = [
  { match: /^config$/, suffix: '_config' },
  { match: /^interface (EPON|GPON) ?0\/(\d+)$/, suffix: '_config_pon' },
  { match: /^exit$/, suffix: null },
];

describe('BDCOM over telnet', () => {
  const workbranch = blocks(cliSample('bdcom/epon-gpon-poll-blocks_workbranch.txt'));
  const body = (i: number) => workbranch[i].body.split('\n').slice(1).join('\n');

  it('GPON: optics, basic-info history, reboot with confirmation and delete in the PON interface', async () => {
    const html = cliSample('bdcom/gpon-poll-session_workbranch.html')
      .replace(/<br>/g, '\n')
      .replace(/<[^>]+>/g, '');
    const history = html.slice(html.indexOf('Serial number'), html.indexOf('02 2026-08-10 12:21:01') + 22);
    await withServer(
      {
        hostname: 'OLT-GP3600',
        password: 'secret',
        enablePassword: 'en',
        pager: ' --More-- ',
        acceptsTerminalLength: true,
        modes: bdcomModes,
        commands: [
          { match: /^show gpon interface GPON0\/11:1 onu optical-transceiver-diagnosis$/, output: body(2) },
          { match: /^show gpon interface GPON0\/8:29 onu basic-info$/, output: history },
          {
            match: /^gpon reboot onu interface GPON0\/8:29$/,
            output: '',
            confirm: 'Are you sure to reboot this ONU? (y/n) [n]',
          },
          { match: /^no gpon bind-onu sequence 29$/, output: '' },
          { match: /^write all$/, output: 'Building configuration...\n[OK]' },
        ],
      },
      async (port, server) => {
        const d = new BdcomGponDriver(conn(port, 'secret', 'en'));
        try {
          expect(await d.readOnuOptics({ ponPort: 11, onuId: 1 })).toEqual({
            temperatureC: 36.5,
            voltageV: 3.4,
            biasMa: 12.1,
            rxDbm: -23.3,
            txDbm: 2.6,
            oltRxDbm: null,
          });
          expect(await d.onuHistory({ ponPort: 8, onuId: 29 })).toEqual([
            {
              time: '2026-08-07 16:51:50',
              event: 'up',
              reason: null,
              reasonRaw: null,
              raw: '1 2026-08-07 16:51:50',
            },
            {
              time: '2026-08-10 12:20:10',
              event: 'down',
              reason: 'reboot',
              reasonRaw: 'reboot',
              raw: '1 2026-08-10 12:20:10 reboot',
            },
            {
              time: '2026-08-10 12:21:01',
              event: 'up',
              reason: null,
              reasonRaw: null,
              raw: '2 2026-08-10 12:21:01',
            },
          ]);
          await d.rebootOnu({ ponPort: 8, onuId: 29 });
          await d.deleteOnu({ ponPort: 8, onuId: 29 });
          expect(server.log).toEqual([
            'enable',
            'terminal length 0',
            'terminal width 0',
            'show gpon interface GPON0/11:1 onu optical-transceiver-diagnosis',
            'show gpon interface GPON0/8:29 onu basic-info',
            // Each write logs in on a session of its own.
            'enable',
            'terminal length 0',
            'terminal width 0',
            'gpon reboot onu interface GPON0/8:29',
            'enable',
            'terminal length 0',
            'terminal width 0',
            'config',
            'interface GPON 0/8',
            'no gpon bind-onu sequence 29',
            'exit',
            'exit',
            'write all',
          ]);
          const login = await d.checkTelnetLogin();
          expect(login).toEqual({ ok: true, prompt: 'OLT-GP3600#', privileged: true, error: null });
        } finally {
          await d.close();
        }
      },
    );
  });

  it('EPON: inactive list with reasons and ONU optics from the CLI, pager answered when `terminal length 0` is refused', async () => {
    const headers = blocks(cliSample('bdcom/epon-onu-info_active_inactive_headers_nestjs-vendor.txt'));
    const inactive = [
      headers[2].body.trim(),
      ...cliSample('bdcom/epon-inactive-onu_rows_ndce.txt').trim().split('\n'),
    ].join('\n');
    await withServer(
      {
        hostname: 'P3310C',
        password: 'secret',
        enablePassword: null,
        pager: ' --More-- ',
        pageLines: 3,
        acceptsTerminalLength: false,
        commands: [
          { match: /^show epon inactive-onu$/, output: inactive },
          {
            match: /^show epon interface epon0\/1:53 onu ctc optical-transceiver-diagnosis$/,
            output: cliSample('bdcom/epon-onu-ctc-optical_ndce.txt'),
          },
        ],
      },
      async (port) => {
        const d = new BdcomEponDriver(conn(port));
        try {
          const rows = await d.listInactiveOnus();
          expect(rows.map((r) => [r.ifName, r.mac, r.lastDeregReason, r.lastDeregReasonRaw])).toEqual([
            ['EPON0/8:25', '80:f7:a6:07:ce:31', 'power-off', 'power-off'],
            ['EPON0/5:19', 'a0:34:61:81:93:a8', 'power-off', 'power-off'],
            ['EPON0/3:61', '98:45:62:cd:90:50', 'wire-down', 'wire-down'],
            ['EPON0/15:54', '10:f7:a6:c4:cf:b6', 'wire-down', 'wire-down'],
          ]);
          expect(rows.every((r) => r.status === 'offline' && r.rxDbm === null)).toBe(true);
          expect(await d.readOnuOptics({ ponPort: 1, onuId: 53 })).toEqual({
            temperatureC: 3,
            voltageV: 3.4,
            biasMa: 14.4,
            txDbm: 2.2,
            rxDbm: -17.7,
            oltRxDbm: null,
          });
        } finally {
          await d.close();
        }
      },
    );
  });

  it('reports a wrong telnet password as a failed login check, not a crash', async () => {
    await withServer({ hostname: 'OLT', password: 'secret', commands: [] }, async (port) => {
      const d = new BdcomGponDriver(conn(port, 'wrong'));
      try {
        const r = await d.checkTelnetLogin();
        expect(r.ok).toBe(false);
        expect(r.error).toMatch(/login refused/);
        await expect(d.readOnuOptics({ ponPort: 1, onuId: 1 })).rejects.toMatchObject({
          code: 'TELNET_AUTH_FAILED',
        });
      } finally {
        await d.close();
      }
    });
  });
});

describe('C-Data over telnet (Huawei-like CLI, C-Data pager)', () => {
  it('reads optics and the last down cause inside `interface epon 0/0`, reboots and deletes there', async () => {
    const adapter = blocks(cliSample('cdata/epon-ont-info-and-optical_oltcmdread-adapter.txt'));
    const live = blocks(cliSample('cdata/epon-optical-live_oltcmdread-doc.txt'));
    await withServer(
      {
        hostname: 'OLT - MANTIMENTO',
        loginPrompt: 'User name:',
        password: 'secret',
        enablePassword: null,
        pager: "--More ( Press 'Q' to quit )--",
        pageLines: 4,
        acceptsTerminalLength: false,
        modes: [
          { match: /^config$/, suffix: '(config)' },
          { match: /^interface epon 0\/0$/, suffix: '(config-interface-epon-0/0)' },
          { match: /^exit$/, suffix: null },
        ],
        commands: [
          { match: /^show ont optical-info 8 20$/, output: live[2].body.trim() },
          { match: /^show ont info 2 3$/, output: adapter[1].body.trim() },
          { match: /^ont reboot 2 3$/, output: '' },
          { match: /^ont delete 2 3$/, output: '', confirm: 'Are you sure to delete the ONT? (y/n):' },
          {
            match: /^save$/,
            output: 'Saving configuration, please wait...\nSave configuration successfully.',
          },
        ],
      },
      async (port, server) => {
        const d = new CdataDriver(conn(port), 'epon');
        try {
          expect(await d.readOnuOptics({ ponPort: 8, onuId: 20 })).toEqual({
            voltageV: 3.39,
            txDbm: 1.89,
            rxDbm: -19.28,
            biasMa: 13,
            temperatureC: 31.3,
            oltRxDbm: null,
          });
          expect(await d.onuHistory({ ponPort: 2, onuId: 3 })).toEqual([
            {
              time: '2000-05-22 00:30:53',
              event: 'up',
              reason: null,
              reasonRaw: null,
              raw: 'Last up time : 2000-05-22 00:30:53',
            },
            {
              time: '2000-05-22 00:29:28',
              event: 'down',
              reason: 'power-off',
              reasonRaw: 'dying-gasp',
              raw: 'Last down time : 2000-05-22 00:29:28',
            },
          ]);
          await d.rebootOnu({ ponPort: 2, onuId: 3 });
          await d.deleteOnu({ ponPort: 2, onuId: 3 });
          // Each write on a session of its own, from the prompt login gives; the delete answers y/n and saves.
          expect(server.log.slice(server.log.indexOf('ont reboot 2 3') - 2)).toEqual([
            'config',
            'interface epon 0/0',
            'ont reboot 2 3',
            'exit',
            'enable',
            'config',
            'interface epon 0/0',
            'ont delete 2 3',
            'exit',
            'save',
          ]);
        } finally {
          await d.close();
        }
      },
    );
  });
});

describe('V-SOL GPON over telnet', () => {
  it('reads `show onu N optical_info` inside the PON interface and runs reboot (inferred, accepted) and delete there', async () => {
    await withServer(
      {
        hostname: 'gpon-olt',
        loginPrompt: 'Login:',
        password: 'secret',
        enablePassword: 'en',
        pager: ' --More-- \x00',
        modes: [
          { match: /^configure terminal$/, suffix: '(config)' },
          { match: /^interface gpon 0\/1$/, suffix: '(config-pon-0/1)' },
          { match: /^exit$/, suffix: null },
        ],
        commands: [
          {
            match: /^show onu 2 optical_info$/,
            output: cliSample('vsol/gpon-onu-optical_info_olterra.txt').trim(),
          },
          { match: /^onu 2 reboot$/, output: '' },
          { match: /^no onu 2$/, output: '' },
        ],
      },
      async (port, server) => {
        const d = new VsolGponDriver(conn(port, 'secret', 'en'));
        try {
          expect(await d.readOnuOptics({ ponPort: 1, onuId: 2 })).toEqual({
            rxDbm: -18.15,
            txDbm: 2.54,
            voltageV: 3.26,
            biasMa: 11.29,
            temperatureC: 54.5,
            oltRxDbm: null,
          });
          // The CLI reboot is inferred (manual only): sent because the caller accepts that.
          await d.rebootOnu({ ponPort: 1, onuId: 2 }, { acceptInferred: true });
          await d.deleteOnu({ ponPort: 1, onuId: 2 });
          expect(server.log.filter((l) => /^(onu|no onu)/.test(l))).toEqual(['onu 2 reboot', 'no onu 2']);
        } finally {
          await d.close();
        }
      },
    );
  });
});

describe('AVIES (HSGQ) EPON over telnet', () => {
  it('reads the alarm log as history (event-shaped lines kept) and lists ONUs with optics from the CLI', async () => {
    const b = blocks(cliSample('avies/hsgq-xe04i-epon-telnet_teranetwork-validation.txt'));
    const alarm = b.find((x) => x.title.includes('show onu-info-alarm'))!.body.trim();
    await withServer(
      {
        hostname: 'Tera-Network',
        loginPrompt: 'username:',
        password: 'secret',
        enablePassword: null,
        modes: [
          { match: /^configure$/, suffix: '(config)' },
          { match: /^interface epon 1$/, suffix: '(config-epon-1)' },
          { match: /^exit$/, suffix: null },
        ],
        commands: [
          { match: /^show onu-info-alarm 27$/, output: alarm },
          {
            match: /^show onu-info all$/,
            output: b.find((x) => x.title.includes('show onu-info all'))!.body.trim(),
          },
          {
            match: /^show optical-info$/,
            output: b.find((x) => x.title.includes('show optical-info'))!.body.trim(),
          },
        ],
      },
      async (port) => {
        const d = new AviesDriver(conn(port), 'epon');
        try {
          const h = await d.onuHistory({ ponPort: 1, onuId: 27 });
          expect(h.map((e) => [e.time, e.event, e.reason])).toEqual([
            ['2000/01/01 01:14:05', 'up', null],
            ['2000/01/01 01:14:02', 'up', null],
            ['2000/01/01 01:13:58', 'down', 'unknown'],
          ]);
          // Without web credentials the EPON list comes from the CLI: onu-info all + optical-info per PON.
          const onus = await d.listOnus();
          expect(onus).toEqual([
            expect.objectContaining({
              ifName: '1/26',
              status: 'offline',
              statusRaw: 'Initial',
              mac: null,
              rxDbm: null,
              description: '<redacted>',
            }),
            expect.objectContaining({
              ifName: '1/27',
              status: 'online',
              mac: '30:c5:0f:d8:7f:2c',
              rxDbm: -11.986,
              txDbm: 2.0336,
              temperatureC: 56,
              voltageV: 3.29,
              biasMa: 10,
            }),
          ]);
        } finally {
          await d.close();
        }
      },
    );
  });
});
