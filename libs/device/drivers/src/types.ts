/**
 * Normalised device vocabulary shared by every driver, the simulator and the server.
 * Units: dBm, °C, V, mA, metres. A missing reading is `null`, never 0.
 * The words (brands, modes, reasons) and the ONU's reading fields are owned by `@pondesk/contracts`.
 */
import {
  ONU_DOWN_REASONS,
  type OltWritePaths,
  type OltBrandCode,
  type OltModeCode,
  type OnuDownReasonCode,
  type OnuReading,
} from '@pondesk/contracts';

export type Brand = OltBrandCode;
export type PonMode = OltModeCode;
export type SwitchOpticsKind = 'snr' | 'cisco' | 'entity-sensor' | 'mikrotik' | 'nms-if';

/** One vocabulary for why an ONU went down; the OLT's own words stay in `…Raw`. */
export type DeregReason = OnuDownReasonCode;
export const DEREG_REASONS: readonly DeregReason[] = ONU_DOWN_REASONS;

/** A device may also answer with a state we cannot place; the server stores only online/offline. */
export type OnuStatus = OnuReading['status'] | 'unknown';
export type LinkStatus = 'up' | 'down' | 'unknown';

/** Addresses one ONU on an OLT: PON port number (1-based) and the ONU id the OLT uses. */
export type OnuRef = Pick<OnuReading, 'ponPort' | 'onuId'>;

/**
 * `ifName` exactly as the OLT writes it; `mac` lower-case `aa:bb:cc:dd:ee:ff` (EPON, null when not
 * reported); `serial` the GPON serial as written (`ZTEGce792257`, `FHTT:6A89B080`), null for EPON.
 */
export interface OnuIdentity extends OnuRef, Pick<OnuReading, 'ifName' | 'mac' | 'serial'> {}

export type OpticalReading = Pick<OnuReading, 'rxDbm' | 'txDbm' | 'temperatureC' | 'voltageV' | 'biasMa'>;

export interface OnuOptics extends OpticalReading {
  /** What the OLT receives from this ONU, where the device reports it. */
  oltRxDbm: number | null;
}

export interface OnuRecord
  extends OnuIdentity, OnuOptics, Pick<OnuReading, 'description' | 'distanceM' | 'vendor' | 'model'> {
  status: OnuStatus;
  /** The device's own status word or code, for display and debugging. */
  statusRaw: string | null;
  lastDeregReason: DeregReason | null;
  lastDeregReasonRaw: string | null;
  /** Device-local time text as written by the OLT (clocks are often unset, so no Date conversion). */
  lastDeregTime: string | null;
  lastRegTime: string | null;
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

/** What the caller already read from the OLT in this session. */
export interface KnownOnus {
  onus?: readonly OnuRecord[];
}

export interface WriteOptions {
  /** Send a path whose syntax is only inferred (the operator was told and confirmed). */
  acceptInferred?: boolean;
}

export interface OltDriver {
  readonly brand: Brand;
  readonly mode: PonMode;
  identify(): Promise<OltIdentity>;
  /**
   * The PON ports with their ONU counts. `known.onus`: the whole ONU list just read with `listOnus()`; a
   * driver that counts ONUs per port from the ONU table uses it instead of walking that table again.
   */
  listPonPorts(known?: KnownOnus): Promise<PonPortInfo[]>;
  listOnus(options?: { ponPort?: number }): Promise<OnuRecord[]>;
  readOnuOptics(onu: OnuRef): Promise<OnuOptics>;
  listInactiveOnus(): Promise<OnuRecord[]>;
  /** Where a MAC is: the ONU's own MAC first (from the ONU list), then the learned ones of `findLearnedMac`. */
  findMac(mac: string): Promise<MacLocation[]>;
  /**
   * Client MACs learned behind ONUs, from the OLT's MAC table, without walking the ONU list; `null` when
   * this driver cannot read a MAC table in this configuration (no telnet/web credentials, or no command
   * for this brand and mode with evidence).
   */
  findLearnedMac(mac: string): Promise<MacLocation[] | null>;
  onuHistory(onu: OnuRef): Promise<OnuHistoryEvent[]>;
  /**
   * The path each write takes on this OLT with the credentials it was given (the first of
   * `WRITE_PATHS[brand][mode][kind]` whose transport is available), and why a write has none.
   */
  writePaths(): OltWritePaths;
  /**
   * Reboots one ONU by `writePaths().reboot`. Throws `DriverError` UNSUPPORTED when there is no path,
   * INFERRED_NOT_ACCEPTED when the path is inferred and `options.acceptInferred` is not set, and
   * UNEXPECTED_REPLY (nothing further sent) when the device answers a step with anything but what the
   * step expects. Says nothing of the effect: the caller verifies it (the ONU goes offline and comes back).
   */
  rebootOnu(onu: OnuRef, options?: WriteOptions): Promise<void>;
  /** Deletes (unbinds) one ONU by `writePaths().delete`, saving where the path saves; errors as `rebootOnu`. */
  deleteOnu(onu: OnuRef, options?: WriteOptions): Promise<void>;
  /**
   * Deletes every ONU of one PON port by `writePaths().clearPort` (a port-wide command, or the proven
   * per-ONU loop over the ONUs the port lists); UNSUPPORTED where neither exists.
   */
  clearPort(ponPort: number, options?: WriteOptions): Promise<void>;
  checkTelnetLogin(): Promise<TelnetLoginCheck>;
  systemHealth(): Promise<SystemHealth>;
  close(): Promise<void>;
}

export interface SwitchPortOptics extends OpticalReading {
  ifIndex: number | null;
  /** Port name as the switch writes it (`Ethernet1/0/10`, `Gi1/0/52`). */
  name: string;
  link: LinkStatus;
  /** The port's description on the switch (IF-MIB ifAlias); null when it has none or does not say. */
  description: string | null;
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
