/**
 * A stand-in router for tests: a TCP (or TLS) server on 127.0.0.1 that speaks the API framing with this
 * library's codec, records every sentence it receives and answers as the test's script says.
 */
import { createServer as createTcpServer, type Server, type Socket } from 'node:net';
import { createServer as createTlsServer } from 'node:tls';
import { SentenceReader, encodeSentence } from '../words';

/** What a script can do with the sentence it was given. */
export interface PeerReply {
  /** The sentence's `.tag` value, when it had one. */
  readonly tag: string | undefined;
  /** Sends one sentence, with `.tag=<the command's tag>` appended when the command had one. */
  reply(type: string, attributes?: Record<string, string>): void;
  /** Sends one sentence exactly as given (no tag added). */
  send(...words: string[]): void;
  /** Sends bytes as they are. */
  raw(bytes: Buffer): void;
  /** Closes this connection. */
  destroy(): void;
}

export type PeerScript = (sentence: string[], r: PeerReply) => void;

export class ScriptedPeer {
  /** Every sentence received, across connections, in order. */
  readonly received: string[][] = [];
  readonly sockets = new Set<Socket>();
  /** Connections whose client ended them (`close()` on the client side). */
  ended = 0;
  port = 0;

  private constructor(
    private readonly server: Server,
    private readonly script: PeerScript,
  ) {}

  /** Listens on 127.0.0.1:0; `tls` makes it an api-ssl service with that key and certificate. */
  static async start(script: PeerScript, tls?: { key: string; cert: string }): Promise<ScriptedPeer> {
    let peer: ScriptedPeer | null = null;
    const onSocket = (socket: Socket) => peer?.accept(socket);
    const server = tls
      ? createTlsServer({ key: tls.key, cert: tls.cert }, onSocket)
      : createTcpServer(onSocket);
    peer = new ScriptedPeer(server, script);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    const address = server.address();
    peer.port = typeof address === 'object' && address ? address.port : 0;
    return peer;
  }

  async stop(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private accept(socket: Socket): void {
    this.sockets.add(socket);
    socket.on('close', () => this.sockets.delete(socket));
    socket.on('end', () => {
      this.ended++;
      socket.end();
    });
    socket.on('error', () => undefined);
    const reader = new SentenceReader();
    socket.on('data', (chunk: Buffer) => {
      for (const words of reader.push(chunk)) {
        this.received.push(words);
        const tagWord = words.find((w) => w.startsWith('.tag='));
        const tag = tagWord?.slice(5);
        const write = (b: Buffer) => {
          if (!socket.destroyed) socket.write(b);
        };
        this.script(words, {
          tag,
          reply: (type, attributes = {}) =>
            write(
              encodeSentence([
                type,
                ...Object.entries(attributes).map(([k, v]) => `=${k}=${v}`),
                ...(tag === undefined ? [] : [`.tag=${tag}`]),
              ]),
            ),
          send: (...sentence) => write(encodeSentence(sentence)),
          raw: write,
          destroy: () => socket.destroy(),
        });
      }
    });
  }
}

/** A script that accepts any login and leaves every other command to `then`. */
export function acceptingLogin(then: PeerScript = () => undefined): PeerScript {
  return (sentence, r) => {
    if (sentence[0] === '/login') return r.reply('!done');
    then(sentence, r);
  };
}
