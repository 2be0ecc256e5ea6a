/** BDCOM EPON CLI rows: `show epon …` tables, ONU optics and `epon reboot onu`, rendered by the drivers' profile. */
import { profiles } from '@pondesk/device-drivers';
import type { OltState, SimOnu } from '../../model/olt-state';
import type { CliCommand } from '../../telnet/cli-dispatch';
import { bdcomDuration, dashTime } from '../device-text';
import { INVALID, perPon, ponArg, rebootAfterConfirm, type BdcomSession } from './bdcom.cli';
import { downWord, eponReasonWord } from './bdcom.encoding';

const { bdcomEpon } = profiles;

const AUTO_CONFIG_SECONDS = 60;

/** A freshly registered ONU is still `auto-configuring` (16 characters: it runs into the next column, as on real boxes). */
const infoStatus = (u: SimOnu, now: number): string =>
  u.status === 'online'
    ? now - u.lastRegTime < AUTO_CONFIG_SECONDS
      ? 'auto-configuring'
      : 'auto-configured'
    : downWord(u);

/** `show epon onu-information`: the profile's wide layout after `terminal width 0`, else the 80-column wrap. */
function onuInformation(ponLabel: string, rows: SimOnu[], wide: boolean, now: number): string {
  const render = wide ? bdcomEpon.renderOnuInformation : bdcomEpon.renderOnuInformationWrapped;
  return render(
    ponLabel,
    rows.map((u) => ({
      ifName: bdcomEpon.ifName.onu(u.ponPort, u.onuId),
      vendor: u.vendor,
      model: u.model,
      mac: u.mac,
      description: u.description,
      bindType: 'static',
      status: infoStatus(u, now),
      deregReasonRaw: eponReasonWord(u.lastDeregReason),
    })),
  );
}

function active(state: OltState, pons: number[]): string {
  const now = state.now();
  return perPon(pons, (p) =>
    bdcomEpon.renderActiveOnus(
      bdcomEpon.ifName.pon(p),
      state
        .onus(now, p)
        .filter((u) => u.status === 'online')
        .map((u) => ({
          ifName: bdcomEpon.ifName.onu(p, u.onuId),
          mac: u.mac,
          status: 'auto-configured',
          oamStatus: 'ctc-oam-oper',
          distanceM: u.distanceM,
          rtt: Math.round(u.distanceM / 1.62),
          lastRegTime: dashTime(u.lastRegTime),
          lastDeregTime: dashTime(u.lastDeregTime),
          lastDeregReasonRaw: eponReasonWord(u.lastDeregReason),
          aliveTime: bdcomDuration(now - u.lastRegTime),
        })),
    ),
  );
}

function inactive(state: OltState, pons: number[]): string {
  const now = state.now();
  return perPon(pons, (p) =>
    bdcomEpon.renderInactiveOnus(
      bdcomEpon.ifName.pon(p),
      state
        .onus(now, p)
        .filter((u) => u.status === 'offline')
        .map((u) => ({
          ifName: bdcomEpon.ifName.onu(p, u.onuId),
          mac: u.mac,
          status: downWord(u),
          lastRegTime: dashTime(u.lastRegTime),
          lastDeregTime: dashTime(u.lastDeregTime),
          lastDeregReasonRaw: eponReasonWord(u.lastDeregReason),
          absentTime: bdcomDuration(now - u.lastDeregTime),
        })),
    ),
  );
}

export function bdcomEponCommands(state: OltState): CliCommand<BdcomSession>[] {
  return [
    {
      match: /^show epon (active-onu|inactive-onu|onu-information)(?: interface epon ?0\/(\d+)(?: (\d+))?)?$/,
      run: (m, s) => {
        const pons = ponArg(state, m[2]);
        if (!pons) return INVALID;
        if (m[1] === 'active-onu') return active(state, pons);
        if (m[1] === 'inactive-onu') return inactive(state, pons);
        const now = state.now();
        return perPon(pons, (p) =>
          onuInformation(bdcomEpon.ifName.pon(p), state.onus(now, p), s.width0 === true, now),
        );
      },
    },
    {
      match: /^show epon (?:int|interface) epon ?0\/(\d+):(\d+) onu ctc opt(?:ical-transceiver-diagnosis)?$/,
      run: (m) => {
        const u = state.onu(Number(m[1]), Number(m[2]));
        if (!u) return INVALID;
        if (u.status !== 'online' || u.rxDbm === null)
          return `Error: ONU ${bdcomEpon.ifName.onu(u.ponPort, u.onuId)} is not online`;
        return bdcomEpon.renderOnuOptics({
          temperatureC: u.temperatureC ?? 0,
          voltageV: u.voltageV ?? 0,
          biasMa: u.biasMa ?? 0,
          txDbm: u.txDbm ?? 0,
          rxDbm: u.rxDbm,
        });
      },
    },
    {
      match: /^show epon optical-transceiver-diagnosis interface epon ?0\/(\d+)$/,
      run: (m) => {
        const p = Number(m[1]);
        return bdcomEpon.renderOltSideRx(
          state
            .onus(state.now(), p)
            .filter((u) => u.oltRxDbm !== null)
            .map((u) => ({ ponPort: p, onuId: u.onuId, rxDbm: u.oltRxDbm })),
        );
      },
    },
    {
      match: /^epon reboot onu interface epon ?0\/(\d+):(\d+)$/,
      run: (m) => rebootAfterConfirm(state, Number(m[1]), Number(m[2])),
    },
  ];
}
