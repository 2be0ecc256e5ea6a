/** What a brand's CLI must provide to the shared telnet server (login, modes, prompts, pager, commands). */

export interface CliSession {
  /** Dialect-defined mode name: `user`, `enable`, `config`, `pon:3`, `iface` … */
  mode: string;
  /** False after `terminal length 0` (where the brand supports it). */
  paging: boolean;
  readonly hostname: string;
  readonly username: string;
}

export interface CliConfirm {
  question: string;
  onAnswer(yes: boolean): string;
}

export type CliReply = string | { output: string; confirm?: CliConfirm; close?: boolean };

export interface PagerStyle {
  /** Text shown at the page break (` --More-- `, V-SOL ends it with NUL). */
  marker: string;
  /** Bytes that wipe the marker after the key press (BS/SP/BS on BDCOM and V-SOL). */
  erase: string;
  linesPerPage: number;
}

export interface CliDialect {
  /** Lines sent on connect, before the first login prompt. */
  banner: string;
  loginPrompt: string;
  passwordPrompt: string;
  loginFailedMessage: string;
  /** Sent before closing after the third failed login. */
  tooManyFailuresMessage: string;
  /** `enable` asks for a password. */
  enableAsksPassword: boolean;
  enableFailedMessage: string;
  /** Mode right after login (HSGQ-style boxes with `enable` and no password still start at `>`). */
  prompt(s: CliSession): string;
  pager: PagerStyle;
  /** Everything except login, `enable` and `exit`, which the server handles. */
  execute(s: CliSession, line: string): CliReply;
  /** Mode after `exit`; null logs out. */
  exitMode(mode: string): string | null;
  /** Draw runs of spaces with `ESC[nC` cursor moves (V-SOL). */
  ansiSpacing?: boolean;
}

/** `ESC[nC` for every run of two or more spaces inside a line, the way V-SOL firmware paints tables. */
export function toCursorMoves(text: string): string {
  return text.replace(/ {2,}/g, (m) => `\x1b[${m.length}C`);
}

/** Prompts of the usual mode ladder: `host>`, `host#`, then the brand's config and sub-mode spellings. */
export function modePrompt(
  host: string,
  config: string,
  sub: (s: CliSession) => string,
): (s: CliSession) => string {
  return (s) =>
    s.mode === 'user'
      ? `${host}>`
      : s.mode === 'enable'
        ? `${host}#`
        : s.mode === 'config'
          ? `${host}${config}#`
          : `${host}${sub(s)}#`;
}

/** `exit` from a sub-mode goes to config, from config to enable, and from enable or user logs out. */
export const leaveMode = (m: string): string | null =>
  m === 'user' || m === 'enable' ? null : m === 'config' ? 'enable' : 'config';

/** Backspaces over an n-character pager marker, blanks it, and backs up again (BDCOM, V-SOL). */
export const wipe = (n: number): string => '\b'.repeat(n) + ' '.repeat(n) + '\b'.repeat(n);
