/**
 * C-Data EPON (FD15xx, NSCRTV-FTTX-EPON-MIB) and GPON (FD16xx, NSCRTV-FTTX-GPON-MIB) with the Huawei-like
 * `ont …` CLI. Device-index packing, scalings and renderers come from the drivers' C-Data profiles.
 */
import { profiles } from '@pondesk/device-drivers';
import type { OltState, SimOnu } from '../model/olt-state';
import type { SimReason } from '../model/onu-model';
import { VirtualMib, counter, int, octets, str, ticks, SetStatus, type MibValue } from '../snmp/virtual-mib';
import { addIfTables, addSystemGroup, type IfRow } from './common-mib';
import { dashTime } from './device-text';
import type { CliDialect, CliReply, CliSession } from '../telnet/cli-dialect';
import { norm, type OltBrandAdapter } from './olt-brand';

const { codec, cdata, cdataEpon, cdataGpon } = profiles;
const idx = cdata.deviceIndex;

type Row = { p: number; o: number };

const devIndex = (p: number, o: number): number => idx.encode(idx.ponIfIndex(p), o);

/** Down-cause words of C-Data CLIs and the GPON vendor column (`dying-gasp`, `LOS`). */
const CAUSE: Record<SimReason, string> = cdata.downCauseWords;

function ifRows(state: OltState): IfRow[] {
  const rows: IfRow[] = [];
  // Front ports in order: 8 GE, 4 XGE, then the PONs (ifIndex = 1<<24 | seq<<8, all ifType 117, as on the recorded FD box).
  for (let n = 1; n <= 8; n++)
    rows.push({
      ifIndex: (1 << 24) | (n << 8),
      descr: `ge0/0/${n}`,
      type: 117,
      speedBps: 1e9,
      up: () => n === 1,
    });
  for (let n = 1; n <= 4; n++)
    rows.push({
      ifIndex: (1 << 24) | ((8 + n) << 8),
      descr: `xge0/0/${n}`,
      type: 117,
      speedBps: 4294967295,
      up: () => n === 1,
    });
  for (let p = 1; p <= state.spec.ponPorts; p++)
    rows.push({
      ifIndex: idx.ponIfIndex(p),
      descr: idx.ponName(p),
      type: 117,
      speedBps: 1e9,
      up: () => state.ponUp(p),
    });
  return rows;
}

function centi(v: number | null | undefined, enc: (n: number) => number): MibValue | null {
  return v === null || v === undefined ? null : int(enc(v));
}

function buildMib(state: OltState, mode: 'epon' | 'gpon', model: string): VirtualMib {
  const mib = new VirtualMib();
  const sp = state.spec;
  addSystemGroup(
    mib,
    { sysDescr: model, sysObjectId: '1.3.6.1.4.1.17409', sysName: sp.hostname },
    () => state.system().uptimeSeconds,
  );
  addIfTables(
    mib,
    () => ifRows(state),
    () => 0,
  );
  const at = (r: Row): SimOnu | null => state.onu(r.p, r.o);
  const rows = (): { index: number[]; row: Row }[] =>
    state.refs().map((r) => ({ index: [devIndex(r.ponPort, r.onuId)], row: { p: r.ponPort, o: r.onuId } }));
  // Optics rows exist for online ONUs only, indexed `<dev>.<card>.<port>` (`.0.0`).
  const opticRows = (): { index: number[]; row: Row }[] =>
    state
      .refs()
      .filter((r) => state.onu(r.ponPort, r.onuId)?.status === 'online')
      .map((r) => ({ index: [devIndex(r.ponPort, r.onuId), 0, 0], row: { p: r.ponPort, o: r.onuId } }));
  const since = (u: SimOnu | null): MibValue | null =>
    u ? counter(u.status === 'online' ? state.now() - u.lastRegTime : 0) : null;
  if (mode === 'epon') {
    const o = cdataEpon.oids;
    const s = cdataEpon.scale;
    mib.addTable({
      rows,
      version: () => state.version,
      columns: [
        { oid: o.onuName, value: (r: Row) => str(at(r)?.description ?? '') },
        {
          oid: o.onuMac,
          value: (r: Row) => octets(Uint8Array.from(codec.macToBytes(state.staticOf(r.p, r.o).mac))),
        },
        {
          oid: o.onuOperStatus,
          value: (r: Row) => {
            const u = at(r);
            return u ? int(codec.statusToCode(u.status, cdataEpon.statusCodes)) : null;
          },
        },
        { oid: o.onuAdminStatus, value: () => int(1) },
        {
          oid: o.onuDistance,
          value: (r: Row) => {
            const u = at(r);
            return u ? int(s.distanceM.encode(u.distanceM)) : null;
          },
        },
        { oid: o.onuTimeSinceRegister, value: (r: Row) => since(at(r)) },
        { oid: o.onuVendor, value: (r: Row) => str(state.staticOf(r.p, r.o).vendor) },
        { oid: o.onuModel, value: (r: Row) => str(state.staticOf(r.p, r.o).model) },
        { oid: o.onuSerial, value: (r: Row) => str(state.staticOf(r.p, r.o).serial) },
        {
          oid: o.onuLastRegisterTime,
          value: (r: Row) => {
            const u = at(r);
            return u ? ticks(Math.max(0, u.lastRegTime - state.bootTime) * 100) : null;
          },
        },
        {
          oid: o.oltRxPower,
          value: (r: Row) => {
            const u = at(r);
            return u ? int(u.oltRxDbm === null ? -1 : s.oltRxDbm.encode(u.oltRxDbm)) : null;
          },
        },
      ],
    });
    mib.addTable({
      rows: opticRows,
      version: () => state.version * 1e9 + state.now(),
      columns: [
        { oid: o.onuRxPower, value: (r: Row) => centi(at(r)?.rxDbm, (v) => s.rxDbm.encode(v)) },
        { oid: o.onuTxPower, value: (r: Row) => centi(at(r)?.txDbm, (v) => s.txDbm.encode(v)) },
        { oid: o.onuBias, value: (r: Row) => centi(at(r)?.biasMa, (v) => s.biasMa.encode(v)) },
        { oid: o.onuVoltage, value: (r: Row) => centi(at(r)?.voltageV, (v) => s.voltageV.encode(v)) },
        {
          oid: o.onuTemperature,
          value: (r: Row) => centi(at(r)?.temperatureC, (v) => s.temperatureC.encode(v)),
        },
      ],
    });
    mib.addTable({
      rows: () =>
        Array.from({ length: sp.ponPorts }, (_, i) => ({ index: [idx.ponIfIndex(i + 1)], row: i + 1 })),
      columns: [
        { oid: o.ponUpOnuCount, value: (p: number) => int(state.pons()[p - 1]?.online ?? 0) },
        { oid: o.ponName, value: (p: number) => str(idx.ponName(p)) },
      ],
    });
  } else {
    const o = cdataGpon.oids;
    const s = cdataGpon.scale;
    mib.addTable({
      rows,
      version: () => state.version,
      columns: [
        { oid: o.onuName, value: (r: Row) => str(at(r)?.description ?? '') },
        {
          oid: o.onuSerial,
          value: (r: Row) => octets(cdataGpon.serial.encode(state.staticOf(r.p, r.o).serial)),
        },
        { oid: o.onuVendor, value: (r: Row) => str(state.staticOf(r.p, r.o).vendor) },
        { oid: o.onuEquipmentId, value: (r: Row) => str(state.staticOf(r.p, r.o).model) },
        {
          oid: o.onuOperStatus,
          value: (r: Row) => {
            const u = at(r);
            return u ? int(codec.statusToCode(u.status, cdataGpon.statusCodes)) : null;
          },
        },
        {
          oid: o.onuDistance,
          value: (r: Row) => {
            const u = at(r);
            return u ? int(s.distanceM.encode(u.distanceM)) : null;
          },
        },
        {
          oid: o.onuReboot,
          value: () => int(0),
          set: (r: Row, v: unknown) =>
            v === 1 ? (state.rebootOnu(r.p, r.o), SetStatus.ok) : SetStatus.wrongValue,
        },
        { oid: o.onuTimeSinceRegister, value: (r: Row) => since(at(r)) },
        {
          oid: o.onuLastDownTime,
          value: (r: Row) => {
            const u = at(r);
            return u ? str(dashTime(u.lastDeregTime)) : null;
          },
        },
        {
          oid: o.onuLastDownCause,
          value: (r: Row) => {
            const u = at(r);
            return u ? str(CAUSE[u.lastDeregReason]) : null;
          },
        },
      ],
    });
    mib.addTable({
      rows: () =>
        state
          .refs()
          .map((r) => ({ index: [devIndex(r.ponPort, r.onuId), 0, 0], row: { p: r.ponPort, o: r.onuId } })),
      version: () => state.version,
      columns: [
        // Offline ONUs keep their row with rx = -1 (third-party pollers treat it as "no reading").
        {
          oid: o.onuRxPower,
          value: (r: Row) => {
            const u = at(r);
            return u ? int(u.rxDbm === null ? -1 : s.rxDbm.encode(u.rxDbm)) : null;
          },
        },
        { oid: o.onuTxPower, value: (r: Row) => centi(at(r)?.txDbm, (v) => s.txDbm.encode(v)) },
        { oid: o.onuBias, value: (r: Row) => centi(at(r)?.biasMa, (v) => s.biasMa.encode(v)) },
        { oid: o.onuVoltage, value: (r: Row) => centi(at(r)?.voltageV, (v) => s.voltageV.encode(v)) },
        {
          oid: o.onuTemperature,
          value: (r: Row) => centi(at(r)?.temperatureC, (v) => s.temperatureC.encode(v)),
        },
      ],
    });
  }
  return mib;
}

// ---------------------------------------------------------------------------------------------
// CLI

function ontDetail(u: SimOnu): string {
  return cdata.renderOntDetail({
    ponPort: u.ponPort,
    onuId: u.onuId,
    online: u.status === 'online',
    distanceM: u.distanceM,
    mac: u.mac,
    lastUpTime: dashTime(u.lastRegTime),
    lastDownTime: dashTime(u.lastDeregTime),
    lastDownCause: CAUSE[u.lastDeregReason],
    description: u.description ?? undefined,
  });
}

function cliFor(state: OltState, mode: 'epon' | 'gpon'): CliDialect {
  const host = state.spec.hostname;
  const iface = `interface-${mode}-0/0`;
  const table = (list: SimOnu[]): string =>
    cdata.renderOntInfoTable(
      list.map((u) => ({
        ponPort: u.ponPort,
        onuId: u.onuId,
        mac: u.mac,
        online: u.status === 'online',
        description: u.description ?? undefined,
      })),
    );
  const unknown = (line: string): string => `Unknown command: (vtysh)${line.replace(/\s+/g, '')}`;
  return {
    banner: '',
    loginPrompt: 'User name:',
    passwordPrompt: 'Password:',
    loginFailedMessage: 'Username or password invalid.',
    tooManyFailuresMessage: 'Login failed, too many attempts.',
    enableAsksPassword: false,
    enableFailedMessage: 'Password error',
    pager: {
      marker: "  --More ( Press 'Q' to quit )--",
      erase: '\r' + ' '.repeat(34) + '\r',
      linesPerPage: 24,
    },
    prompt: (s) =>
      s.mode === 'user'
        ? `${host}>`
        : s.mode === 'enable'
          ? `${host}#`
          : s.mode === 'config'
            ? `${host}(config)#`
            : `${host}(config-${iface})#`,
    exitMode: (m) => (m === 'user' || m === 'enable' ? null : m === 'config' ? 'enable' : 'config'),
    execute(s: CliSession, line: string): CliReply {
      const c = norm(line);
      let m: RegExpExecArray | null;
      const now = state.now();
      if (s.mode === 'user') return c === 'show version' ? version(mode, host) : unknown(line);
      if (c === 'show version') return version(mode, host);
      if (c === 'show device')
        return `Device model      : ${mode === 'epon' ? 'FD1504S' : 'FD1616SN'}\r\nHardware version  : V4.0\r\nFirmware version  : 4.2.7.58`;
      if (c === 'show time') return `Current time : ${dashTime(now)}`;
      if (c === 'save') return 'Saving configuration, please wait...\r\nSave configuration successfully.';
      if (c === 'config' || c === 'configure terminal') {
        s.mode = 'config';
        return '';
      }
      if (s.mode === 'config') {
        if ((m = new RegExp(`^interface ${mode} 0\\/0$`).exec(c))) {
          s.mode = iface;
          return '';
        }
        if ((m = /^show ont info 0\/0 (\d+) all$/.exec(c))) return table(state.onus(now, Number(m[1])));
        if ((m = /^show ont info by-mac ([0-9a-f:]{17})$/.exec(c))) {
          const want = codec.normalizeMac(m[1]);
          return table(state.onus(now).filter((u) => u.mac === want));
        }
        if ((m = /^show mac-address ont 0\/0\/(\d+) (\d+)$/.exec(c))) {
          const u = state.onu(Number(m[1]), Number(m[2]));
          if (!u) return 'The ONT is not exist';
          return cdata.renderOntMacTable(
            u.clientMacs.map((cm) => ({ mac: cm.mac, vlan: cm.vlan, ponPort: u.ponPort, onuId: u.onuId })),
          );
        }
        return unknown(line);
      }
      if (s.mode === iface) {
        if ((m = /^show ont info (\d+) (\d+)$/.exec(c))) {
          const u = state.onu(Number(m[1]), Number(m[2]));
          return u ? ontDetail(u) : 'The ONT is not exist';
        }
        if ((m = /^show ont optical-info (\d+) (\d+)$/.exec(c))) {
          const u = state.onu(Number(m[1]), Number(m[2]));
          if (!u) return 'The ONT is not exist';
          if (u.status !== 'online') return 'The ONT is offline';
          return cdata.renderOntOptical({
            ponPort: u.ponPort,
            onuId: u.onuId,
            mac: u.mac,
            voltageV: u.voltageV ?? 0,
            txDbm: u.txDbm ?? 0,
            rxDbm: u.rxDbm ?? 0,
            biasMa: u.biasMa ?? 0,
            temperatureC: u.temperatureC ?? 0,
          });
        }
        if ((m = /^ont reboot (\d+) (\d+)$/.exec(c))) {
          const p = Number(m[1]);
          const o = Number(m[2]);
          if (!state.has(p, o)) return 'The ONT is not exist';
          return state.rebootOnu(p, o) ? '' : 'The ONT is offline';
        }
        if ((m = /^ont delete (\d+) (\d+)$/.exec(c)))
          return state.deleteOnu(Number(m[1]), Number(m[2])) ? '' : 'The ONT is not exist';
      }
      return unknown(line);
    },
  };
}

function version(mode: 'epon' | 'gpon', host: string): string {
  return `${host}\r\nDevice model : ${mode === 'epon' ? 'FD1504S' : 'FD1616SN'}\r\nFirmware version : 4.2.7.58`;
}

const cdataResolution = { rx: 0.01, tx: 0.01, temperature: 0.01, voltage: 0.01, bias: 0.01 };

export const cdataEponAdapter: OltBrandAdapter = {
  brand: 'cdata',
  mode: 'epon',
  resolution: cdataResolution,
  firstOnuId: 1,
  maxOnusPerPort: 64,
  defaultHostname: 'OLT',
  model: 'FD1504S',
  buildMib: (s) => buildMib(s, 'epon', 'FD1504S'),
  cliDialect: (s) => cliFor(s, 'epon'),
};

export const cdataGponAdapter: OltBrandAdapter = {
  brand: 'cdata',
  mode: 'gpon',
  resolution: cdataResolution,
  firstOnuId: 1,
  maxOnusPerPort: 128,
  defaultHostname: 'OLT',
  model: 'FD1616SN',
  buildMib: (s) => buildMib(s, 'gpon', 'FD1616SN'),
  cliDialect: (s) => cliFor(s, 'gpon'),
};
