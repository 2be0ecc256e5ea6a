import type { OltEntity } from '@pondesk/server-database';
import type { PolledOnu } from './poll-diff';

export interface OltHealthReading {
  cpuPercent: number | null;
  memoryPercent: number | null;
  uptimeSeconds: number | null;
}

/** What polling needs from a device session; the device layer's drivers sit behind it. */
export interface PollableOlt {
  listOnus(): Promise<{ onus: PolledOnu[]; ponPorts: number | null }>;
  systemHealth(): Promise<OltHealthReading>;
  close(): Promise<void>;
}

/** Opens a session to a stored OLT (credentials already decrypted by the caller's SecretBox). */
export abstract class OltConnector {
  abstract connect(olt: OltEntity): PollableOlt;
}
