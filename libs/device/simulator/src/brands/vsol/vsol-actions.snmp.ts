/**
 * V-SOL action scalars: SETs of a PON and an ONU number (GPON: and an action code) that act on that ONU, as the
 * vendor MIBs describe them. The numbers are remembered per agent between requests, like the device's scalars.
 */
import { profiles } from '@pondesk/device-drivers';
import type { OltState } from '../../model/olt-state';
import { SetStatus, int, type SetResult, type VirtualMib } from '../../snmp/virtual-mib';

const { vsolEpon, vsolGpon } = profiles;

const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0;

/**
 * EPON `resetOnu` and `noAuthOnu`: a PON scalar and an ONU scalar; the action runs as soon as both are set (the
 * ONU number is the last varbind of the request Ubilling sends), then both are cleared for the next one.
 */
export function addVsolEponActions(mib: VirtualMib, state: OltState): void {
  const a = vsolEpon.actionOids;
  numberScalars(mib, a.resetPon, a.resetOnu, (p, o) => state.rebootOnu(p, o));
  numberScalars(mib, a.deletePon, a.deleteOnu, (p, o) => state.deleteOnu(p, o));
}

/**
 * A PON and an ONU number scalar, remembered between requests. With `whenBoth`, it runs as soon as both are
 * set and both are cleared for the next action; without, they keep their values for an action scalar.
 */
function numberScalars(
  mib: VirtualMib,
  ponOid: string,
  onuOid: string,
  whenBoth?: (pon: number, onu: number) => void,
): { pon: number | null; onu: number | null } {
  const held: { pon: number | null; onu: number | null } = { pon: null, onu: null };
  const hold =
    (key: 'pon' | 'onu') =>
    (v: unknown): SetResult => {
      if (!isNumber(v)) return SetStatus.wrongValue;
      held[key] = v;
      if (whenBoth && held.pon !== null && held.onu !== null) {
        whenBoth(held.pon, held.onu);
        held.pon = null;
        held.onu = null;
      }
      return SetStatus.ok;
    };
  mib.addScalar(ponOid, () => int(held.pon ?? 0), hold('pon'));
  mib.addScalar(onuOid, () => int(held.onu ?? 0), hold('onu'));
  return held;
}

/**
 * GPON `gOnuOpAction`: the PON and ONU scalars keep their values; the action scalar acts on them when it is set
 * (reboot(1), del(2); the other codes of the MIB are not modelled and answer wrongValue).
 */
export function addVsolGponActions(mib: VirtualMib, state: OltState): void {
  const a = vsolGpon.actionOids;
  const held = numberScalars(mib, a.pon, a.onu);
  mib.addScalar(
    a.action,
    () => int(0),
    (v) => {
      if (held.pon === null || held.onu === null) return SetStatus.wrongValue;
      if (v === vsolGpon.onuActions.reboot) state.rebootOnu(held.pon, held.onu);
      else if (v === vsolGpon.onuActions.delete) state.deleteOnu(held.pon, held.onu);
      else return SetStatus.wrongValue;
      return SetStatus.ok;
    },
  );
}
