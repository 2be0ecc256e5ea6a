/**
 * The V-SOL CLI both modes share: banner, login, `(config-pon-0/N)#` prompts, the NUL-ended pager, ANSI cursor
 * spacing, and entering a PON. Each mode adds its own command rows.
 */
import type { OltModeCode } from '@pondesk/contracts';
import type { OltState } from '../../model/olt-state';
import { leaveMode, modePrompt, wipe, type CliDialect } from '../../telnet/cli-dialect';
import {
  dispatch,
  enterMode,
  modeIs,
  noPaging,
  notUser,
  ponOf,
  within,
  type CliCommand,
} from '../../telnet/cli-dispatch';
import { slashTime } from '../device-text';

export const BAD = '% Unknown command.';

/**
 * V-SOL interleaves `2026/05/25 17:08:24   ONU Port Los   PON 0/3 ONU 50 …` lines with any output (CLI.md §2);
 * drivers must filter them. The event texts after the time are modelled on that capture.
 */
export function eventLine(t: number, text: string): string {
  return `${slashTime(t)}   ${text}`;
}

function version(mode: OltModeCode, host: string): string {
  return mode === 'epon'
    ? `Olt Device Model: V1600D\r\nSoftware Version: V2.03.74R\r\nHostname: ${host}`
    : `Olt Device Model: V1600G1\r\nSoftware Version: V1.4.13R\r\nHostname: ${host}`;
}

export function vsolCli(state: OltState, mode: OltModeCode, modeCommands: CliCommand[]): CliDialect {
  const host = state.spec.hostname || (mode === 'epon' ? 'epon-olt' : 'gpon-olt');
  const commands: CliCommand[] = [
    noPaging,
    { match: 'show version', run: () => version(mode, host) },
    ...within(notUser, [
      { match: ['configure terminal', 'config'], run: enterMode('config') },
      { match: ['write', 'write memory'], run: () => '[OK]' },
      {
        match: new RegExp(`^interface ${mode} 0\\/(\\d+)$`),
        in: modeIs('config'),
        run: (m, s) => {
          const p = Number(m[1]);
          if (!(p >= 1 && p <= state.spec.ponPorts)) return '% Invalid port.';
          s.mode = `pon:${m[1]}`;
          return '';
        },
      },
      ...modeCommands,
    ]),
  ];
  return {
    banner:
      mode === 'gpon'
        ? 'Hello, this is gpon olt platform (version 1.00).\r\nCopyright 2020-2025,All Rights Reserved.\r\n\r\nUser Access Verification'
        : 'Hello, this is epon olt platform (version 1.00).\r\n\r\nUser Access Verification',
    loginPrompt: 'Login: ',
    passwordPrompt: 'Password: ',
    loginFailedMessage: '% Bad passwords',
    tooManyFailuresMessage: '% Login failed',
    enableAsksPassword: true,
    enableFailedMessage: 'Bad Password...\r\nPlease retry',
    ansiSpacing: true,
    pager: { marker: ' --More-- \x00', erase: wipe(10), linesPerPage: 24 },
    prompt: modePrompt(host, '(config)', (s) => `(config-pon-0/${ponOf(s) ?? 0})`),
    exitMode: leaveMode,
    execute: (s, line) => dispatch(commands, s, line, () => BAD),
  };
}
