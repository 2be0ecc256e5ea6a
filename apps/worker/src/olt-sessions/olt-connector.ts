import type {
  MacLocation,
  OnuHistoryEvent,
  OnuOptics,
  OnuRecord,
  OnuRef,
  TelnetLoginCheck,
  WriteOptions,
} from '@pondesk/device-drivers';
import type { OltWritePaths } from '@pondesk/contracts';
import type { OltEntity } from '@pondesk/server-database';

export interface OltHealthReading {
  cpuPercent: number | null;
  memoryPercent: number | null;
  uptimeSeconds: number | null;
}

/** What polling and the operators' ONU actions need from a device session; the drivers sit behind it. */
export interface PollableOlt {
  /** Every ONU of the OLT, and its PON port count when the device tells it. */
  listOnus(): Promise<{ onus: OnuRecord[]; ponPorts: number | null }>;
  /** The ONUs of one PON port, as the driver reports them. */
  portOnus(ponPort: number): Promise<OnuRecord[]>;
  readOptics(onu: OnuRef): Promise<OnuOptics>;
  /** The ONU's deactivation or up/down log; `null` when the device keeps none we can read. */
  history(onu: OnuRef): Promise<OnuHistoryEvent[] | null>;
  /** Client MACs in the OLT's MAC table; `null` when this OLT's driver cannot read one here. */
  findLearnedMac(mac: string): Promise<MacLocation[] | null>;
  /** The ONUs whose own MAC this is, and the MAC where learned behind an ONU (walks the ONU list). */
  findMac(mac: string): Promise<MacLocation[]>;
  /** The ONUs the OLT holds that are not online, with their last down reasons and times. */
  inactiveOnus(): Promise<OnuRecord[]>;
  /** The path each write takes on this OLT with its stored credentials. */
  writePaths(): Promise<OltWritePaths>;
  /** Sends the reboot by the OLT's write path (an inferred path only with `acceptInferred`). */
  reboot(onu: OnuRef, options?: WriteOptions): Promise<void>;
  deleteOnu(onu: OnuRef, options?: WriteOptions): Promise<void>;
  checkTelnet(): Promise<TelnetLoginCheck>;
  systemHealth(): Promise<OltHealthReading>;
  close(): Promise<void>;
}

/** Opens a session to a stored OLT (credentials already decrypted by the caller's SecretBox). */
export abstract class OltConnector {
  abstract connect(olt: OltEntity): PollableOlt;
}
