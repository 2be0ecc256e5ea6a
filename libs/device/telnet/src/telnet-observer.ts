/**
 * Recording hook: `ponctl record` sees each CLI command a TelnetSession runs and its cleaned output.
 * Off unless a caller runs code inside `observeTelnet`; a session looks the observer up once, when it is made.
 * Credentials never reach it: the login and the enable secret are not commands.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

/** One step of a session: typed at `prompt` (null: the login itself), answered with `output`, ending at `next`. */
export interface TelnetExchange {
  prompt: string | null;
  /** '' for the login; the enable command for the step into privileged mode (never its password). */
  command: string;
  /** After pager handling, without echo, prompt or event lines (what `exec` returns). */
  output: string;
  next: string | null;
}

export type TelnetObserver = (exchange: TelnetExchange) => void;

const scope = new AsyncLocalStorage<TelnetObserver>();

/** Runs `fn`; every TelnetSession created inside it reports its exchanges to `observer`. */
export function observeTelnet<T>(observer: TelnetObserver, fn: () => Promise<T>): Promise<T> {
  return scope.run(observer, fn);
}

export function currentTelnetObserver(): TelnetObserver | null {
  return scope.getStore() ?? null;
}
