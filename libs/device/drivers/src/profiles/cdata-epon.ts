/** C-Data EPON (FD12xx/FD15xx, NSCRTV-FTTX-EPON-MIB 17409.2.3) — MIB-only, no ONU-level recording (SNMP.md §6a). */
import type { DeregReason, OnuStatus } from '../types';
import { distanceMetres, integerScale, mapReasonText } from './codec';
import {
  CDATA_REASON_RULES,
  cdataDetect,
  cdataTelnet,
  commands as cdataCommands,
  deviceIndex,
} from './cdata-common';

export const brand = 'cdata' as const;
export const mode = 'epon' as const;
export const detect = cdataDetect;
export const telnet = cdataTelnet;
export const commands = cdataCommands;
export const index = deviceIndex;

const C = '1.3.6.1.4.1.17409.2.3';

export const oids = {
  /** onuInfoTable, index = onuDeviceIndex. */
  onuName: `${C}.4.1.1.2`,
  onuMac: `${C}.4.1.1.7`,
  onuOperStatus: `${C}.4.1.1.8`,
  onuAdminStatus: `${C}.4.1.1.9`,
  onuDistance: `${C}.4.1.1.15`,
  onuTimeSinceRegister: `${C}.4.1.1.18`,
  onuVendor: `${C}.4.1.1.25`,
  onuModel: `${C}.4.1.1.26`,
  onuSerial: `${C}.4.1.1.28`,
  onuLastRegisterTime: `${C}.4.1.1.29`,
  /** ONU PON-port optics, index `<onuDeviceIndex>.<card>.<port>` (usually `.0.0`). */
  onuRxPower: `${C}.4.2.1.4`,
  onuTxPower: `${C}.4.2.1.5`,
  onuBias: `${C}.4.2.1.6`,
  onuVoltage: `${C}.4.2.1.7`,
  onuTemperature: `${C}.4.2.1.8`,
  /** What the OLT receives from each ONU, index onuDeviceIndex. */
  oltRxPower: `${C}.3.6.1.2`,
  ponUpOnuCount: `${C}.3.1.1.8`,
  ponName: `${C}.3.1.1.21`,
  ifDescr: '1.3.6.1.2.1.2.2.1.2',
  ifOperStatus: '1.3.6.1.2.1.2.2.1.8',
} as const;

/** Optics rows carry two extra index parts after the device index. */
export const opticsIndexSuffix = '0.0';

export const OPTIC_SENTINELS = [-1, 0, 65535, -65535, 2147483647] as const;

export const scale = {
  rxDbm: integerScale(100, OPTIC_SENTINELS),
  txDbm: integerScale(100, OPTIC_SENTINELS),
  oltRxDbm: integerScale(100, OPTIC_SENTINELS),
  biasMa: integerScale(100, [-1, 65535]),
  /** MIB says centi-mV; the HSGQ analogue (330 = 3.30 V) and real voltages say ÷100 → V. */
  voltageV: integerScale(100, [-1, 0, 65535]),
  temperatureC: integerScale(100, [-1, 65535]),
  distanceM: distanceMetres,
};

export const statusCodes: Readonly<Record<number, { raw: string; status: OnuStatus }>> = {
  1: { raw: 'up', status: 'online' },
  2: { raw: 'down', status: 'offline' },
  3: { raw: 'testing', status: 'unknown' },
};

export const mapReason = (raw: string | null): DeregReason | null => mapReasonText(raw, CDATA_REASON_RULES);
