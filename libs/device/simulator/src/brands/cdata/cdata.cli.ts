/** C-Data CLI (FD15xx/FD16xx, Huawei-like `ont …` commands), the same for EPON and GPON but for the mode word. */
import { profiles } from '@pondesk/device-drivers';
import type { OltModeCode } from '@pondesk/contracts';
import type { OltState, SimOnu } from '../../model/olt-state';
import { leaveMode, modePrompt, type CliDialect } from '../../telnet/cli-dialect';
import { dispatch, enterMode, modeIs, notUser, within, type CliCommand } from '../../telnet/cli-dispatch';
import { dashTime } from '../device-text';

const { codec, cdata } = profiles;

const NO_ONT = 'The ONT is not exist';

function ontDetail(u: SimOnu): string {
  return cdata.renderOntDetail({
    ponPort: u.ponPort,
    onuId: u.onuId,
    online: u.status === 'online',
    distanceM: u.distanceM,
    mac: u.mac,
    lastUpTime: dashTime(u.lastRegTime),
    lastDownTime: dashTime(u.lastDeregTime),
    lastDownCause: cdata.downCauseWords[u.lastDeregReason],
    description: u.description ?? undefined,
  });
}

const ontTable = (list: SimOnu[]): string =>
  cdata.renderOntInfoTable(
    list.map((u) => ({
      ponPort: u.ponPort,
      onuId: u.onuId,
      mac: u.mac,
      online: u.status === 'online',
      description: u.description ?? undefined,
    })),
  );

const deviceModel = (mode: OltModeCode): string => (mode === 'epon' ? 'FD1504S' : 'FD1616SN');

/** `show ont …` and `ont …` of the config and PON-interface modes. */
function ontCommands(state: OltState, mode: OltModeCode, iface: string): CliCommand[] {
  return [
    ...within(modeIs('config'), [
      { match: new RegExp(`^interface ${mode} 0\\/0$`), run: enterMode(iface) },
      {
        match: /^show ont info 0\/0 (\d+) all$/,
        run: (m) => ontTable(state.onus(state.now(), Number(m[1]))),
      },
      {
        match: /^show ont info by-mac ([0-9a-f:]{17})$/,
        run: (m) => {
          const want = codec.normalizeMac(m[1]);
          return ontTable(state.onus(state.now()).filter((u) => u.mac === want));
        },
      },
      {
        match: /^show mac-address ont 0\/0\/(\d+) (\d+)$/,
        run: (m) => {
          const u = state.onu(Number(m[1]), Number(m[2]));
          if (!u) return NO_ONT;
          return cdata.renderOntMacTable(
            u.clientMacs.map((cm) => ({ mac: cm.mac, vlan: cm.vlan, ponPort: u.ponPort, onuId: u.onuId })),
          );
        },
      },
    ]),
    ...within(modeIs(iface), [
      {
        match: /^show ont info (\d+) (\d+)$/,
        run: (m) => {
          const u = state.onu(Number(m[1]), Number(m[2]));
          return u ? ontDetail(u) : NO_ONT;
        },
      },
      {
        match: /^show ont optical-info (\d+) (\d+)$/,
        run: (m) => {
          const u = state.onu(Number(m[1]), Number(m[2]));
          if (!u) return NO_ONT;
          if (u.status !== 'online') return 'The ONT is offline';
          return cdata.renderOntOptical({
            ponPort: u.ponPort,
            onuId: u.onuId,
            mac: u.mac,
            voltageV: u.voltageV ?? 0,
            txDbm: u.txDbm ?? 0,
            rxDbm: u.rxDbm ?? 0,
            biasMa: u.biasMa ?? 0,
            temperatureC: u.temperatureC ?? 0,
          });
        },
      },
      {
        match: /^ont reboot (\d+) (\d+)$/,
        run: (m) => {
          const p = Number(m[1]);
          const o = Number(m[2]);
          if (!state.has(p, o)) return NO_ONT;
          return state.rebootOnu(p, o) ? '' : 'The ONT is offline';
        },
      },
      {
        match: /^ont delete (\d+) (\d+)$/,
        run: (m) => (state.deleteOnu(Number(m[1]), Number(m[2])) ? '' : NO_ONT),
      },
    ]),
  ];
}

export function cdataCli(state: OltState, mode: OltModeCode): CliDialect {
  const host = state.spec.hostname;
  const iface = `interface-${mode}-0/0`;
  const commands: CliCommand[] = [
    {
      match: 'show version',
      run: () => `${host}\r\nDevice model : ${deviceModel(mode)}\r\nFirmware version : 4.2.7.58`,
    },
    ...within(notUser, [
      {
        match: 'show device',
        run: () =>
          `Device model      : ${deviceModel(mode)}\r\nHardware version  : V4.0\r\nFirmware version  : 4.2.7.58`,
      },
      { match: 'show time', run: () => `Current time : ${dashTime(state.now())}` },
      {
        match: 'save',
        run: () => 'Saving configuration, please wait...\r\nSave configuration successfully.',
      },
      { match: ['config', 'configure terminal'], run: enterMode('config') },
      ...ontCommands(state, mode, iface),
    ]),
  ];
  return {
    banner: '',
    loginPrompt: 'User name:',
    passwordPrompt: 'Password:',
    loginFailedMessage: 'Username or password invalid.',
    tooManyFailuresMessage: 'Login failed, too many attempts.',
    enableAsksPassword: false,
    enableFailedMessage: 'Password error',
    pager: {
      marker: "  --More ( Press 'Q' to quit )--",
      erase: '\r' + ' '.repeat(34) + '\r',
      linesPerPage: 24,
    },
    prompt: modePrompt(host, '(config)', () => `(config-${iface})`),
    exitMode: leaveMode,
    execute: (s, line) =>
      dispatch(commands, s, line, () => `Unknown command: (vtysh)${line.replace(/\s+/g, '')}`),
  };
}
