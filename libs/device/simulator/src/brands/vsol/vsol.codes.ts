/** V-SOL's words and codes for ONU states and down reasons, from the drivers' V-SOL profiles. */
import { profiles } from '@pondesk/device-drivers';
import type { SimOnu } from '../../model/olt-state';
import type { SimReason } from '../../model/onu-model';
import { codeByRaw } from '../olt-brand';

const { codec, vsolEpon, vsolGpon } = profiles;

/** EPON dereg codes only know wire-down(0) and power-off(1): LOS and admin downs surface as wire-down. */
export function eponReasonCode(r: SimReason): number {
  return codec.reasonToCode(vsolEpon.eponReason(r), vsolEpon.deregReasonCodes);
}

export const eponReasonText = (r: SimReason): string => vsolEpon.statusReasonWords[vsolEpon.eponReason(r)];

export const GPON_REASON_TEXT: Record<SimReason, string> = vsolGpon.reasonWords;

/** Phase state: the profile's words (`working`, `DyingGasp`, `LOS`, `offline`) and their codes. */
export function gponPhase(u: SimOnu): { code: number; word: string } {
  const word =
    u.status === 'online'
      ? 'working'
      : u.lastDeregReason === 'power-off'
        ? 'DyingGasp'
        : u.lastDeregReason === 'los'
          ? 'LOS'
          : 'offline';
  return { code: codeByRaw(vsolGpon.phaseStateCodes, word), word };
}
