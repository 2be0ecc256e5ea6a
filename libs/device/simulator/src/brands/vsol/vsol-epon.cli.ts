/** V-SOL EPON CLI rows: ONU status, optics, auth and basic info, MAC tables, reset and unbind. */
import { profiles } from '@pondesk/device-drivers';
import type { OltState, SimOnu } from '../../model/olt-state';
import { onPon, type CliCommand } from '../../telnet/cli-dispatch';
import { pad, slashTime, vsolDuration } from '../device-text';
import { eventLine } from './vsol.cli';
import { eponReasonText } from './vsol.codes';

const { vsolEpon } = profiles;

function statusRow(state: OltState, u: SimOnu): Parameters<typeof vsolEpon.renderStatusRows>[0][number] {
  const online = u.status === 'online';
  return {
    ifName: vsolEpon.ifName.onu(u.ponPort, u.onuId),
    statusRaw: u.status,
    mac: u.mac,
    distanceM: online ? u.distanceM : 0,
    rtt: online ? Math.round(u.distanceM / 1.08) : 0,
    lastRegTime: slashTime(u.lastRegTime),
    lastDeregTime: slashTime(u.lastDeregTime),
    lastDeregReasonRaw: eponReasonText(u.lastDeregReason),
    aliveTime: online ? vsolDuration(state.now() - u.lastRegTime).replace(/^(\d{2}:)/, '0 $1') : '0 00:00:00',
    description: u.description,
  };
}

function opmRows(list: SimOnu[]): Parameters<typeof vsolEpon.renderOpmDiag>[0][number][] {
  return list
    .filter((u) => u.status === 'online')
    .map((u) => ({
      ifName: vsolEpon.ifName.onu(u.ponPort, u.onuId),
      ponPort: u.ponPort,
      onuId: u.onuId,
      temperatureC: u.temperatureC,
      voltageV: u.voltageV,
      biasMa: u.biasMa,
      txDbm: u.txDbm,
      rxDbm: u.rxDbm,
    }));
}

/** The global table names the PON only; the last column is not the ONU id (CLI.md §2). */
function macTable(state: OltState): string {
  return state
    .onus(state.now())
    .flatMap((u) =>
      u.clientMacs.map(
        (cm, i) =>
          `${pad(cm.vlan, 9)}${pad(cm.mac, 19)}${pad('Dynamic', 12)}${pad(`epon0/${u.ponPort}`, 10)}${pad(255, 15)}${i + 1}`,
      ),
    )
    .join('\r\n');
}

export function vsolEponCommands(state: OltState): CliCommand[] {
  return [
    {
      match: /^show onu status (?:all|pon (\d+),all)$/,
      run: (m) =>
        vsolEpon.renderStatusRows(
          state
            .onus(state.now(), m[1] === undefined ? undefined : Number(m[1]))
            .map((u) => statusRow(state, u)),
        ),
    },
    {
      match: /^show onu opm-diag pon (\d+),(\d+)$/,
      run: (m) => {
        const u = state.onu(Number(m[1]), Number(m[2]));
        return vsolEpon.renderOpmDiag(u ? opmRows([u]) : []);
      },
    },
    { match: 'show mac address-table', run: () => macTable(state) },
    onPon('show onu opm-diag', (pon) => vsolEpon.renderOpmDiag(opmRows(state.onus(state.now(), pon)))),
    onPon('show onu auth-info', (pon) => {
      const list = state.onus(state.now(), pon);
      return vsolEpon.renderAuthInfo(
        list.map((u) => ({
          ifName: vsolEpon.ifName.onu(pon, u.onuId),
          llid: u.onuId,
          mac: u.mac,
          rtt: u.status === 'online' ? Math.round(u.distanceM / 1.08) : 0,
          description: u.description,
        })),
        list.map((u) => u.status === 'online'),
      );
    }),
    onPon('show onu basic-info', (pon) =>
      vsolEpon.renderBasicInfo(
        state
          .onus(state.now(), pon)
          .filter((u) => u.status === 'online')
          .map((u) => ({
            ifName: vsolEpon.ifName.onu(pon, u.onuId),
            vendor: u.vendor,
            model: u.model,
            id: u.mac.replace(/:/g, '').toUpperCase(),
            hwVersion: 'V1.0',
            swVersion: 'V2.1.07',
            type: 'SFU',
            interfaceType: '1GE',
          })),
      ),
    ),
    onPon(/^show onu (\d+) mac-address-table$/, (pon, m) => {
      const u = state.onu(pon, Number(m[1]));
      if (!u) return '% ONU is not exist.';
      return vsolEpon.renderOnuMacTable(
        u.clientMacs.map((cm) => ({ vlan: cm.vlan, mac: cm.mac, ponPort: pon, onuId: u.onuId })),
      );
    }),
    // UPLINK-EP manual: no confirmation; the box then prints its asynchronous event line.
    onPon(/^onu (\d+) ctc reset$/, (pon, m) => {
      const now = state.now();
      return state.rebootOnu(pon, Number(m[1]))
        ? eventLine(now, `ONU Deregister   EPON 0/${pon} ONU ${m[1]}`)
        : '% ONU is not online.';
    }),
    onPon(/^no onu auth onuid (\d+)$/, (pon, m) =>
      state.deleteOnu(pon, Number(m[1])) ? '' : '% ONU is not exist.',
    ),
  ];
}
