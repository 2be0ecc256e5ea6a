/** AVIES CLI, as on the HSGQ XE04I: `vty%` errors, PON interfaces by number, ONU info, optics, alarms, reboot. */
import { profiles } from '@pondesk/device-drivers';
import type { OltState, SimOnu } from '../../model/olt-state';
import { leaveMode, modePrompt, type CliDialect, type CliSession } from '../../telnet/cli-dialect';
import {
  dispatch,
  enterMode,
  modeIs,
  noPaging,
  notUser,
  onPon,
  ponOf,
  within,
  type CliCommand,
} from '../../telnet/cli-dispatch';
import { slashTime } from '../device-text';
import { eventLines, onuLabel } from './avies.events';

const { hsgq } = profiles;

function onuInfo(list: SimOnu[]): string {
  return hsgq.renderOnuInfoAll(
    list.map((u) => ({
      ponPort: u.ponPort,
      onuId: u.onuId,
      mac: u.mac,
      statusRaw: u.status === 'online' ? 'Online' : 'Offline',
      regTime: slashTime(u.lastRegTime),
      name: onuLabel(u.ponPort, u.onuId),
      description: u.description,
    })),
  );
}

function opticalInfo(state: OltState, pon: number): string {
  const rows = state.onus(state.now(), pon).filter((u) => u.status === 'online');
  if (rows.length === 0) return '';
  return hsgq.renderOpticalInfo(
    rows.map((u) => ({
      ponPort: u.ponPort,
      onuId: u.onuId,
      name: onuLabel(u.ponPort, u.onuId),
      mac: u.mac,
      temperatureC: u.temperatureC ?? 0,
      voltageV: u.voltageV ?? 0,
      biasMa: u.biasMa ?? 0,
      txDbm: u.txDbm ?? 0,
      rxDbm: u.rxDbm ?? 0,
    })),
  );
}

function commands(state: OltState): CliCommand[] {
  return [
    noPaging,
    ...within(notUser, [
      { match: 'configure', run: enterMode('config') },
      { match: 'copy running-config startup-config', run: () => ' Building configuration...\r\n [OK]' },
      // The GPON CLI is not captured anywhere; the profile enters PONs with `interface epon N` on both, so both are accepted.
      {
        match: /^interface (?:epon|gpon) (\d+)$/,
        in: modeIs('config'),
        run: (m, s) => {
          if (Number(m[1]) < 1 || Number(m[1]) > state.spec.ponPorts)
            return '  Error, Interface fail, reason: port is not exist.';
          s.mode = `pon:${m[1]}`;
          return '';
        },
      },
      {
        match: 'show onu-info all',
        in: (s) => s.mode === 'config' || ponOf(s) !== null,
        run: (_, s) => onuInfo(state.onus(state.now(), ponOf(s) ?? undefined)),
      },
      onPon('show optical-info', (pon) => opticalInfo(state, pon)),
      onPon(/^show onu-info-alarm (\d+)$/, (pon, m) => {
        const u = state.onu(pon, Number(m[1]));
        return u ? eventLines(u).join('\r\n') : '  Error, Show ONU alarm fail, reason: ONU is not exist.';
      }),
      onPon(/^onu-(reboot|deregister) (\d+)$/, (pon, m) => {
        const now = state.now();
        const id = Number(m[2]);
        const u = state.onu(pon, id);
        const what = m[1] === 'reboot' ? 'Reboot' : 'Deregister';
        if (!u) return `  Error, ${what} ONU fail, reason: ONU is not exist.`;
        if (!state.rebootOnu(pon, id)) return `  Error, ${what} ONU fail, reason: ONU is offline.`;
        // The only confirmation is the asynchronous event line.
        return `[${slashTime(now)}]  Info: ONU ${pon}/${id} ${u.mac} Onu deregister, Reason:Manual Deregister`;
      }),
      onPon(/^no bind-onu (\d+)$/, (pon, m) =>
        state.deleteOnu(pon, Number(m[1])) ? '' : '  Error, No Bind ONU fail, reason: ONU is not exist.',
      ),
    ]),
  ];
}

export function aviesCli(state: OltState): CliDialect {
  const table = commands(state);
  const unknown = (s: CliSession, line: string): string =>
    `vty% [VTY] vty[node:${s.mode === 'config' ? 4 : 5}],Unknown command: ${line}`;
  return {
    banner: '',
    loginPrompt: 'username:',
    passwordPrompt: 'password:',
    loginFailedMessage: 'Bad username or password!',
    tooManyFailuresMessage: 'Bad username , too many failures!',
    enableAsksPassword: false,
    enableFailedMessage: 'Bad password',
    pager: { marker: '--More--', erase: '\r        \r', linesPerPage: 24 },
    prompt: modePrompt(
      state.spec.hostname,
      '(config)',
      (s) => `(config-${state.spec.mode}-${s.mode.slice(4)})`,
    ),
    exitMode: leaveMode,
    execute: (s, line) => dispatch(table, s, line, unknown),
  };
}
