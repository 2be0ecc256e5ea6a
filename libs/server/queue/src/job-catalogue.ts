import type {
  OnuRealtime,
  AlertTestResult,
  OltVpnTestResult,
  OnuSignalReading,
  ProbeResponse,
  SubscriberHosts,
  SubscriberSession,
  SwitchCheckResponse,
  TelnetCheckResult,
  WritePathInfo,
} from '@pondesk/contracts';
import type {
  AlertTestPayload,
  SignalTrendsResult,
  DeviceOutcome,
  HourlyRollupResult,
  MacFindPayload,
  NoPayload,
  OltHealthResult,
  OltJobPayload,
  OnuActionPayload,
  OnuRebootResult,
  OnuWatchPayload,
  OnuWritePayload,
  OnuWatchResult,
  PollOltResult,
  PollSwitchResult,
  PortCheckPayload,
  PortCheckResult,
  PortReadPayload,
  PortReadResult,
  ProbePayload,
  RouterReadPayload,
  SamplePartitionsResult,
  ScanJobPayload,
  ScanJobResult,
  SystemPingPayload,
  SwitchCheckPayload,
  SwitchJobPayload,
  SystemPingResult,
  TelnetCheckPayload,
  VpnAccountPayload,
  VpnAccountResult,
  VpnTestPayload,
} from './job-payloads';
import { QueueName } from './queues';

/**
 * Every job the worker runs, by the name it has in Redis. The values are those of the jobs and
 * schedulers already stored, so renaming a member never strands a queued job.
 */
export enum JobName {
  /** Round trip check: the worker answers with its id. */
  SystemPing = 'ping',
  /** Full ONU poll of one OLT. */
  PollOlt = 'poll',
  /** Reachability and CPU/memory/uptime of one OLT. */
  CheckOltHealth = 'check',
  /** TCP connect to host:port; answers open/closed. */
  PortCheck = 'port-check',
  /** SNMP identify of an OLT not yet saved (Test Get Port). */
  ProbeOlt = 'probe',
  /** Live optics of one ONU (the list's Get). */
  OnuReadSignal = 'onu-read-signal',
  /** Live record and up/down history of one ONU (the PPPoE page's ONU Realtime). */
  OnuRealtime = 'onu-realtime',
  OnuReboot = 'onu-reboot',
  /** Deletes the ONU's registration on the OLT (Clear), then its stored record. */
  OnuClear = 'onu-clear',
  /** Reads one PON port again and again after a reboot until the ONU is back (or time is up). */
  OnuWatch = 'onu-watch',
  /** Reads one PON port now, because its OLT's syslog said an ONU on it went down or came up. */
  PortRead = 'port-read',
  /** Telnet login to a stored OLT (the Clear dialog enables Yes only after it succeeds). */
  TelnetCheck = 'telnet-check',
  SamplePartitions = 'sample-partitions',
  HourlyRollup = 'hourly-rollup',
  /** One OLT's part of a MAC find: the ONUs' own MACs and the MACs learned behind them. */
  MacFind = 'mac-find',
  /** One OLT's inactive ONUs with their down reasons (ONU Down Scanner). */
  InactiveScan = 'inactive-scan',
  /** Optics and link of every port of one switch. */
  PollSwitch = 'switch-poll',
  /** The switch form's live SNMP check of an address (and, asked, the optics kind found there). */
  CheckSwitch = 'switch-check',
  /** A subscriber's live PPPoE session on the MikroTik of the ONU's OLT (the PPPoE page). */
  RouterSession = 'router-session',
  /** The hosts the MikroTik sees behind a subscriber's session (the PPPoE page's Hosts tab). */
  RouterHosts = 'router-hosts',
  /** The tenant's VPN account on the platform's concentrator: ensure it, remove it, or read its state. */
  VpnAccount = 'vpn-account',
  /** The OLT form's VPN test: the tenant's tunnel up on the concentrator, then the OLT's ports through it. */
  VpnTest = 'vpn-test',
  /** An alert channel's 'Send test': one message through the channel's client, answered with what the API said. */
  AlertTest = 'alert-test',
  /** Daily: each ONU's rx trend over 7 days of hourly rollups; the degrading ones listed and alerted per OLT. */
  SignalTrends = 'signal-trends',
}

/** What each job carries: enqueueing a job with another job's payload does not compile. */
export interface JobPayloads {
  [JobName.SystemPing]: SystemPingPayload;
  [JobName.PollOlt]: OltJobPayload;
  [JobName.CheckOltHealth]: OltJobPayload;
  [JobName.PortCheck]: PortCheckPayload;
  [JobName.ProbeOlt]: ProbePayload;
  [JobName.OnuReadSignal]: OnuActionPayload;
  [JobName.OnuRealtime]: OnuActionPayload;
  [JobName.OnuReboot]: OnuWritePayload;
  [JobName.OnuClear]: OnuWritePayload;
  [JobName.OnuWatch]: OnuWatchPayload;
  [JobName.PortRead]: PortReadPayload;
  [JobName.TelnetCheck]: TelnetCheckPayload;
  [JobName.SamplePartitions]: NoPayload;
  [JobName.HourlyRollup]: NoPayload;
  [JobName.MacFind]: MacFindPayload;
  [JobName.InactiveScan]: ScanJobPayload;
  [JobName.PollSwitch]: SwitchJobPayload;
  [JobName.CheckSwitch]: SwitchCheckPayload;
  [JobName.RouterSession]: RouterReadPayload;
  [JobName.RouterHosts]: RouterReadPayload;
  [JobName.VpnAccount]: VpnAccountPayload;
  [JobName.VpnTest]: VpnTestPayload;
  [JobName.AlertTest]: AlertTestPayload;
  [JobName.SignalTrends]: NoPayload;
}

/** What each job's handler answers (the job's return value). */
export interface JobResults {
  [JobName.SystemPing]: SystemPingResult;
  [JobName.PollOlt]: PollOltResult;
  [JobName.CheckOltHealth]: OltHealthResult;
  [JobName.PortCheck]: PortCheckResult;
  [JobName.ProbeOlt]: ProbeResponse;
  [JobName.OnuReadSignal]: DeviceOutcome<OnuSignalReading>;
  [JobName.OnuRealtime]: DeviceOutcome<OnuRealtime>;
  [JobName.OnuReboot]: DeviceOutcome<OnuRebootResult>;
  [JobName.OnuClear]: DeviceOutcome<{ deleted: boolean; path: WritePathInfo | null }>;
  [JobName.OnuWatch]: OnuWatchResult;
  [JobName.PortRead]: PortReadResult;
  [JobName.TelnetCheck]: DeviceOutcome<TelnetCheckResult>;
  [JobName.SamplePartitions]: SamplePartitionsResult;
  [JobName.HourlyRollup]: HourlyRollupResult;
  [JobName.MacFind]: ScanJobResult;
  [JobName.InactiveScan]: ScanJobResult;
  [JobName.PollSwitch]: PollSwitchResult;
  [JobName.CheckSwitch]: Omit<SwitchCheckResponse, 'ip' | 'snmpPort'>;
  [JobName.RouterSession]: SubscriberSession;
  [JobName.RouterHosts]: SubscriberHosts;
  [JobName.VpnAccount]: VpnAccountResult;
  [JobName.VpnTest]: OltVpnTestResult;
  [JobName.AlertTest]: AlertTestResult;
  [JobName.SignalTrends]: SignalTrendsResult;
}

/** The queue each job is sent to (and the only queue whose worker runs it). */
export const JOB_QUEUE = {
  [JobName.SystemPing]: QueueName.System,
  [JobName.PollOlt]: QueueName.OltPoll,
  [JobName.CheckOltHealth]: QueueName.OltHealth,
  [JobName.PortCheck]: QueueName.DeviceAction,
  [JobName.ProbeOlt]: QueueName.DeviceAction,
  [JobName.OnuReadSignal]: QueueName.DeviceAction,
  [JobName.OnuRealtime]: QueueName.DeviceAction,
  [JobName.OnuReboot]: QueueName.DeviceAction,
  [JobName.OnuClear]: QueueName.DeviceAction,
  [JobName.OnuWatch]: QueueName.DeviceAction,
  [JobName.PortRead]: QueueName.DeviceAction,
  [JobName.TelnetCheck]: QueueName.DeviceAction,
  [JobName.SamplePartitions]: QueueName.Maintenance,
  [JobName.HourlyRollup]: QueueName.Maintenance,
  [JobName.MacFind]: QueueName.Scan,
  [JobName.InactiveScan]: QueueName.Scan,
  [JobName.PollSwitch]: QueueName.SwitchPoll,
  [JobName.CheckSwitch]: QueueName.DeviceAction,
  [JobName.RouterSession]: QueueName.DeviceAction,
  [JobName.RouterHosts]: QueueName.DeviceAction,
  [JobName.VpnAccount]: QueueName.DeviceAction,
  [JobName.VpnTest]: QueueName.DeviceAction,
  [JobName.AlertTest]: QueueName.DeviceAction,
  [JobName.SignalTrends]: QueueName.Maintenance,
} as const satisfies { readonly [N in JobName]: QueueName };

/** The jobs one queue runs, e.g. `JobsOf<QueueName.DeviceAction>`. */
export type JobsOf<Q extends QueueName> = {
  [N in JobName]: (typeof JOB_QUEUE)[N] extends Q ? N : never;
}[JobName];

export const JOB_NAMES: readonly JobName[] = Object.values(JobName);

export const isJobName = (value: string): value is JobName =>
  (JOB_NAMES as readonly string[]).includes(value);
