/**
 * Normalised device vocabulary shared by every driver, the simulator and the server.
 * Units: dBm, °C, V, mA, metres. A missing reading is `null`, never 0.
 */

export type Brand = 'bdcom' | 'vsol' | 'cdata' | 'avies';
export type PonMode = 'epon' | 'gpon';
export type SwitchOpticsKind = 'snr' | 'cisco' | 'entity-sensor' | 'mikrotik' | 'nms-if';

/** One vocabulary for why an ONU went down; the OLT's own words stay in `…Raw`. */
export type DeregReason = 'los' | 'power-off' | 'wire-down' | 'admin' | 'unknown';
export const DEREG_REASONS: readonly DeregReason[] = ['los', 'power-off', 'wire-down', 'admin', 'unknown'];

export type OnuStatus = 'online' | 'offline' | 'unknown';
export type LinkStatus = 'up' | 'down' | 'unknown';

/** Addresses one ONU on an OLT: PON port number (1-based) and the ONU id the OLT uses. */
export interface OnuRef {
  ponPort: number;
  onuId: number;
}

export interface OnuIdentity extends OnuRef {
  /** The interface name exactly as the OLT writes it (`EPON0/1:3`, `GPON0/2:1`, `pon0/0/1:5`, `PON01:1`). */
  ifName: string;
  /** Lower-case `aa:bb:cc:dd:ee:ff` (EPON); null when the device does not report one. */
  mac: string | null;
  /** GPON serial as the OLT writes it (`ZTEGce792257`, `FHTT:6A89B080`); null for EPON. */
  serial: string | null;
}

export interface OpticalReading {
  rxDbm: number | null;
  txDbm: number | null;
  temperatureC: number | null;
  voltageV: number | null;
  biasMa: number | null;
}

export interface OnuOptics extends OpticalReading {
  /** What the OLT receives from this ONU, where the device reports it. */
  oltRxDbm: number | null;
}

export interface OnuRecord extends OnuIdentity, OnuOptics {
  status: OnuStatus;
  /** The device's own status word or code, for display and debugging. */
  statusRaw: string | null;
  description: string | null;
  distanceM: number | null;
  lastDeregReason: DeregReason | null;
  lastDeregReasonRaw: string | null;
  /** Device-local time text as written by the OLT (clocks are often unset, so no Date conversion). */
  lastDeregTime: string | null;
  lastRegTime: string | null;
  vendor: string | null;
  model: string | null;
}

export interface PonPortInfo {
  ponPort: number;
  /** As the OLT names it (`GPON0/2`, `EPON0/1`, `pon0/0/1`, `PON01`). */
  name: string;
  ifIndex: number | null;
  status: LinkStatus;
  onuOnline: number | null;
  onuOffline: number | null;
  onuTotal: number | null;
  /** PON SFP (OLT side) readings, where available. */
  optics: OpticalReading | null;
}

export interface OltIdentity {
  brand: Brand;
  mode: PonMode;
  model: string | null;
  sysDescr: string | null;
  sysObjectId: string | null;
  firmware: string | null;
  sysName: string | null;
  uptimeSeconds: number | null;
}

export interface MacLocation {
  mac: string;
  /** `onu` = the ONU's own MAC; `learned` = a client MAC seen behind an ONU or port. */
  kind: 'onu' | 'learned';
  ponPort: number | null;
  onuId: number | null;
  ifName: string | null;
  vlan: number | null;
}

export interface OnuHistoryEvent {
  /** Device-local time text. */
  time: string | null;
  event: 'up' | 'down' | 'other';
  reason: DeregReason | null;
  reasonRaw: string | null;
  raw: string;
}

export interface SystemHealth {
  cpuPercent: number | null;
  memoryPercent: number | null;
  uptimeSeconds: number | null;
  temperatureC: number | null;
}

export interface TelnetLoginCheck {
  ok: boolean;
  /** Prompt seen after login/enable, when ok. */
  prompt: string | null;
  privileged: boolean;
  error: string | null;
}

export interface OltDriver {
  readonly brand: Brand;
  readonly mode: PonMode;
  identify(): Promise<OltIdentity>;
  listPonPorts(): Promise<PonPortInfo[]>;
  listOnus(options?: { ponPort?: number }): Promise<OnuRecord[]>;
  readOnuOptics(onu: OnuRef): Promise<OnuOptics>;
  listInactiveOnus(): Promise<OnuRecord[]>;
  findMac(mac: string): Promise<MacLocation[]>;
  onuHistory(onu: OnuRef): Promise<OnuHistoryEvent[]>;
  rebootOnu(onu: OnuRef): Promise<void>;
  deleteOnu(onu: OnuRef): Promise<void>;
  checkTelnetLogin(): Promise<TelnetLoginCheck>;
  systemHealth(): Promise<SystemHealth>;
  close(): Promise<void>;
}

export interface SwitchPortOptics extends OpticalReading {
  ifIndex: number | null;
  /** Port name as the switch writes it (`Ethernet1/0/10`, `Gi1/0/52`). */
  name: string;
  link: LinkStatus;
}

export interface SwitchDriver {
  readonly kind: SwitchOpticsKind;
  identify(): Promise<{ sysDescr: string | null; sysObjectId: string | null; sysName: string | null }>;
  listPorts(): Promise<SwitchPortOptics[]>;
  close(): Promise<void>;
}

/** Result of autodetection from sysObjectID / sysDescr / vendor probes. */
export interface DetectedDevice {
  kind: 'olt' | 'switch';
  brand: Brand | null;
  mode: PonMode | null;
  switchKind: SwitchOpticsKind | null;
  model: string | null;
  sysObjectId: string | null;
  sysDescr: string | null;
}
