/** SFP DDM of ordinary switches (SNMP.md §9): per-port rx/tx dBm, temperature, voltage, bias. */
import { integerScale, textNumber, type ValueCodec } from './codec';

/**
 * SNR DDM text: `"-9.60"`, `"0.77(A+)"`, `"NULL"`. An exact zero flagged below the low alarm (`"-0.00(A-)"`)
 * is the transceiver's floor (laser off / no light), not a 0 dBm or 0 mA reading.
 */
export const snrDdm: ValueCodec<string> = {
  decode(raw) {
    const plain = textNumber('').decode(raw);
    if (plain === null) return null;
    if (plain === 0 && typeof raw === 'string' && /\(A-\)/.test(raw)) return null;
    return plain;
  },
  encode(value) {
    return value.toFixed(2);
  },
};

/** SNR NAG-MIB ddmTranscDiagnosisTable, index ifIndex; strings `"-9.60"`, `"0.77(A+)"`, `"NULL"` [REC]. */
export const snr = {
  kind: 'snr' as const,
  detect: { sysObjectIdPrefixes: ['1.3.6.1.4.1.40418.'], sysDescr: /^SNR-/i },
  oids: {
    ifIndex: '1.3.6.1.4.1.40418.7.100.30.1.1.1',
    temperature: '1.3.6.1.4.1.40418.7.100.30.1.1.2',
    voltage: '1.3.6.1.4.1.40418.7.100.30.1.1.7',
    bias: '1.3.6.1.4.1.40418.7.100.30.1.1.12',
    rxPower: '1.3.6.1.4.1.40418.7.100.30.1.1.17',
    txPower: '1.3.6.1.4.1.40418.7.100.30.1.1.22',
  },
  /** A trailing `(A+)`/`(W-)` is the alarm flag, not part of the number. */
  scale: {
    temperatureC: textNumber(''),
    voltageV: textNumber(''),
    biasMa: snrDdm,
    rxDbm: snrDdm,
    txDbm: snrDdm,
  },
} as const;

/** ENTITY-SENSOR-MIB data types and scales, shared by Cisco and the standard MIB. */
export const entitySensorTypes = {
  other: 1,
  unknown: 2,
  voltsAC: 3,
  voltsDC: 4,
  amperes: 5,
  watts: 6,
  hertz: 7,
  celsius: 8,
  percentRH: 9,
  rpm: 10,
  cmm: 11,
  truthvalue: 12,
  specialEnum: 13,
  dBm: 14,
} as const;

/** Scale code → power of ten (yocto(1) … yotta(17), units(9) = 10^0). */
export const entitySensorScaleExponent = (scale: number): number => (scale - 9) * 3;

/** value · 10^(3·(scale−9)) · 10^−precision, in the sensor's base unit (A for amperes → convert to mA yourself). */
export function entitySensorValue(value: number, scale: number, precision: number): number {
  const v = value * 10 ** entitySensorScaleExponent(scale) * 10 ** -precision;
  return Math.round(v * 1e6) / 1e6;
}

/** Inverse for the simulator: pick units scale and the given precision. */
export function entitySensorEncode(
  value: number,
  precision = 1,
): { value: number; scale: number; precision: number } {
  return { value: Math.round(value * 10 ** precision), scale: 9, precision };
}

const entityPhysical = {
  descr: '1.3.6.1.2.1.47.1.1.1.1.2',
  containedIn: '1.3.6.1.2.1.47.1.1.1.1.4',
  cls: '1.3.6.1.2.1.47.1.1.1.1.5',
  name: '1.3.6.1.2.1.47.1.1.1.1.7',
  /** entAliasMappingIdentifier: `<entPhysicalIndex>.0` → `IF-MIB::ifIndex.N`. */
  aliasMapping: '1.3.6.1.2.1.47.1.3.2.1.2',
};

/** Sensor names like `Gi1/0/52 Receive Power Sensor`, `GigabitEthernet1/0/52 Transmit Power Sensor`. */
export function sensorRole(name: string): 'rx' | 'tx' | 'temperature' | 'voltage' | 'bias' | null {
  if (/receive power|rx power/i.test(name)) return 'rx';
  if (/transmit power|tx power/i.test(name)) return 'tx';
  if (/temperature/i.test(name)) return 'temperature';
  if (/voltage/i.test(name)) return 'voltage';
  if (/bias|current/i.test(name)) return 'bias';
  return null;
}

/** Port part of a sensor name (`Gi1/0/52 Receive Power Sensor` → `Gi1/0/52`). */
export function sensorPortName(name: string): string | null {
  const m = /^(\S+)\s+(?:Module\s+)?(?:Receive|Transmit|Temperature|Voltage|Bias|Supply|Tx|Rx)/i.exec(
    name.trim(),
  );
  return m ? m[1] : null;
}

/** CISCO-ENTITY-SENSOR-MIB entSensorValueTable, index entPhysicalIndex [REC]. */
export const cisco = {
  kind: 'cisco' as const,
  detect: { sysObjectIdPrefixes: ['1.3.6.1.4.1.9.'], sysDescr: /Cisco IOS/i },
  oids: {
    type: '1.3.6.1.4.1.9.9.91.1.1.1.1.1',
    scale: '1.3.6.1.4.1.9.9.91.1.1.1.1.2',
    precision: '1.3.6.1.4.1.9.9.91.1.1.1.1.3',
    value: '1.3.6.1.4.1.9.9.91.1.1.1.1.4',
    status: '1.3.6.1.4.1.9.9.91.1.1.1.1.5',
    ...entityPhysical,
  },
} as const;

/** Standard ENTITY-SENSOR-MIB entPhySensorTable [MIB]. */
export const entitySensor = {
  kind: 'entity-sensor' as const,
  detect: { sysObjectIdPrefixes: [] as string[], probeOid: '1.3.6.1.2.1.99.1.1.1.1' },
  oids: {
    type: '1.3.6.1.2.1.99.1.1.1.1',
    scale: '1.3.6.1.2.1.99.1.1.1.2',
    precision: '1.3.6.1.2.1.99.1.1.1.3',
    value: '1.3.6.1.2.1.99.1.1.1.4',
    operStatus: '1.3.6.1.2.1.99.1.1.1.5',
    ...entityPhysical,
  },
} as const;

/** MIKROTIK-MIB mtxrOpticalTable, index ifIndex [3P]. */
export const mikrotik = {
  kind: 'mikrotik' as const,
  detect: { sysObjectIdPrefixes: ['1.3.6.1.4.1.14988.'], sysDescr: /RouterOS|MikroTik/i },
  oids: {
    name: '1.3.6.1.4.1.14988.1.1.19.1.1.2',
    temperature: '1.3.6.1.4.1.14988.1.1.19.1.1.6',
    voltage: '1.3.6.1.4.1.14988.1.1.19.1.1.7',
    bias: '1.3.6.1.4.1.14988.1.1.19.1.1.8',
    txPower: '1.3.6.1.4.1.14988.1.1.19.1.1.9',
    rxPower: '1.3.6.1.4.1.14988.1.1.19.1.1.10',
  },
  scale: {
    temperatureC: integerScale(1),
    voltageV: integerScale(1000),
    biasMa: integerScale(1),
    txDbm: integerScale(1000),
    rxDbm: integerScale(1000),
  },
} as const;

/** BDCOM/FS NMS-IF-MIB ifSfpParameterTable, index ifIndex; -65535 = not present [MIB]. */
export const nmsIf = {
  kind: 'nms-if' as const,
  detect: {
    sysObjectIdPrefixes: ['1.3.6.1.4.1.3320.', '1.3.6.1.4.1.52642.'],
    probeOid: '1.3.6.1.4.1.3320.9.63.1.7.1.3',
  },
  oids: {
    txPower: '1.3.6.1.4.1.3320.9.63.1.7.1.2',
    rxPower: '1.3.6.1.4.1.3320.9.63.1.7.1.3',
    temperature: '1.3.6.1.4.1.3320.9.63.1.7.1.4',
    voltage: '1.3.6.1.4.1.3320.9.63.1.7.1.5',
    bias: '1.3.6.1.4.1.3320.9.63.1.7.1.6',
    presence: '1.3.6.1.4.1.3320.9.63.1.7.1.21',
  },
  scale: {
    txDbm: integerScale(100, [-65535]),
    rxDbm: integerScale(100, [-65535]),
    temperatureC: integerScale(256, [-65535]),
    voltageV: integerScale(10000, [-65535]),
    /** ÷500000 A = ÷500 mA. */
    biasMa: integerScale(500, [-65535]),
  },
} as const;

export const ifMib = {
  ifDescr: '1.3.6.1.2.1.2.2.1.2',
  ifOperStatus: '1.3.6.1.2.1.2.2.1.8',
  ifName: '1.3.6.1.2.1.31.1.1.1.1',
  ifAlias: '1.3.6.1.2.1.31.1.1.1.18',
} as const;

export const system = {
  sysDescr: '1.3.6.1.2.1.1.1.0',
  sysObjectId: '1.3.6.1.2.1.1.2.0',
  sysUpTime: '1.3.6.1.2.1.1.3.0',
  sysName: '1.3.6.1.2.1.1.5.0',
} as const;
