/** Which adapter simulates which brand and mode. */
import type { PonMode } from '@pondesk/device-drivers';
import type { DeviceBrand } from '../config/fleet-config';
import type { OltBrandAdapter } from './olt-brand';
import { bdcomEponAdapter, bdcomGponAdapter } from './bdcom.brand';
import { vsolEponAdapter, vsolGponAdapter } from './vsol.brand';
import { cdataEponAdapter, cdataGponAdapter } from './cdata.brand';
import { aviesEponAdapter, aviesGponAdapter } from './avies.brand';
import { ciscoAdapter, snrAdapter, type SwitchBrandAdapter } from './switch.brand';

const OLT: Record<string, OltBrandAdapter> = {
  'bdcom/epon': bdcomEponAdapter,
  'bdcom/gpon': bdcomGponAdapter,
  'vsol/epon': vsolEponAdapter,
  'vsol/gpon': vsolGponAdapter,
  'cdata/epon': cdataEponAdapter,
  'cdata/gpon': cdataGponAdapter,
  'avies/epon': aviesEponAdapter,
  'avies/gpon': aviesGponAdapter,
};

export function oltAdapter(brand: DeviceBrand, mode: PonMode): OltBrandAdapter {
  const a = OLT[`${brand}/${mode}`];
  if (!a) throw new Error(`no simulated OLT for ${brand} ${mode}`);
  return a;
}

export function switchAdapter(brand: DeviceBrand): SwitchBrandAdapter {
  if (brand === 'snr') return snrAdapter;
  if (brand === 'cisco') return ciscoAdapter;
  throw new Error(`no simulated switch for ${brand}`);
}
