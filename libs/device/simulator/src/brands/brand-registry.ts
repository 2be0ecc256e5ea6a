/** Which adapter simulates which brand and mode. */
import { isOltBrand, type OltBrandCode, type OltModeCode } from '@pondesk/contracts';
import type { DeviceBrand } from '../config/fleet-config';
import { isSwitchBrand, type SwitchBrand } from '../model/switch-state';
import type { OltBrandAdapter } from './olt-brand';
import { bdcomEponAdapter, bdcomGponAdapter } from './bdcom';
import { vsolEponAdapter, vsolGponAdapter } from './vsol';
import { cdataEponAdapter, cdataGponAdapter } from './cdata';
import { aviesEponAdapter, aviesGponAdapter } from './avies';
import { ciscoAdapter, snrAdapter, type SwitchBrandAdapter } from './switch.brand';

const OLT: Record<OltBrandCode, Record<OltModeCode, OltBrandAdapter>> = {
  bdcom: { epon: bdcomEponAdapter, gpon: bdcomGponAdapter },
  vsol: { epon: vsolEponAdapter, gpon: vsolGponAdapter },
  cdata: { epon: cdataEponAdapter, gpon: cdataGponAdapter },
  avies: { epon: aviesEponAdapter, gpon: aviesGponAdapter },
};

const SWITCH: Record<SwitchBrand, SwitchBrandAdapter> = { snr: snrAdapter, cisco: ciscoAdapter };

export function oltAdapter(brand: DeviceBrand, mode: OltModeCode): OltBrandAdapter {
  const a: OltBrandAdapter | undefined = isOltBrand(brand) ? OLT[brand][mode] : undefined;
  if (!a) throw new Error(`no simulated OLT for ${brand} ${mode}`);
  return a;
}

export function switchAdapter(brand: DeviceBrand): SwitchBrandAdapter {
  if (!isSwitchBrand(brand)) throw new Error(`no simulated switch for ${brand}`);
  return SWITCH[brand];
}
