/** Tests: serve a device recording on free loopback ports and say how ponctl reaches it. */
import {
  startRecordedDevice,
  type RecordedDevice,
  type RecordedDeviceInfo,
  type RecordedDeviceOptions,
} from '../recorded/recorded-device';
import type { DeviceRecording } from '../recorded/recording-format';

export interface RecordedTestDevice {
  device: RecordedDevice;
  info: RecordedDeviceInfo;
  /** `--host … --port … --community … [--brand … --mode …] [--telnet-port … --user … --password …] [--http-port …]`. */
  ponctlArgs: string[];
  stop(): Promise<void>;
}

/** The recording on 127.0.0.1 with free ports and the given (or default) credentials. */
export async function startRecordedTestDevice(
  recording: string | DeviceRecording,
  options: Pick<RecordedDeviceOptions, 'community' | 'username' | 'password' | 'enablePassword'> = {},
): Promise<RecordedTestDevice> {
  const device = await startRecordedDevice(recording, { ...options, host: '127.0.0.1' });
  const info = device.info();
  const args = ['--host', info.host, '--port', String(info.snmpPort), '--community', info.community];
  if (info.kind === 'olt' && info.brand && info.mode) args.push('--brand', info.brand, '--mode', info.mode);
  if (info.telnetPort !== null || info.httpPort !== null)
    args.push('--user', info.username, '--password', info.password);
  if (info.telnetPort !== null) args.push('--telnet-port', String(info.telnetPort));
  if (info.httpPort !== null) args.push('--http-port', String(info.httpPort));
  return { device, info, ponctlArgs: args, stop: () => device.stop() };
}
