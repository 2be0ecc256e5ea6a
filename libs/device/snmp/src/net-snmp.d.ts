// Minimal typings for the parts of net-snmp 3.29 this library uses (the package ships none).
declare module 'net-snmp' {
  import type { EventEmitter } from 'node:events';

  export interface RawVarbind {
    oid: string;
    type: number;
    value: unknown;
  }

  export interface SessionOptions {
    port?: number;
    retries?: number;
    timeout?: number;
    backoff?: number;
    transport?: 'udp4' | 'udp6';
    version?: number;
    idBitsSize?: 16 | 32;
    context?: string;
    backwardsGetNexts?: boolean;
    reportOidMismatchErrors?: boolean;
  }

  export interface V3User {
    name: string;
    level: number;
    authProtocol?: number;
    authKey?: string;
    privProtocol?: number;
    privKey?: string;
  }

  export interface Session extends EventEmitter {
    get(oids: string[], cb: (error: Error | null, varbinds?: RawVarbind[]) => void): void;
    getNext(oids: string[], cb: (error: Error | null, varbinds?: RawVarbind[]) => void): void;
    getBulk(
      oids: string[],
      nonRepeaters: number,
      maxRepetitions: number,
      cb: (error: Error | null, varbinds?: (RawVarbind | RawVarbind[])[]) => void,
    ): void;
    set(varbinds: RawVarbind[], cb: (error: Error | null, varbinds?: RawVarbind[]) => void): void;
    close(): void;
  }

  export function createSession(target: string, community: string, options?: SessionOptions): Session;
  export function createV3Session(target: string, user: V3User, options?: SessionOptions): Session;
  export function isVarbindError(vb: RawVarbind): boolean;

  export const Version1: number;
  export const Version2c: number;
  export const Version3: number;
  export const ObjectType: Record<string, number> & Record<number, string>;
  export const ErrorStatus: Record<string, number> & Record<number, string>;
  export const SecurityLevel: { noAuthNoPriv: number; authNoPriv: number; authPriv: number };
  export const AuthProtocols: Record<string, number>;
  export const PrivProtocols: Record<string, number>;

  export interface Agent {
    getAuthorizer(): { addCommunity(c: string): void };
    getMib(): unknown;
    close(cb?: () => void): void;
  }
}
