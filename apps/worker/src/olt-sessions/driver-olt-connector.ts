import { Inject, Injectable } from '@nestjs/common';
import {
  DriverError,
  DriverErrorCode,
  createOltDriver,
  type DeviceConnection,
} from '@pondesk/device-drivers';
import { APP_CONFIG, SecretBox, type AppConfig } from '@pondesk/server-config';
import type { OltEntity } from '@pondesk/server-database';
import { OltConnector, type PollableOlt } from './olt-connector';

/** Opens the device layer's driver for a stored OLT, with its credentials unsealed only in memory. */
@Injectable()
export class DriverOltConnector extends OltConnector {
  private readonly box: SecretBox;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    super();
    this.box = new SecretBox(config.ENCRYPTION_KEY);
  }

  connection(olt: OltEntity): DeviceConnection {
    const password = this.box.openOptional(olt.passwordEnc);
    const login = olt.username && password !== null ? { username: olt.username, password } : null;
    return {
      host: olt.host,
      snmp: {
        port: olt.snmpPort,
        version: 'v2c',
        community: this.box.open(olt.snmpCommunityEnc),
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
      http: login && olt.brand === 'avies' ? { port: olt.httpPort ?? 80, ...login } : undefined,
    };
  }

  connect(olt: OltEntity): PollableOlt {
    const driver = createOltDriver(olt.brand, olt.mode, this.connection(olt));
    return {
      async listOnus() {
        const records = await driver.listOnus();
        const ports = await driver.listPonPorts().catch(() => null);
        return { onus: records, ponPorts: ports ? ports.length : null };
      },
      portOnus: (ponPort) => driver.listOnus({ ponPort }),
      readOptics: (onu) => driver.readOnuOptics(onu),
      async history(onu) {
        try {
          return await driver.onuHistory(onu);
        } catch (error) {
          if (error instanceof DriverError && error.code === DriverErrorCode.UNSUPPORTED) return null;
          throw error;
        }
      },
      reboot: (onu) => driver.rebootOnu(onu),
      deleteOnu: (onu) => driver.deleteOnu(onu),
      checkTelnet: () => driver.checkTelnetLogin(),
      async systemHealth() {
        const h = await driver.systemHealth();
        return { cpuPercent: h.cpuPercent, memoryPercent: h.memoryPercent, uptimeSeconds: h.uptimeSeconds };
      },
      close: () => driver.close(),
    };
  }
}
