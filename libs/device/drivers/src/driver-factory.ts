import type { Brand, OltDriver, PonMode, SwitchDriver, SwitchOpticsKind } from './types';
import type { DeviceConnection } from './support/connection';
import { BdcomEponDriver } from './drivers/bdcom-epon.driver';
import { BdcomGponDriver } from './drivers/bdcom-gpon.driver';
import { VsolEponDriver } from './drivers/vsol-epon.driver';
import { VsolGponDriver } from './drivers/vsol-gpon.driver';
import { CdataDriver } from './drivers/cdata.driver';
import { AviesDriver } from './drivers/avies.driver';
import { SwitchOpticsDriver } from './drivers/switch-optics.driver';
import { autodetect } from './autodetect';
import { HsgqWebClient } from '@pondesk/device-http';
import * as hsgq from './profiles/avies-hsgq';
import { snmpClientFor } from './support/snmp-table';
import { DriverError, DriverErrorCode } from './support/driver.exception';

export function createOltDriver(brand: Brand, mode: PonMode, conn: DeviceConnection): OltDriver {
  switch (brand) {
    case 'bdcom':
      return mode === 'gpon' ? new BdcomGponDriver(conn) : new BdcomEponDriver(conn);
    case 'vsol':
      return mode === 'gpon' ? new VsolGponDriver(conn) : new VsolEponDriver(conn);
    case 'cdata':
      return new CdataDriver(conn, mode);
    case 'avies':
      return new AviesDriver(conn, mode);
  }
}

export function createSwitchDriver(kind: SwitchOpticsKind, conn: DeviceConnection): SwitchDriver {
  return new SwitchOpticsDriver(conn, kind);
}

/** Detect over SNMP, then build the matching driver; explicit brand/mode win over detection. */
export async function openDevice(
  conn: DeviceConnection,
  hint: { brand?: Brand; mode?: PonMode } = {},
): Promise<{ kind: 'olt'; driver: OltDriver } | { kind: 'switch'; driver: SwitchDriver }> {
  if (hint.brand && hint.mode) return { kind: 'olt', driver: createOltDriver(hint.brand, hint.mode, conn) };
  if (hint.brand === 'avies' && conn.http) {
    // The web API tells EPON from GPON without a login (`/board_info` device_type).
    const probe = new HsgqWebClient({ host: conn.host, ...conn.http });
    try {
      const info = await probe.probe<{ device_type?: number }>(hsgq.http.boardInfo);
      const mode =
        typeof info.device_type === 'number' ? hsgq.http.modeFromDeviceType(info.device_type) : 'epon';
      return { kind: 'olt', driver: createOltDriver('avies', mode, conn) };
    } finally {
      await probe.close();
    }
  }
  const client = snmpClientFor(conn);
  try {
    const d = await autodetect(client);
    if (!d)
      throw new DriverError(
        DriverErrorCode.UNKNOWN_DEVICE,
        `${conn.host}: unsupported device (sysObjectID/sysDescr not recognised)`,
      );
    if (d.kind === 'switch' && d.switchKind && !hint.brand)
      return { kind: 'switch', driver: createSwitchDriver(d.switchKind, conn) };
    const brand = hint.brand ?? d.brand;
    const mode = hint.mode ?? d.mode;
    if (!brand || !mode)
      throw new DriverError(
        DriverErrorCode.UNKNOWN_DEVICE,
        `${conn.host}: cannot tell brand/mode; pass --brand and --mode`,
      );
    return { kind: 'olt', driver: createOltDriver(brand, mode, conn) };
  } finally {
    client.close();
  }
}
