/** C-Data GPON (FD16xx, NSCRTV-FTTX-GPON-MIB 17409.2.8) — MIB + third-party columns, no real ONU recording (SNMP.md §6b). */
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
export const mode = 'gpon' as const;
export const detect = cdataDetect;
export const telnet = cdataTelnet;
export const commands = cdataCommands;
export const index = deviceIndex;

const C = '1.3.6.1.4.1.17409.2.8';

export const oids = {
  onuName: `${C}.4.1.1.2`,
  /** OCTET STRING(8): 4 ASCII vendor bytes + 4 binary bytes → `ZTEGc0a8b1c2` style. */
  onuSerial: `${C}.4.1.1.3`,
  onuVendor: `${C}.4.1.1.5`,
  onuEquipmentId: `${C}.4.1.1.6`,
  onuOperStatus: `${C}.4.1.1.7`,
  onuDistance: `${C}.4.1.1.9`,
  onuReboot: `${C}.4.1.1.10`,
  onuDeactivate: `${C}.4.1.1.11`,
  onuTimeSinceRegister: `${C}.4.1.1.12`,
  /** Vendor extension [3P]: strings like `LOS`, `dying-gasp`, `--`. */
  onuLastDownTime: `${C}.4.1.1.102`,
  onuLastDownCause: `${C}.4.1.1.103`,
  /** Optics, index `<onuDeviceIndex>.<card>.<port>`; offline rx = -1. */
  onuRxPower: `${C}.4.4.1.4`,
  onuTxPower: `${C}.4.4.1.5`,
  onuBias: `${C}.4.4.1.6`,
  onuVoltage: `${C}.4.4.1.7`,
  onuTemperature: `${C}.4.4.1.8`,
  ifDescr: '1.3.6.1.2.1.2.2.1.2',
  ifOperStatus: '1.3.6.1.2.1.2.2.1.8',
} as const;

/** NSCRTV-FTTX-GPON `resetONU` values: reset(1) (switcher-core `ont.action.resetOnu`). */
export const onuRebootValues = { reset: 1 } as const;

export const opticsIndexSuffix = '0.0';

export const OPTIC_SENTINELS = [-1, 0, 65535, -65535, 2147483647] as const;

export const scale = {
  rxDbm: integerScale(100, OPTIC_SENTINELS),
  txDbm: integerScale(100, OPTIC_SENTINELS),
  biasMa: integerScale(100, [-1, 65535]),
  voltageV: integerScale(100, [-1, 0, 65535]),
  temperatureC: integerScale(100, [-1, 65535]),
  distanceM: distanceMetres,
};

export const statusCodes: Readonly<Record<number, { raw: string; status: OnuStatus }>> = {
  1: { raw: 'up', status: 'online' },
  2: { raw: 'down', status: 'offline' },
};

/** Serial: 4 ASCII vendor bytes + 4 binary → `VEND` + 8 hex; both directions. */
export const serial = {
  decode(bytes: Uint8Array): string | null {
    if (bytes.length !== 8) {
      const t = Buffer.from(bytes).toString('latin1').trim();
      return t === '' ? null : t;
    }
    const vendor = Buffer.from(bytes.subarray(0, 4)).toString('latin1');
    if (!/^[A-Za-z0-9]{4}$/.test(vendor)) return Buffer.from(bytes).toString('hex').toUpperCase();
    return vendor + Buffer.from(bytes.subarray(4)).toString('hex').toUpperCase();
  },
  encode(sn: string): Uint8Array {
    const m = /^([A-Za-z0-9]{4}):?([0-9A-Fa-f]{8})$/.exec(sn);
    if (!m) return Uint8Array.from(Buffer.from(sn, 'latin1'));
    return Uint8Array.from([...Buffer.from(m[1], 'latin1'), ...Buffer.from(m[2], 'hex')]);
  },
};

export const mapReason = (raw: string | null): DeregReason | null => mapReasonText(raw, CDATA_REASON_RULES);
