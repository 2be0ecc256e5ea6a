/** The exact state of one device at one simulated instant, as the control API and tests read it. */
import { OltState, type PonState, type SimOnu, type SystemState } from '../model/olt-state';
import type { SimSwitchPort } from '../model/switch-state';
import type { SimDevice, SimDeviceInfo } from './sim-device';

export type DeviceSnapshot =
  | {
      kind: 'olt';
      device: SimDeviceInfo;
      time: number;
      system: SystemState;
      pons: PonState[];
      onus: SimOnu[];
    }
  | {
      kind: 'switch';
      device: SimDeviceInfo;
      time: number;
      system: { uptimeSeconds: number; cpuPercent: number; memoryPercent: number };
      ports: SimSwitchPort[];
    };

export function deviceSnapshot(dev: SimDevice, t?: number): DeviceSnapshot {
  const st = dev.state;
  const time = t ?? st.now();
  if (st instanceof OltState)
    return {
      kind: 'olt',
      device: dev.info(),
      time,
      system: st.system(time),
      pons: st.pons(time),
      onus: st.onus(time),
    };
  return { kind: 'switch', device: dev.info(), time, system: st.system(time), ports: st.ports(time) };
}
