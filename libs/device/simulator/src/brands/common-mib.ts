/** MIB-II pieces every simulated device answers: the system group and IF-MIB ifTable/ifXTable. */
import { profiles } from '@pondesk/device-drivers';
import { gauge, int, oidValue, str, ticks, type VirtualMib } from '../snmp/virtual-mib';

const sys = profiles.switchOptics.system;
const ifm = profiles.switchOptics.ifMib;

export interface SystemIdentity {
  sysDescr: string;
  sysObjectId: string;
  sysName: string;
  sysContact?: string;
  sysLocation?: string;
}

export function addSystemGroup(mib: VirtualMib, id: SystemIdentity, uptimeSeconds: () => number): void {
  mib
    .addScalar(sys.sysDescr, () => str(id.sysDescr))
    .addScalar(sys.sysObjectId, () => oidValue(id.sysObjectId))
    .addScalar(sys.sysUpTime, () => ticks((uptimeSeconds() * 100) % 4294967296))
    .addScalar('1.3.6.1.2.1.1.4.0', () => str(id.sysContact ?? 'noc@isp'))
    .addScalar(sys.sysName, () => str(id.sysName))
    .addScalar('1.3.6.1.2.1.1.6.0', () => str(id.sysLocation ?? 'POP-1'));
}

export interface IfRow {
  ifIndex: number;
  descr: string;
  /** ifXTable ifName; defaults to descr. */
  name?: string;
  /** ifAlias, the port's description (switches: the fleet's `portAliases`); '' when absent. */
  alias?: string;
  /** IANAifType: 6 ethernetCsmacd, 117 gigabitEthernet, 1 other. */
  type: number;
  speedBps: number;
  up: () => boolean;
}

const IF = '1.3.6.1.2.1.2.2.1';

export function addIfTables(mib: VirtualMib, rows: () => IfRow[], version: () => number): void {
  mib.addTable<IfRow>({
    rows: () => rows().map((r) => ({ index: [r.ifIndex], row: r })),
    version,
    columns: [
      { oid: `${IF}.1`, value: (r) => int(r.ifIndex) },
      { oid: ifm.ifDescr, value: (r) => str(r.descr) },
      { oid: `${IF}.3`, value: (r) => int(r.type) },
      { oid: `${IF}.5`, value: (r) => gauge(Math.min(r.speedBps, 4294967295)) },
      { oid: `${IF}.7`, value: () => int(1) },
      { oid: ifm.ifOperStatus, value: (r) => int(r.up() ? 1 : 2) },
      { oid: ifm.ifName, value: (r) => str(r.name ?? r.descr) },
      { oid: ifm.ifAlias, value: (r) => str(r.alias ?? '') },
    ],
  });
}
