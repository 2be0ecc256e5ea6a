/** V-SOL GPON CLI rows: MAC table, interface brief, ONU state/info/optics/distance/time-stamp, reboot, unbind. */
import { profiles } from '@pondesk/device-drivers';
import type { OltState } from '../../model/olt-state';
import { onPon, type CliCommand } from '../../telnet/cli-dispatch';
import { colonTime, pad, vsolDuration } from '../device-text';
import { eventLine } from './vsol.cli';
import { gponPhase } from './vsol.codes';

const { vsolGpon } = profiles;

const NO_ONU = '% ONU is not exist.';

function interfaceBrief(state: OltState): string {
  const lines = [
    'Port         Description         Status    Duplex  Speed     Type',
    '---          -----------         -----     ------  -----     ---',
  ];
  for (let p = 1; p <= state.spec.ponPorts; p++)
    lines.push(`${pad(`GPON0/${p}`, 33)}${pad(state.ponUp(p) ? 'up' : 'down', 30)}GPON`);
  for (const u of state.onus(state.now()))
    lines.push(
      `${pad(`GPON0/${u.ponPort}:${u.onuId}`, 13)}${pad(`${u.description ?? ''}${u.status === 'online' ? 'up' : 'down'}`, 38)}GPON-ONUID`,
    );
  return lines.join('\r\n');
}

export function vsolGponCommands(state: OltState): CliCommand[] {
  return [
    {
      match: /^show mac address-table interface gpon 0\/(\d+)$/,
      run: (m) => {
        const p = Number(m[1]);
        return vsolGpon.renderMacTable(
          p,
          state
            .onus(state.now(), p)
            .flatMap((u) =>
              u.clientMacs.map((cm) => ({ vlan: cm.vlan, mac: cm.mac, ponPort: p, onuId: u.onuId })),
            ),
        );
      },
    },
    { match: 'show interface brief', run: () => interfaceBrief(state) },
    onPon('show onu state', (pon) =>
      vsolGpon.renderOnuState(
        pon,
        state
          .onus(state.now(), pon)
          .map((u) => ({ onuId: u.onuId, phase: gponPhase(u).word, serial: u.serial })),
      ),
    ),
    onPon('show onu info', (pon) =>
      vsolGpon.renderOnuInfo(
        pon,
        state
          .onus(state.now(), pon)
          .map((u) => ({ onuId: u.onuId, model: u.status === 'online' ? u.model : null, serial: u.serial })),
      ),
    ),
    onPon(/^show onu (\d+) optical[_-]info$/, (pon, m) => {
      const u = state.onu(pon, Number(m[1]));
      if (!u) return NO_ONU;
      if (u.status !== 'online' || u.rxDbm === null) return '% ONU is offline.';
      return vsolGpon.renderOpticalInfo({
        rxDbm: u.rxDbm,
        txDbm: u.txDbm ?? 0,
        voltageV: u.voltageV ?? 0,
        biasMa: u.biasMa ?? 0,
        temperatureC: u.temperatureC ?? 0,
      });
    }),
    onPon('show pon onu all rx-power', (pon) =>
      vsolGpon.renderRxPowerAll(
        state.onus(state.now(), pon).map((u) => ({ onuId: u.onuId, rxDbm: u.rxDbm })),
      ),
    ),
    onPon(/^show onu (\d+) distance$/, (pon, m) => {
      const u = state.onu(pon, Number(m[1]));
      return u ? `onu ${u.onuId} Distance: ${u.distanceM}m` : NO_ONU;
    }),
    onPon(/^show onu (\d+) time-stamp$/, (pon, m) => {
      const u = state.onu(pon, Number(m[1]));
      if (!u) return NO_ONU;
      const alive = u.status === 'online' ? vsolDuration(state.now() - u.lastRegTime) : '0 00:00:00';
      return [
        'onu id      last regist time        last deregist time      alive time',
        `${pad(`${pon}/${u.onuId}`, 12)}${pad(colonTime(u.lastRegTime), 24)}${pad(colonTime(u.lastDeregTime), 24)}${alive}`,
      ].join('\r\n');
    }),
    onPon(/^onu (\d+) reboot$/, (pon, m) => {
      const now = state.now();
      return state.rebootOnu(pon, Number(m[1]))
        ? eventLine(now, `ONU Port Los   PON 0/${pon} ONU ${m[1]}`)
        : '% ONU is offline.';
    }),
    onPon(/^no onu (\d+)$/, (pon, m) => (state.deleteOnu(pon, Number(m[1])) ? '' : NO_ONU)),
    onPon('no onu all', (pon) => {
      for (const u of state.onus(state.now(), pon)) state.deleteOnu(pon, u.onuId);
      return '';
    }),
  ];
}
