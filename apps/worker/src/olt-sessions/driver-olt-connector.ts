import { Inject, Injectable } from '@nestjs/common';
import {
  DriverError,
  DriverErrorCode,
  createOltDriver,
  type DeviceConnection,
  type OltDriver,
} from '@pondesk/device-drivers';
import { APP_CONFIG, SecretBox, type AppConfig } from '@pondesk/server-config';
import { oltTransports, type OltEntity } from '@pondesk/server-database';
import { DeviceTargetGuard } from './device-target-guard';
import { OltConnector, type PollableOlt } from './olt-connector';

/**
 * Opens the device layer's driver for a stored OLT, with its credentials unsealed only in memory. The
 * OLT's address is checked against the device-target policy before the first socket opens (rows stored
 * before the policy, names that now resolve elsewhere), and the driver connects to the checked address.
 */
@Injectable()
export class DriverOltConnector extends OltConnector {
  private readonly box: SecretBox;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly targets: DeviceTargetGuard,
  ) {
    super();
    this.box = new SecretBox(config.ENCRYPTION_KEY);
  }

  /** How to reach the OLT at `address` (its host, checked and resolved). */
  connection(olt: OltEntity, address = olt.host): DeviceConnection {
    const via = oltTransports(olt);
    const password = this.box.openOptional(olt.passwordEnc);
    const login =
      via.telnet && olt.username && password !== null ? { username: olt.username, password } : null;
    return {
      host: address,
      snmp: {
        port: olt.snmpPort,
        version: 'v2c',
        community: this.box.open(olt.snmpCommunityEnc),
        writeCommunity: this.box.openOptional(olt.snmpWriteCommunityEnc) ?? undefined,
        timeoutMs: this.config.SNMP_TIMEOUT_MS,
        retries: this.config.SNMP_RETRIES,
      },
      telnet: login
        ? {
            port: olt.telnetPort,
            ...login,
            enablePassword: this.box.openOptional(olt.enablePasswordEnc) ?? undefined,
          }
        : undefined,
      http: login && via.http ? { port: olt.httpPort ?? 80, ...login } : undefined,
    };
  }

  /** Every port the driver may open for this OLT (as `connection` decides, without unsealing anything). */
  private ports(olt: OltEntity): number[] {
    const via = oltTransports(olt);
    return [olt.snmpPort, ...(via.telnet ? [olt.telnetPort] : []), ...(via.http ? [olt.httpPort ?? 80] : [])];
  }

  connect(olt: OltEntity): PollableOlt {
    // Nothing is connected (nor the driver built) until the address has passed the policy.
    const opened: Promise<OltDriver> = this.targets
      .pin(olt.host, this.ports(olt))
      .then((address) => createOltDriver(olt.brand, olt.mode, this.connection(olt, address)));
    // A refused address is reported by the first call; `close` must not raise it again.
    opened.catch(() => undefined);
    const use = async <T>(fn: (driver: OltDriver) => Promise<T>): Promise<T> => fn(await opened);
    return {
      listOnus: () =>
        use(async (driver) => {
          const records = await driver.listOnus();
          const ports = await driver.listPonPorts({ onus: records }).catch(() => null);
          return { onus: records, ponPorts: ports ? ports.length : null };
        }),
      portOnus: (ponPort) => use((driver) => driver.listOnus({ ponPort })),
      readOptics: (onu) => use((driver) => driver.readOnuOptics(onu)),
      history: (onu) =>
        use(async (driver) => {
          try {
            return await driver.onuHistory(onu);
          } catch (error) {
            if (error instanceof DriverError && error.code === DriverErrorCode.UNSUPPORTED) return null;
            throw error;
          }
        }),
      findLearnedMac: (mac) => use((driver) => driver.findLearnedMac(mac)),
      findMac: (mac) => use((driver) => driver.findMac(mac)),
      inactiveOnus: () => use((driver) => driver.listInactiveOnus()),
      writePaths: () => use(async (driver) => driver.writePaths()),
      reboot: (onu, options) => use((driver) => driver.rebootOnu(onu, options)),
      deleteOnu: (onu, options) => use((driver) => driver.deleteOnu(onu, options)),
      checkTelnet: () => use((driver) => driver.checkTelnetLogin()),
      systemHealth: () =>
        use(async (driver) => {
          const h = await driver.systemHealth();
          return { cpuPercent: h.cpuPercent, memoryPercent: h.memoryPercent, uptimeSeconds: h.uptimeSeconds };
        }),
      close: async () => {
        const driver = await opened.catch(() => null);
        await driver?.close();
      },
    };
  }
}
