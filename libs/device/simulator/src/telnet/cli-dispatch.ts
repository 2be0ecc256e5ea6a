/** Table-driven CLI commands: every brand lists its commands as rows, and one dispatcher answers a line. */
import type { CliReply, CliSession } from './cli-dialect';

/** The matched words: `[0]` the whole normalised line, then the pattern's groups (undefined when unmatched). */
export type CliArgs = readonly string[];

export interface CliCommand<S extends CliSession = CliSession> {
  /** Exact command words (after `norm`), or a pattern whose groups reach `run`. */
  match: string | readonly string[] | RegExp;
  /** Modes the command exists in; all of them when absent. */
  in?: (s: S) => boolean;
  run(args: CliArgs, s: S, line: string): CliReply;
}

/** Normalises a typed command: lower case, single spaces. */
export function norm(line: string): string {
  return line.trim().replace(/\s+/g, ' ').toLowerCase();
}

function matchLine(match: CliCommand['match'], c: string): CliArgs | null {
  if (match instanceof RegExp) return match.exec(c);
  if (typeof match === 'string') return match === c ? [c] : null;
  return match.includes(c) ? [c] : null;
}

/** The first row whose mode test and pattern accept the line answers it, as a chain of `if`s would. */
export function dispatch<S extends CliSession>(
  commands: readonly CliCommand<S>[],
  s: S,
  line: string,
  otherwise: (s: S, line: string) => CliReply,
): CliReply {
  const c = norm(line);
  for (const cmd of commands) {
    if (cmd.in && !cmd.in(s)) continue;
    const args = matchLine(cmd.match, c);
    if (args) return cmd.run(args, s, line);
  }
  return otherwise(s, line);
}

/** The same rows, answered only where `where` holds too. */
export function within<S extends CliSession>(
  where: (s: S) => boolean,
  commands: readonly CliCommand<S>[],
): CliCommand<S>[] {
  return commands.map((cmd) => {
    const own = cmd.in;
    return { ...cmd, in: own ? (s: S) => where(s) && own(s) : where };
  });
}

export const notUser = (s: CliSession): boolean => s.mode !== 'user';
export const modeIs =
  (mode: string) =>
  (s: CliSession): boolean =>
    s.mode === mode;

/** `terminal length 0`: no pager for the rest of the session. */
export const noPaging: CliCommand = {
  match: 'terminal length 0',
  run: (_, s) => {
    s.paging = false;
    return '';
  },
};

/** A command that only moves the session to another mode (`configure` → `config`). */
export const enterMode =
  (mode: string) =>
  (_: CliArgs, s: CliSession): string => {
    s.mode = mode;
    return '';
  };

/** The PON of a `pon:N` mode (V-SOL, HSGQ), or null in any other mode. */
export function ponOf(s: CliSession): number | null {
  const m = /^pon:(\d+)$/.exec(s.mode);
  return m ? Number(m[1]) : null;
}

/** A command that exists only inside a `pon:N` mode and runs with that PON's number. */
export function onPon(match: CliCommand['match'], run: (pon: number, args: CliArgs) => CliReply): CliCommand {
  return { match, in: (s) => ponOf(s) !== null, run: (m, s) => run(ponOf(s) ?? 0, m) };
}
