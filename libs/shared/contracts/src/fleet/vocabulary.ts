/**
 * The fleet's words, each declared once. Drivers, the simulator, entities, the worker, ponctl, the demo
 * and the web derive their types and lists from these arrays; a new brand is added here first.
 */

export const OLT_BRANDS = ['bdcom', 'vsol', 'cdata', 'avies'] as const;
export type OltBrandCode = (typeof OLT_BRANDS)[number];

export const OLT_BRAND_LABELS: Record<OltBrandCode, string> = {
  bdcom: 'BDCOM',
  vsol: 'V-SOL',
  cdata: 'C-Data',
  avies: 'AVIES',
};

export const OLT_MODES = ['epon', 'gpon'] as const;
export type OltModeCode = (typeof OLT_MODES)[number];

export const OLT_STATUSES = ['online', 'offline', 'unknown'] as const;
export type OltStatus = (typeof OLT_STATUSES)[number];

/** What the server stores and shows of an ONU: it is either registered on its OLT or not. */
export const ONU_STATUSES = ['online', 'offline'] as const;
export type OnuStatusCode = (typeof ONU_STATUSES)[number];

export const isOltBrand = (value: unknown): value is OltBrandCode =>
  (OLT_BRANDS as readonly unknown[]).includes(value);
export const isOltMode = (value: unknown): value is OltModeCode =>
  (OLT_MODES as readonly unknown[]).includes(value);

/**
 * Why an ONU went down, in one vocabulary whatever the brand wrote. `reboot` is a restart or a manual
 * deregistration (the ONU comes back by itself: HSGQ "Manual Deregister", BDCOM GPON "reboot"); `admin` is
 * an ONU kept down on purpose (disabled, deactivated, refused).
 */
export const ONU_DOWN_REASONS = ['los', 'power-off', 'wire-down', 'reboot', 'admin', 'unknown'] as const;
export type OnuDownReasonCode = (typeof ONU_DOWN_REASONS)[number];

export const ONU_DOWN_REASON_LABELS: Record<OnuDownReasonCode, string> = {
  los: 'LOS / fiber down',
  'power-off': 'Power off (dying gasp)',
  'wire-down': 'Wire down',
  reboot: 'Rebooted / deregistered',
  admin: 'Disabled by admin',
  unknown: 'Unknown',
};

/**
 * One ONU as a poll reads it, already normalised (dBm, °C, V, mA, m; `null` = no reading). The stored
 * row, the list row and the poll's diff input all carry these fields under these names.
 */
export interface OnuReading {
  ponPort: number;
  onuId: number;
  /** The interface name exactly as the OLT writes it (`EPON0/1:3`, `GPON0/2:1`, `pon0/0/1:5`). */
  ifName: string;
  mac: string | null;
  serial: string | null;
  description: string | null;
  status: OnuStatusCode;
  reason: OnuDownReasonCode | null;
  reasonRaw: string | null;
  rxDbm: number | null;
  txDbm: number | null;
  temperatureC: number | null;
  voltageV: number | null;
  biasMa: number | null;
  distanceM: number | null;
  vendor: string | null;
  model: string | null;
}

/** What an SNMP identify of a device found (Test Get Port on the OLT form, and the worker's probe). */
export interface ProbeResponse {
  ok: boolean;
  brand: string | null;
  mode: string | null;
  model: string | null;
  sysDescr: string | null;
  ponPorts: number | null;
  onuCount: number | null;
  error?: string;
}
