/**
 * The BDCOM CLI both modes share: login, `host_config#` prompts, the pager, and the commands EPON and GPON
 * firmware answer alike. Each mode adds its own `show epon …` / `show gpon …` rows.
 */
import { profiles } from '@pondesk/device-drivers';
import type { OltModeCode } from '@pondesk/contracts';
import type { OltState } from '../../model/olt-state';
import {
  leaveMode,
  modePrompt,
  wipe,
  type CliDialect,
  type CliReply,
  type CliSession,
} from '../../telnet/cli-dialect';
import {
  dispatch,
  enterMode,
  modeIs,
  noPaging,
  notUser,
  within,
  type CliCommand,
} from '../../telnet/cli-dispatch';

const { codec, bdcom } = profiles;

export interface BdcomSession extends CliSession {
  /** After `terminal width 0`: tables print unwrapped. */
  width0?: boolean;
}

export const BAD = '% Unknown command.';
export const INVALID = '% Invalid input detected at marker.';

/** The PONs a `… interface epon 0/N` argument names: every PON when absent, null when out of range. */
export function ponArg(state: OltState, arg: string | undefined): number[] | null {
  if (arg === undefined) return Array.from({ length: state.spec.ponPorts }, (_, i) => i + 1);
  const n = Number(arg);
  return n >= 1 && n <= state.spec.ponPorts ? [n] : null;
}

/** One block per PON, separated by a blank line. */
export const perPon = (pons: number[], block: (p: number) => string): string =>
  pons.map(block).join('\r\n\r\n');

/** `epon|gpon reboot onu …`: asks first, reboots on yes. */
export function rebootAfterConfirm(state: OltState, p: number, id: number): CliReply {
  if (!state.has(p, id)) return INVALID;
  return {
    output: '',
    confirm: {
      question: 'Are you sure to reboot the onu? (y/n) [n]',
      onAnswer: (yes) => (yes ? (state.rebootOnu(p, id) ? '' : `Error: ONU ${p}:${id} is not online`) : ''),
    },
  };
}

function macRows(
  state: OltState,
  mode: OltModeCode,
  filter?: string,
): { vlan: number; dottedMac: string; port: string }[] {
  const rows: { vlan: number; dottedMac: string; port: string }[] = [];
  for (const u of state.onus()) {
    for (const c of u.clientMacs) {
      const port = mode === 'epon' ? `epon0/${u.ponPort}:${u.onuId}` : `gpon0/${u.ponPort}:${u.onuId}-1`;
      rows.push({ vlan: c.vlan, dottedMac: codec.macToDotted(c.mac), port });
    }
  }
  return filter ? rows.filter((r) => r.dottedMac === filter) : rows;
}

export function bdcomCli(
  state: OltState,
  mode: OltModeCode,
  modeCommands: CliCommand<BdcomSession>[],
): CliDialect {
  const host = state.spec.hostname;
  const ifRe = new RegExp(`^${mode}\\s*0\\/(\\d+)(?::(\\d+))?$`);
  const commands: CliCommand<BdcomSession>[] = [
    // The only commands user mode has.
    noPaging,
    {
      match: 'terminal width 0',
      run: (_, s) => {
        s.width0 = true;
        return '';
      },
    },
    {
      match: 'show version',
      run: () =>
        `BDCOM(tm) ${mode === 'epon' ? 'P3310C' : 'GP3600-08B'} Software, Version 10.3.0D Build 74104\r\nCopyright by Shanghai Baud Data Communication CO. LTD.\r\n${host} uptime is ${Math.floor(state.system().uptimeSeconds / 86400)} days`,
    },
    { match: 'show cpu', run: () => bdcom.renderBdcomCpu(state.system().cpuPercent) },
    ...within(notUser, [
      { match: ['config', 'configure'], run: enterMode('config') },
      { match: ['write', 'write all'], run: () => 'Building configuration...\r\n[OK]' },
      {
        match: /^show mac address-table(?: ([0-9a-f]{4}\.[0-9a-f]{4}\.[0-9a-f]{4}))?$/,
        run: (m) => bdcom.renderBdcomMacTable(macRows(state, mode, m[1])),
      },
      {
        match: /^(?:int|interface) (.+)$/,
        in: modeIs('config'),
        run: (m, s) => {
          const im = ifRe.exec(m[1].replace(/\s+/g, ''));
          if (!im || im[2] !== undefined || !ponArg(state, im[1])) return INVALID;
          s.mode = `${mode}0/${im[1]}`;
          return '';
        },
      },
      {
        match: new RegExp(`^no ${mode} bind-onu sequence (\\d+)$`),
        in: (s) => s.mode.startsWith(mode),
        run: (m, s) => {
          const p = Number(s.mode.split('/')[1]);
          return state.deleteOnu(p, Number(m[1])) ? '' : `Error: ONU ${m[1]} is not bound`;
        },
      },
      ...modeCommands,
    ]),
  ];
  return {
    banner: '',
    loginPrompt: 'Username: ',
    passwordPrompt: 'Password: ',
    loginFailedMessage: 'Authentication failed!',
    tooManyFailuresMessage: 'Authentication failed!',
    enableAsksPassword: false,
    enableFailedMessage: '% Bad passwords',
    pager: { marker: ' --More-- ', erase: wipe(10), linesPerPage: 24 },
    prompt: modePrompt(host, '_config', (s) => `_config_${s.mode}`),
    exitMode: leaveMode,
    execute: (s, line) => dispatch(commands, s as BdcomSession, line, () => BAD),
  };
}
