/**
 * A CLI dialect that replays a recording: the brand's own login texts, pager and error line (from the simulated
 * brand), and for each command the output the device printed when that command was typed at that prompt.
 *
 * Session modes are the recorded prompts themselves ('user' and 'enable' stand for the prompts after login and
 * after the enable command, so the shared server's `enable` handling still applies).
 */
import type { CliDialect, CliSession } from '../telnet/cli-dialect';
import type { CliExchange } from './recording-format';

/**
 * Typed where no brand knows it: the brand's unknown-command line for it is the template for any other line.
 * It has spaces so a brand that glues the words (C-Data's `(vtysh)showontinfo`) shows it.
 */
const PROBE = 'zqx recorded zqx';
const PROBE_GLUED = PROBE.replace(/\s+/g, '');

export interface ReplayPrompts {
  /** After login. */
  user: string;
  /** After the enable command (the login prompt when the device starts privileged). */
  enable: string;
}

/** The prompts a recording logged in and enabled at. */
export function replayPrompts(cli: readonly CliExchange[]): ReplayPrompts | null {
  const at = cli.findIndex((x) => x.prompt === null && x.command === '');
  const login = cli[at];
  if (!login?.next) return null;
  // The session reports the enable step right after the login, when it takes one.
  const enable = cli[at + 1];
  const enabled = enable && enable.prompt === login.next && enable.next !== login.next ? enable.next : null;
  return { user: login.next, enable: enabled ?? login.next };
}

const key = (prompt: string, command: string): string => `${prompt}\n${command.trim()}`;

export function replayDialect(cli: readonly CliExchange[], brand: CliDialect): CliDialect {
  const prompts = replayPrompts(cli);
  if (!prompts) throw new Error('the recording has no CLI login');
  const atPrompt = new Map<string, CliExchange>();
  const anywhere = new Map<string, CliExchange>();
  for (const x of cli) {
    if (x.prompt === null || x.next === null) continue;
    // The first answer wins: replay is what the device said when the reads first asked.
    if (!atPrompt.has(key(x.prompt, x.command))) atPrompt.set(key(x.prompt, x.command), x);
    if (!anywhere.has(x.command.trim())) anywhere.set(x.command.trim(), x);
  }
  const promptOf = (s: CliSession): string =>
    s.mode === 'user' ? prompts.user : s.mode === 'enable' ? prompts.enable : s.mode;
  const modeOf = (prompt: string): string =>
    prompt === prompts.user ? 'user' : prompt === prompts.enable ? 'enable' : prompt;
  const unknown = (s: CliSession, line: string): string => {
    const r = brand.execute({ ...s, mode: 'enable' }, PROBE);
    return (typeof r === 'string' ? r : r.output)
      .split(PROBE)
      .join(line.trim())
      .split(PROBE_GLUED)
      .join(line.replace(/\s+/g, ''));
  };
  return {
    ...brand,
    // Outputs are recorded after pager handling and terminal rendering: send them as they are.
    ansiSpacing: false,
    pager: { ...brand.pager, linesPerPage: Number.POSITIVE_INFINITY },
    prompt: promptOf,
    execute(s, line) {
      const x = atPrompt.get(key(promptOf(s), line)) ?? anywhere.get(line.trim());
      if (!x) return unknown(s, line);
      if (x.next !== null) s.mode = modeOf(x.next);
      return x.output;
    },
    exitMode(mode) {
      const prompt = mode === 'user' ? prompts.user : mode === 'enable' ? prompts.enable : mode;
      const x = atPrompt.get(key(prompt, 'exit'));
      if (x?.next) return modeOf(x.next);
      return mode === 'user' || mode === 'enable' ? null : 'enable';
    },
  };
}
