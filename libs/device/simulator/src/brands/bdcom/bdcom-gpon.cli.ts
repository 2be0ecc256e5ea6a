/** BDCOM GPON CLI rows: `show gpon …` tables, ONU basic info and optics, `gpon reboot onu`, from the GPON profile. */
import { profiles } from '@pondesk/device-drivers';
import type { OltState, SimOnu } from '../../model/olt-state';
import type { CliCommand } from '../../telnet/cli-dispatch';
import { bdcomGponDuration, dashTime } from '../device-text';
import { INVALID, perPon, ponArg, rebootAfterConfirm, type BdcomSession } from './bdcom.cli';
import { gponReasonWord } from './bdcom.encoding';

const { bdcomGpon } = profiles;

/** GPON serials print as `FHTT:6A1184B7`. */
const serialOf = (u: SimOnu): string => `${u.serial.slice(0, 4)}:${u.serial.slice(4).toUpperCase()}`;

function active(state: OltState, pons: number[], onuId?: number): string {
  const now = state.now();
  return perPon(pons, (p) =>
    bdcomGpon.renderActiveOnus(
      bdcomGpon.ifName.pon(p),
      state
        .onus(now, p)
        .filter((u) => u.status === 'online' && (onuId === undefined || u.onuId === onuId))
        .map((u) => ({
          ifName: bdcomGpon.ifName.onu(p, u.onuId),
          serial: serialOf(u),
          loid: null,
          lastRegTime: dashTime(u.lastRegTime),
          aliveTime: bdcomGponDuration(now - u.lastRegTime),
          distanceM: u.distanceM,
        })),
    ),
  );
}

function inactive(state: OltState, pons: number[]): string {
  const now = state.now();
  return perPon(pons, (p) =>
    bdcomGpon.renderInactiveOnus(
      bdcomGpon.ifName.pon(p),
      state
        .onus(now, p)
        .filter((u) => u.status === 'offline')
        .map((u) => ({
          ifName: bdcomGpon.ifName.onu(p, u.onuId),
          serial: serialOf(u),
          loid: null,
          status: 'off-line',
          lastDeregTime: dashTime(u.lastDeregTime),
          lastDeregReasonRaw: gponReasonWord(u.lastDeregReason),
        })),
    ),
  );
}

function onuInformation(state: OltState, pons: number[]): string {
  return perPon(pons, (p) => {
    const rows = state.onus(state.now(), p).map((u) => ({
      ifName: bdcomGpon.ifName.onu(p, u.onuId),
      vendor: u.vendor,
      model: u.model,
      serial: serialOf(u),
      loid: null,
      state: u.status === 'online' ? 'active' : 'inactive',
      configState: u.status === 'online' ? 'success' : 'failed',
      time: dashTime(u.status === 'online' ? u.lastRegTime : u.lastDeregTime),
    }));
    return [
      `Interface ${bdcomGpon.ifName.pon(p)} has registered ${rows.length} ONUs:`,
      bdcomGpon.renderOnuInformation(rows),
    ].join('\r\n');
  });
}

function basicInfo(state: OltState, u: SimOnu): string {
  const now = state.now();
  return bdcomGpon.renderBasicInfo({
    serial: serialOf(u),
    distanceM: u.distanceM,
    onlineDuration: u.status === 'online' ? bdcomGponDuration(now - u.lastRegTime) : 'N/A',
    history: u.history.map((h) => ({
      upTime: dashTime(h.up),
      downTime: h.down === null ? null : dashTime(h.down),
      reasonRaw: h.down === null || h.reason === null ? null : gponReasonWord(h.reason),
    })),
  });
}

export function bdcomGponCommands(state: OltState): CliCommand<BdcomSession>[] {
  return [
    {
      match: /^show gpon (active-onu|inactive-onu|onu-information)(?: interface gpon ?0\/(\d+)(?: (\d+))?)?$/,
      run: (m) => {
        const pons = ponArg(state, m[2]);
        if (!pons) return INVALID;
        if (m[1] === 'active-onu') return active(state, pons, m[3] === undefined ? undefined : Number(m[3]));
        if (m[1] === 'inactive-onu') return inactive(state, pons);
        return onuInformation(state, pons);
      },
    },
    {
      match:
        /^show gpon (?:int|interface) gpon ?0\/(\d+):(\d+) onu (optical-transceiver-diagnosis|basic-info)$/,
      run: (m) => {
        const u = state.onu(Number(m[1]), Number(m[2]));
        if (!u) return INVALID;
        if (m[3] === 'basic-info') return basicInfo(state, u);
        return bdcomGpon.renderOnuOptics([
          {
            ponPort: u.ponPort,
            onuId: u.onuId,
            temperatureC: u.temperatureC,
            voltageV: u.voltageV,
            biasMa: u.biasMa,
            rxDbm: u.rxDbm,
            txDbm: u.txDbm,
          },
        ]);
      },
    },
    {
      match: /^show gpon optical-transceiver-diagnosis interface gpon ?0\/(\d+):(\d+)$/,
      run: (m) => {
        const u = state.onu(Number(m[1]), Number(m[2]));
        if (!u) return INVALID;
        return bdcomGpon.renderOltSideRx([{ ponPort: u.ponPort, onuId: u.onuId, rxDbm: u.oltRxDbm }]);
      },
    },
    {
      match: /^gpon reboot onu interface gpon ?0\/(\d+):(\d+)$/,
      run: (m) => rebootAfterConfirm(state, Number(m[1]), Number(m[2])),
    },
  ];
}
