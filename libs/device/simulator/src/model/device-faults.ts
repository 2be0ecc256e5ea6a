/** Faults a test or a demo can switch on per device (control API `PUT /devices/:name/faults`). */
export interface DeviceFaults {
  /** No answer on any transport (SNMP dropped, TCP refused). */
  unreachable: boolean;
  /** Added delay before every answer, in real milliseconds. */
  slowMs: number;
  /**
   * CLI only: a command confirmed with "y" (a reboot, a delete) takes effect at once, but its answer and
   * the prompt come this many real milliseconds later — the window in which a client may die not knowing
   * the outcome.
   */
  confirmReplyDelayMs: number;
  /** The device's community no longer matches the advertised one (requests are silently ignored). */
  wrongCommunity: boolean;
  /** Telnet rejects every login. */
  telnetAuthFailure: boolean;
  /** CLI output stops half-way and the session drops (a flaky link). */
  truncateOutput: boolean;
  /**
   * ONU writes (reboot, delete) are answered as accepted and do nothing, as an HSGQ GPON box echoes a CLI
   * reboot without effect: the console must see no effect rather than report success.
   */
  writesIgnored: boolean;
}

export const NO_FAULTS: Readonly<DeviceFaults> = {
  unreachable: false,
  slowMs: 0,
  confirmReplyDelayMs: 0,
  wrongCommunity: false,
  telnetAuthFailure: false,
  truncateOutput: false,
  writesIgnored: false,
};

export function delay(ms: number): Promise<void> {
  return ms > 0 ? new Promise((r) => setTimeout(r, ms)) : Promise.resolve();
}
