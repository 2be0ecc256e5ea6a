/** C-Data CLI (FD15xx/FD16xx, Huawei-like `ont …` commands), the same for EPON and GPON but for the mode word. */
import { profiles } from '@pondesk/device-drivers';
import type { OltModeCode } from '@pondesk/contracts';
import type { OltState, SimOnu } from '../../model/olt-state';
import type { CdataFirmware } from '../../config/fleet-config';
import { leaveMode, modePrompt, type CliDialect, type CliReply } from '../../telnet/cli-dialect';
import { dispatch, enterMode, modeIs, notUser, within, type CliCommand } from '../../telnet/cli-dispatch';
import { dashTime } from '../device-text';

const { codec, cdata } = profiles;

const NO_ONT = 'The ONT is not exist';

/** A destructive `ont delete`: asks (y/n), deletes on yes. */
function askDelete(remove: () => void): CliReply {
  return {
    output: '',
    confirm: {
      question: 'Are you sure to delete the ONT(s)? (y/n):',
      onAnswer: (yes) => {
        if (yes) remove();
        return '';
      },
    },
  };
}

/**
 * What one box prints, by firmware. V1 and V3 differ on the GPON tables (the only ones captured); EPON keeps its one
 * known layout. No firmware = the EPON-style table and page for both modes, without the all-ONU optical table.
 * The V3 one-ONU page was never captured: V3 boxes print the V1 labels here.
 */
interface CdataLook {
  table: profiles.cdata.OntInfoLayout;
  detail: profiles.cdata.OntDetailLayout;
  optical: profiles.cdata.OpticalTableLayout | null;
  /** The PON-interface mode's name in the prompt: V1 `interface-gpon-0/0`, V3 `gpon-0/0`. */
  iface: string;
  /** A single offline ONU's optical page: the V1 box's real error line. */
  offlineOptical: string;
}

function lookOf(mode: OltModeCode, firmware: CdataFirmware | null): CdataLook {
  const gpon = mode === 'gpon' && firmware !== null;
  return {
    table: !gpon ? 'epon' : firmware === 'v1' ? 'gponV1' : 'gponV3',
    detail: gpon ? 'gponV1' : 'epon',
    optical: firmware,
    iface: firmware === 'v3' ? `${mode}-0/0` : `interface-${mode}-0/0`,
    offlineOptical: firmware === null ? 'The ONT is offline' : 'Error:Get onu optical info fail!',
  };
}

function ontDetail(u: SimOnu, look: CdataLook): string {
  return cdata.renderOntDetail(
    {
      ponPort: u.ponPort,
      onuId: u.onuId,
      online: u.status === 'online',
      distanceM: u.distanceM,
      mac: u.mac,
      serial: u.serial,
      lastUpTime: dashTime(u.lastRegTime),
      lastDownTime: dashTime(u.lastDeregTime),
      lastDownCause: cdata.downCauseWords[u.lastDeregReason],
      description: u.description ?? undefined,
    },
    look.detail,
  );
}

const ontTable = (list: SimOnu[], look: CdataLook): string =>
  cdata.renderOntInfoTable(
    list.map((u) => ({
      ponPort: u.ponPort,
      onuId: u.onuId,
      mac: u.mac,
      serial: u.serial,
      online: u.status === 'online',
      lastDownCause: cdata.downCauseWords[u.lastDeregReason],
      description: u.description ?? undefined,
    })),
    look.table,
  );

const opticalTable = (ponPort: number, list: SimOnu[], layout: profiles.cdata.OpticalTableLayout): string =>
  cdata.renderOntOpticalTable(
    ponPort,
    list.map((u) => ({
      onuId: u.onuId,
      online: u.status === 'online',
      rxDbm: u.rxDbm,
      txDbm: u.txDbm,
      oltRxDbm: u.oltRxDbm,
      voltageV: u.voltageV,
      biasMa: u.biasMa,
      temperatureC: u.temperatureC,
    })),
    layout,
  );

const deviceModel = (mode: OltModeCode): string => (mode === 'epon' ? 'FD1504S' : 'FD1616SN');

/** `show ont …` and `ont …` of the config and PON-interface modes. */
function ontCommands(state: OltState, mode: OltModeCode, look: CdataLook): CliCommand[] {
  const iface = look.iface;
  return [
    // V3 answers the whole-OLT listing at enable level too (KusumaVision).
    ...within(notUser, [{ match: 'show ont info all', run: () => ontTable(state.onus(state.now()), look) }]),
    ...within(modeIs('config'), [
      { match: new RegExp(`^interface ${mode} 0\\/0$`), run: enterMode(iface) },
      {
        match: /^show ont info 0\/0 (\d+) all$/,
        run: (m) => ontTable(state.onus(state.now(), Number(m[1])), look),
      },
      {
        match: /^show ont info by-mac ([0-9a-f:]{17})$/,
        run: (m) => {
          const want = codec.normalizeMac(m[1]);
          return ontTable(
            state.onus(state.now()).filter((u) => u.mac === want),
            look,
          );
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
        match: /^show ont info (\d+) all$/,
        run: (m) => ontTable(state.onus(state.now(), Number(m[1])), look),
      },
      {
        match: /^show ont info (\d+) (\d+)$/,
        run: (m) => {
          const u = state.onu(Number(m[1]), Number(m[2]));
          return u ? ontDetail(u, look) : NO_ONT;
        },
      },
      {
        match: /^show ont optical-info (\d+) all$/,
        run: (m) =>
          look.optical === null
            ? unknownCommand(m[0])
            : opticalTable(Number(m[1]), state.onus(state.now(), Number(m[1])), look.optical),
      },
      {
        match: /^show ont optical-info (\d+) (\d+)$/,
        run: (m) => {
          const u = state.onu(Number(m[1]), Number(m[2]));
          if (!u) return NO_ONT;
          if (u.status !== 'online') return look.offlineOptical;
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
      // `ont delete <p> <o>|all` asks first (KusumaVision answers a y/n; the question's words are not captured).
      {
        match: /^ont delete (\d+) (\d+)$/,
        run: (m) => {
          const p = Number(m[1]);
          const o = Number(m[2]);
          if (!state.has(p, o)) return NO_ONT;
          return askDelete(() => {
            state.deleteOnu(p, o);
          });
        },
      },
      {
        match: /^ont delete (\d+) all$/,
        run: (m) =>
          askDelete(() => {
            const p = Number(m[1]);
            for (const u of state.onus(state.now(), p)) state.deleteOnu(p, u.onuId);
          }),
      },
    ]),
  ];
}

/** The vtysh-style reply, tokens glued (live capture, CLI.md). */
const unknownCommand = (line: string): string => `Unknown command: (vtysh)${line.replace(/\s+/g, '')}`;

export function cdataCli(state: OltState, mode: OltModeCode): CliDialect {
  const host = state.spec.hostname;
  const look = lookOf(mode, state.spec.firmware ?? null);
  const iface = look.iface;
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
      ...ontCommands(state, mode, look),
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
    execute: (s, line) => dispatch(commands, s, line, () => unknownCommand(line)),
  };
}
