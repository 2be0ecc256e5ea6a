/** `npm run sim -- --archive FILE …`: serve device recordings instead of a simulated fleet. */
import { DEFAULT_PORTS } from '../config/fleet-config';
import { startRecordedDevice, type RecordedDevice, type RecordedDeviceInfo } from './recorded-device';

export interface ArchivePorts {
  /** 'fixed': the fleet's default bases + offset + position; 'free': the OS picks. */
  mode: 'fixed' | 'free';
  offset: number;
}

export interface ServedArchives {
  devices: RecordedDevice[];
  stop(): Promise<void>;
}

/** Recording i on 127.0.0.1, with ports base + offset + i (as fleet devices), credentials public, admin/admin. */
export async function serveArchives(paths: readonly string[], ports: ArchivePorts): Promise<ServedArchives> {
  const devices: RecordedDevice[] = [];
  const stop = async (): Promise<void> => {
    await Promise.all(devices.map((d) => d.stop()));
  };
  const at = (base: number, i: number): number => (ports.mode === 'free' ? 0 : base + ports.offset + i);
  try {
    for (const [i, path] of paths.entries()) {
      devices.push(
        await startRecordedDevice(path, {
          name: `archive-${i + 1}`,
          snmpPort: at(DEFAULT_PORTS.snmp, i),
          telnetPort: at(DEFAULT_PORTS.telnet, i),
          httpPort: at(DEFAULT_PORTS.http, i),
        }),
      );
    }
  } catch (e) {
    await stop();
    throw e;
  }
  return { devices, stop };
}

/** One block per recording: where it listens and how to log in. */
export function formatArchives(paths: readonly string[], infos: readonly RecordedDeviceInfo[]): string {
  return infos
    .map((d, i) =>
      [
        `${d.name}: ${paths[i] ?? ''}`,
        `  ${d.brand ?? '?'} ${d.mode ?? ''} (${d.kind}), ${d.onus} ONUs, on ${d.host}`,
        `  SNMP ${d.snmpPort} community ${d.community}` +
          (d.telnetPort === null ? '' : `; telnet ${d.telnetPort}`) +
          (d.httpPort === null ? '' : `; web API ${d.httpPort}`) +
          (d.telnetPort === null && d.httpPort === null ? '' : `; login ${d.username}/${d.password}`),
      ].join('\n'),
    )
    .join('\n');
}
