/**
 * What a write does when the device or the evidence says no, against a scripted CLI over real loopback sockets:
 * an unexpected reply stops the write before anything else (above all the save) is sent; an inferred command is
 * sent only when the caller accepts it; a write without a path sends nothing. Commands are typed by hand from
 * CLI-ACTIONS.md; the replies are the scripted server's, since no capture of a real reply exists (§7).
 */
import { FakeCliServer, type FakeCliScript } from '../testing/fake-cli-server';
import type { DeviceConnection } from '../support/connection';
import { BdcomEponDriver } from './bdcom-epon.driver';
import { CdataDriver } from './cdata.driver';
import { VsolEponDriver } from './vsol-epon.driver';
import { AviesDriver } from './avies.driver';

const conn = (port: number): DeviceConnection => ({
  host: '127.0.0.1',
  // SNMP points at a closed port and has no write community: every write here goes over telnet.
  snmp: { port: 9, community: 'unused', timeoutMs: 200, retries: 0 },
  telnet: {
    port,
    username: 'admin',
    password: 'secret',
    connectTimeoutMs: 2000,
    loginTimeoutMs: 2000,
    commandTimeoutMs: 3000,
  },
});

async function withServer(
  script: FakeCliScript,
  fn: (server: FakeCliServer) => Promise<void>,
): Promise<void> {
  const server = new FakeCliServer(script);
  await server.start();
  try {
    await fn(server);
  } finally {
    await server.stop();
  }
}

const bdcom = (unbindReply: string, saveReply: string): FakeCliScript => ({
  hostname: 'P3310C',
  password: 'secret',
  enablePassword: null,
  modes: [
    { match: /^config$/, suffix: '_config' },
    { match: /^interface EPON0\/\d+$/, suffix: '_config_epon0/1' },
    { match: /^exit$/, suffix: null },
  ],
  commands: [
    { match: /^no epon bind-onu sequence 5$/, output: unbindReply },
    { match: /^write all$/, output: saveReply },
  ],
});

describe('an unexpected reply aborts the write (UNEXPECTED_REPLY, nothing further sent)', () => {
  it('BDCOM EPON delete: `% Unknown command.` after the unbind → no exit, no `write all`', async () => {
    await withServer(bdcom('% Unknown command.', '[OK]'), async (server) => {
      const d = new BdcomEponDriver(conn(server.port));
      try {
        const err = await d.deleteOnu({ ponPort: 1, onuId: 5 }).catch((e: unknown) => e);
        expect(err).toMatchObject({ code: 'DRIVER_UNEXPECTED_REPLY' });
        expect((err as Error).message).toContain('step 3 of 6 ("no epon bind-onu sequence 5")');
        expect((err as Error).message).toContain('"% Unknown command."');
        expect(server.log.slice(-3)).toEqual(['config', 'interface EPON0/1', 'no epon bind-onu sequence 5']);
        expect(server.log).not.toContain('write all');
      } finally {
        await d.close();
      }
    });
  });

  it('BDCOM EPON delete: any text after the unbind is unexpected, not only error words', async () => {
    await withServer(bdcom('ONU 5 is online, unbind later', '[OK]'), async (server) => {
      const d = new BdcomEponDriver(conn(server.port));
      try {
        await expect(d.deleteOnu({ ponPort: 1, onuId: 5 })).rejects.toMatchObject({
          code: 'DRIVER_UNEXPECTED_REPLY',
          message: expect.stringContaining('"ONU 5 is online, unbind later"'),
        });
        expect(server.log).not.toContain('exit');
        expect(server.log).not.toContain('write all');
      } finally {
        await d.close();
      }
    });
  });

  it('BDCOM EPON delete: a save answered with an error fails the write; a save with progress text does not', async () => {
    await withServer(bdcom('', 'Building configuration...\n% Write failed: flash busy'), async (server) => {
      const d = new BdcomEponDriver(conn(server.port));
      try {
        await expect(d.deleteOnu({ ponPort: 1, onuId: 5 })).rejects.toMatchObject({
          code: 'DRIVER_UNEXPECTED_REPLY',
          message: expect.stringContaining('("write all") was answered with an error'),
        });
      } finally {
        await d.close();
      }
    });
    await withServer(bdcom('', 'Building configuration...\n[OK]'), async (server) => {
      const d = new BdcomEponDriver(conn(server.port));
      try {
        await d.deleteOnu({ ponPort: 1, onuId: 5 });
        expect(server.log.slice(-6)).toEqual([
          'config',
          'interface EPON0/1',
          'no epon bind-onu sequence 5',
          'exit',
          'exit',
          'write all',
        ]);
      } finally {
        await d.close();
      }
    });
  });

  it('C-Data delete: `The ONT is not exist` after the confirmed `ont delete` → no `save`', async () => {
    await withServer(
      {
        hostname: 'OLT',
        loginPrompt: 'User name:',
        password: 'secret',
        enablePassword: null,
        modes: [
          { match: /^config$/, suffix: '(config)' },
          { match: /^interface gpon 0\/0$/, suffix: '(config-gpon-0/0)' },
          { match: /^exit$/, suffix: null },
        ],
        commands: [
          {
            match: /^ont delete 4 9$/,
            output: 'The ONT is not exist',
            confirm: 'Are you sure to delete the ONT? (y/n):',
          },
          { match: /^save$/, output: 'Save configuration successfully.' },
        ],
      },
      async (server) => {
        const d = new CdataDriver(conn(server.port), 'gpon');
        try {
          await expect(d.deleteOnu({ ponPort: 4, onuId: 9 })).rejects.toMatchObject({
            code: 'DRIVER_UNEXPECTED_REPLY',
          });
          expect(server.log.slice(-3)).toEqual(['config', 'interface gpon 0/0', 'ont delete 4 9']);
          expect(server.log).not.toContain('save');
        } finally {
          await d.close();
        }
      },
    );
  });
});

describe('inferred and missing paths', () => {
  const vsol: FakeCliScript = {
    hostname: 'epon-olt',
    loginPrompt: 'Login:',
    password: 'secret',
    enablePassword: null,
    modes: [
      { match: /^configure terminal$/, suffix: '(config)' },
      { match: /^interface epon 0\/2$/, suffix: '(config-pon-0/2)' },
      { match: /^exit$/, suffix: null },
    ],
    commands: [
      { match: /^onu 3 ctc reset$/, output: '' },
      { match: /^no onu auth onuid 3$/, output: '' },
    ],
  };

  it('V-SOL EPON over telnet: the inferred reboot is refused and nothing is sent, unless accepted', async () => {
    await withServer(vsol, async (server) => {
      const d = new VsolEponDriver(conn(server.port));
      try {
        const err = await d.rebootOnu({ ponPort: 2, onuId: 3 }).catch((e: unknown) => e);
        expect(err).toMatchObject({ code: 'DRIVER_INFERRED_NOT_ACCEPTED' });
        expect((err as Error).message).toContain('onu <o> ctc reset');
        await expect(d.deleteOnu({ ponPort: 2, onuId: 3 })).rejects.toMatchObject({
          code: 'DRIVER_INFERRED_NOT_ACCEPTED',
        });
        expect(server.log).toEqual([]);
        await d.rebootOnu({ ponPort: 2, onuId: 3 }, { acceptInferred: true });
        await d.deleteOnu({ ponPort: 2, onuId: 3 }, { acceptInferred: true });
        expect(server.log.filter((l) => !/^(enable|terminal length 0)$/.test(l))).toEqual([
          'configure terminal',
          'interface epon 0/2',
          'onu 3 ctc reset',
          'exit',
          'configure terminal',
          'interface epon 0/2',
          'no onu auth onuid 3',
          'exit',
        ]);
      } finally {
        await d.close();
      }
    });
  });

  it('AVIES GPON with telnet but no web login: UNSUPPORTED naming the web login, nothing sent', async () => {
    await withServer({ hostname: 'hsgq', password: 'secret', commands: [] }, async (server) => {
      const d = new AviesDriver(conn(server.port), 'gpon');
      try {
        await expect(d.rebootOnu({ ponPort: 1, onuId: 1 }, { acceptInferred: true })).rejects.toMatchObject({
          code: 'DRIVER_UNSUPPORTED',
          message: expect.stringContaining('web login'),
        });
        await expect(d.clearPort(1)).rejects.toMatchObject({ code: 'DRIVER_UNSUPPORTED' });
        expect(server.log).toEqual([]);
      } finally {
        await d.close();
      }
    });
  });
});
