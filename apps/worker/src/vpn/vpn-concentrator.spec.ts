import { createServer, type Server, type Socket } from 'node:net';
import { RouterOsErrorCode, SentenceReader, addPppSecret, encodeSentence } from '@pondesk/device-routeros';
import { loadConfig } from '@pondesk/server-config';
import { VpnConcentrator, VpnConcentratorError } from './vpn-concentrator';

const CONCENTRATOR_PASSWORD = 'concentrator-pass-7Qx';
const SECRET_PASSWORD = 'Tq8vW2nL5xR7mK3pHc4ZaB9e';

/** A stand-in concentrator: answers each sentence as `answer` says (API framing, tags echoed). */
async function peer(
  answer: (words: string[]) => string[][],
): Promise<{ port: number; stop(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    const reader = new SentenceReader();
    socket.on('data', (chunk) => {
      for (const words of reader.push(chunk)) {
        const tag = words.find((w) => w.startsWith('.tag='));
        for (const reply of answer(words)) socket.write(encodeSentence(tag ? [...reply, tag] : reply));
      }
    });
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  return {
    port: (server.address() as { port: number }).port,
    stop: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}

const concentratorAt = (port: number) =>
  new VpnConcentrator(
    loadConfig({
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/pondesk',
      REDIS_URL: 'redis://127.0.0.1:6379',
      JWT_SECRET: 'x'.repeat(32),
      ENCRYPTION_KEY: 'ab'.repeat(32),
      VPN_CONCENTRATOR_HOST: '127.0.0.1',
      VPN_CONCENTRATOR_PORT: String(port),
      VPN_CONCENTRATOR_USER: 'pondesk',
      VPN_CONCENTRATOR_PASSWORD: CONCENTRATOR_PASSWORD,
      VPN_PUBLIC_ADDRESS: 'vpn.isp-platform.example',
    }),
  );

const failureOf = async (p: Promise<unknown>): Promise<VpnConcentratorError> => {
  const error = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(VpnConcentratorError);
  return error as VpnConcentratorError;
};

describe('the VPN concentrator', () => {
  const stops: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const stop of stops) await stop();
  });

  it("says the platform's login was refused, naming the settings to check and never the password", async () => {
    const p = await peer((w) =>
      w[0] === '/login'
        ? [['!trap', '=message=invalid user name or password (6)'], ['!done']]
        : [['!trap', '=message=not logged in']],
    );
    stops.push(p.stop);
    const error = await failureOf(concentratorAt(p.port).use(() => Promise.resolve(1)));
    expect(error.code).toBe(RouterOsErrorCode.LOGIN_FAILED);
    expect(error.message).toBe(
      `The VPN concentrator (127.0.0.1:${p.port}) refused the platform's login: the platform operator ` +
        'must check VPN_CONCENTRATOR_USER and VPN_CONCENTRATOR_PASSWORD',
    );
  });

  it('passes on what the concentrator said when it refused a command, with passwords cut out', async () => {
    const p = await peer((w) => {
      if (w[0] === '/login') return [['!done']];
      if (w[0] === '/ppp/secret/add')
        return [
          ['!trap', `=message=failure: secret with the same name already exists (${SECRET_PASSWORD})`],
          ['!done'],
        ];
      return [['!done']];
    });
    stops.push(p.stop);
    const error = await failureOf(
      concentratorAt(p.port).use(
        (c) => addPppSecret(c, { name: 'pd-1a2b3c4d', password: SECRET_PASSWORD, service: 'l2tp' }),
        [SECRET_PASSWORD],
      ),
    );
    expect(error.code).toBe(RouterOsErrorCode.COMMAND_FAILED);
    expect(error.message).toMatch(
      new RegExp(
        `^The VPN concentrator \\(127\\.0\\.0\\.1:${p.port}\\) refused: .*failure: secret with the same name already exists \\(\\[redacted\\]\\)`,
      ),
    );
    expect(error.message).not.toContain(SECRET_PASSWORD);
    expect(error.message).not.toContain(CONCENTRATOR_PASSWORD);
  });

  it('says a concentrator that nothing answers on could not be reached', async () => {
    const p = await peer(() => []);
    await p.stop();
    const error = await failureOf(concentratorAt(p.port).use(() => Promise.resolve(1)));
    expect(error.code).toBe(RouterOsErrorCode.UNREACHABLE);
    expect(error.message).toMatch(
      new RegExp(`^The VPN concentrator \\(127\\.0\\.0\\.1:${p.port}\\) could not be reached`),
    );
  });

  it('closes its connection after the work, and refuses to work without a configured concentrator', async () => {
    let logins = 0;
    const p = await peer((w) => {
      if (w[0] === '/login') logins++;
      return [['!done']];
    });
    stops.push(p.stop);
    const concentrator = concentratorAt(p.port);
    await expect(concentrator.use(async (c) => (c.closed ? 'closed' : 'open'))).resolves.toBe('open');
    expect(logins).toBe(1);

    const off = new VpnConcentrator(
      loadConfig({
        DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/pondesk',
        REDIS_URL: 'redis://127.0.0.1:6379',
        JWT_SECRET: 'x'.repeat(32),
        ENCRYPTION_KEY: 'ab'.repeat(32),
      }),
    );
    expect(off.config).toBeNull();
    await expect(off.use(() => Promise.resolve(1))).rejects.toThrow(
      'No VPN concentrator is configured on this installation.',
    );
  });
});
