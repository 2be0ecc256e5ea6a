/**
 * BDCOM EPON (P3310/P3608 class) and GPON (GP3600 class). OIDs, index encodings, scalings, code tables and
 * table layouts come from the drivers' BDCOM profiles; this file only wires them to the simulated state.
 */
import { profiles } from '@pondesk/device-drivers';
import type { OltState, SimOnu } from '../model/olt-state';
import type { SimReason } from '../model/onu-model';
import { VirtualMib, int, octets, str, SetStatus, type MibValue } from '../snmp/virtual-mib';
import { addIfTables, addSystemGroup, type IfRow } from './common-mib';
import { bdcomDuration, bdcomGponDuration, dashTime } from './device-text';
import type { CliDialect, CliReply, CliSession } from '../telnet/cli-dialect';
import { codeByRaw, norm, type OltBrandAdapter } from './olt-brand';

const { codec, bdcom, bdcomEpon, bdcomGpon } = profiles;

// Interface numbering: BDCOM ifIndexes are arbitrary (the GP3600 recording has GPON0/2:1 = 1179); drivers map
// them through ifDescr. GPON keeps the recording's shape (PONs from 110, ONUs from about 1050 in blocks of 128);
// EPON, with no recording, uses small numbers in blocks of 64.
const eponPonIfIndex = (p: number): number => 10 + p;
const eponOnuIfIndex = (p: number, o: number): number => 40 + (p - 1) * 64 + o;
const gponPonIfIndex = (p: number): number => 109 + p;
const gponOnuIfIndex = (p: number, o: number): number => 1050 + (p - 1) * 128 + o;

const OFFLINE_SENTINEL = -65535;

function uplinks(): IfRow[] {
  return [1, 2, 3, 4].map((n) => ({
    ifIndex: n,
    descr: `GigaEthernet0/${n}`,
    type: 6,
    speedBps: 1_000_000_000,
    up: () => n <= 2,
  }));
}

/**
 * EPON dereg code for a reason, from the profile's table. A reboot is `llid-admin-down`: of the codes the table calls
 * admin it is the one whose CLI word the drivers' text rules read back as admin too.
 */
function eponReasonCode(r: SimReason): number {
  const t = bdcomEpon.deregReasonCodes;
  if (r === 'admin') {
    const hit = Object.entries(t).find(([, v]) => v.raw === 'llid-admin-down');
    if (hit) return Number(hit[0]);
  }
  return codec.reasonToCode(r, t);
}

/** Dereg reason as the EPON CLI words it: the raw names of the profile's code table (`power-off`, `mpcp-down` …). */
function eponReasonWord(r: SimReason): string {
  return bdcomEpon.deregReasonCodes[eponReasonCode(r)]?.raw ?? 'unknow';
}

/** Dereg reason as the GPON CLI words it (the code table has the SNMP enum names instead). */
function gponReasonWord(r: SimReason): string {
  return bdcomGpon.cliReasonWords[r];
}

/** onuStatus / bind status / GPON status codes, looked up by the profile's own words. */
function eponStatusCode(o: SimOnu): number {
  const t = bdcomEpon.onuStatusCodes;
  if (o.status === 'online') return codeByRaw(t, 'auto_config');
  return codeByRaw(t, o.lastDeregReason === 'los' ? 'lost' : 'deregistered');
}

function bindStatusCode(o: SimOnu): number {
  const t = bdcomEpon.bindStatusCodes;
  if (o.status === 'online') return codeByRaw(t, 'authenticated');
  return codeByRaw(t, o.lastDeregReason === 'los' ? 'lost' : 'deregistered');
}

function gponStatusCode(o: SimOnu): number {
  const t = bdcomGpon.onuStatusCodes;
  if (o.status === 'online') return codeByRaw(t, 'auto-config');
  return codeByRaw(t, o.lastDeregReason === 'los' ? 'lost' : 'deregistered');
}

function opt(v: number | null, enc: (n: number) => number, offline = OFFLINE_SENTINEL): MibValue {
  return int(v === null ? offline : enc(v));
}

// ---------------------------------------------------------------------------------------------
// SNMP

function eponMib(state: OltState): VirtualMib {
  const o = bdcomEpon.oids;
  const s = bdcomEpon.scale;
  const mib = new VirtualMib();
  const sp = state.spec;
  addSystemGroup(
    mib,
    {
      sysDescr: 'BDCOM(tm) P3310C Software, Version 10.1.0E Build 55735',
      sysObjectId: '1.3.6.1.4.1.3320.1.300',
      sysName: sp.hostname,
    },
    () => state.system().uptimeSeconds,
  );
  const onuRows = (): { index: number[]; row: { p: number; o: number } }[] =>
    state
      .refs()
      .map((r) => ({ index: [eponOnuIfIndex(r.ponPort, r.onuId)], row: { p: r.ponPort, o: r.onuId } }));
  addIfTables(
    mib,
    () => [
      ...uplinks(),
      ...Array.from({ length: sp.ponPorts }, (_, i) => ({
        ifIndex: eponPonIfIndex(i + 1),
        descr: bdcomEpon.ifName.pon(i + 1),
        type: 1,
        speedBps: 1_000_000_000,
        up: () => state.ponUp(i + 1),
      })),
      ...state.refs().map((r) => ({
        ifIndex: eponOnuIfIndex(r.ponPort, r.onuId),
        descr: bdcomEpon.ifName.onu(r.ponPort, r.onuId),
        type: 1,
        speedBps: 1_000_000_000,
        alias: state.onu(r.ponPort, r.onuId)?.description ?? '',
        up: () => state.onu(r.ponPort, r.onuId)?.status === 'online',
      })),
    ],
    () => state.version,
  );
  const at = (r: { p: number; o: number }): SimOnu | null => state.onu(r.p, r.o);
  mib.addTable({
    rows: onuRows,
    version: () => state.version,
    columns: [
      { oid: o.onuVendor, value: (r) => str(at(r)?.vendor ?? '') },
      { oid: o.onuModel, value: (r) => str(at(r)?.model ?? '') },
      {
        oid: o.onuMac,
        value: (r) => octets(Uint8Array.from(codec.macToBytes(at(r)?.mac ?? '00:00:00:00:00:00'))),
      },
      {
        oid: o.onuMacAlt,
        value: (r) => octets(Uint8Array.from(codec.macToBytes(at(r)?.mac ?? '00:00:00:00:00:00'))),
      },
      {
        oid: o.onuStatus,
        value: (r) => {
          const u = at(r);
          return u ? int(eponStatusCode(u)) : null;
        },
      },
      {
        oid: o.onuDistance,
        value: (r) => {
          const u = at(r);
          return u ? int(u.status === 'online' ? s.distanceM.encode(u.distanceM) : 0) : null;
        },
      },
      {
        oid: o.onuReset,
        value: () => int(0),
        // Writing 1 reboots the ONU, as the MIB and third-party pollers do it.
        set: (r, v) => (v === 1 ? (state.rebootOnu(r.p, r.o), SetStatus.ok) : SetStatus.wrongValue),
      },
      {
        oid: o.onuLastAlive,
        value: (r) => {
          const u = at(r);
          return u ? int(u.status === 'online' ? state.now() - u.lastRegTime : 0) : null;
        },
      },
      {
        oid: o.onuTemperature,
        value: (r) => opt(at(r)?.temperatureC ?? null, (v) => s.temperatureC.encode(v)),
      },
      { oid: o.onuVoltage, value: (r) => opt(at(r)?.voltageV ?? null, (v) => s.voltageV.encode(v), 0) },
      { oid: o.onuBias, value: (r) => opt(at(r)?.biasMa ?? null, (v) => s.biasMa.encode(v)) },
      { oid: o.onuRxPower, value: (r) => opt(at(r)?.rxDbm ?? null, (v) => s.rxDbm.encode(v)) },
      { oid: o.onuTxPower, value: (r) => opt(at(r)?.txDbm ?? null, (v) => s.txDbm.encode(v)) },
      { oid: o.oltRxPower, value: (r) => opt(at(r)?.oltRxDbm ?? null, (v) => s.oltRxDbm.encode(v)) },
    ],
  });
  // LLID bind table, keyed by the PON ifIndex and the ONU MAC.
  mib.addTable({
    rows: () =>
      state.refs().map((r) => {
        const mac = state.staticOf(r.ponPort, r.onuId).mac;
        return {
          index: bdcomEpon.bindIndex.encode(eponPonIfIndex(r.ponPort), mac).split('.').map(Number),
          row: { p: r.ponPort, o: r.onuId },
        };
      }),
    version: () => state.version,
    columns: [
      {
        oid: o.bindMac,
        value: (r) => octets(Uint8Array.from(codec.macToBytes(at(r)?.mac ?? '00:00:00:00:00:00'))),
      },
      { oid: o.bindDescription, value: (r) => str(at(r)?.description ?? 'N/A') },
      {
        oid: o.bindStatus,
        value: (r) => {
          const u = at(r);
          if (!u) return null;
          return int(bindStatusCode(u));
        },
      },
      {
        oid: o.bindDistance,
        value: (r) => {
          const u = at(r);
          return u ? int(u.distanceM) : null;
        },
      },
      {
        oid: o.bindRtt,
        value: (r) => {
          const u = at(r);
          return u ? int(Math.round(u.distanceM / 1.62)) : null;
        },
      },
      {
        oid: o.bindLastRegTime,
        value: (r) => {
          const u = at(r);
          return u ? str(dashTime(u.lastRegTime)) : null;
        },
      },
      {
        oid: o.bindLastDeregTime,
        value: (r) => {
          const u = at(r);
          return u ? str(dashTime(u.lastDeregTime)) : null;
        },
      },
      {
        oid: o.bindLastDeregReason,
        value: (r) => {
          const u = at(r);
          return u ? int(eponReasonCode(u.lastDeregReason)) : null;
        },
      },
    ],
  });
  // PON port table.
  mib.addTable({
    rows: () =>
      Array.from({ length: sp.ponPorts }, (_, i) => ({ index: [eponPonIfIndex(i + 1)], row: i + 1 })),
    columns: [
      { oid: o.ponActiveOnus, value: (p) => int(state.pons()[p - 1]?.online ?? 0) },
      { oid: o.ponInactiveOnus, value: (p) => int(state.pons()[p - 1]?.offline ?? 0) },
      {
        oid: o.ponLlidIfIndexList,
        value: (p) =>
          str(
            state
              .refs()
              .filter((r) => r.ponPort === p)
              .map((r) => eponOnuIfIndex(r.ponPort, r.onuId))
              .join(','),
          ),
      },
    ],
  });
  return mib;
}

function gponMib(state: OltState): VirtualMib {
  const o = bdcomGpon.oids;
  const s = bdcomGpon.scale;
  const sp = state.spec;
  const mib = new VirtualMib();
  addSystemGroup(
    mib,
    {
      sysDescr: 'BDCOM(tm) GP3600-08B Software, Version 10.3.0D Build 74104',
      sysObjectId: '1.3.6.1.4.1.3320.1.390.0',
      sysName: sp.hostname,
    },
    () => state.system().uptimeSeconds,
  );
  addIfTables(
    mib,
    () => [
      ...uplinks(),
      ...Array.from({ length: sp.ponPorts }, (_, i) => ({
        ifIndex: gponPonIfIndex(i + 1),
        descr: bdcomGpon.ifName.pon(i + 1),
        type: 1,
        speedBps: 1_000_000_000,
        up: () => state.ponUp(i + 1),
      })),
      ...state.refs().map((r) => ({
        ifIndex: gponOnuIfIndex(r.ponPort, r.onuId),
        descr: bdcomGpon.ifName.onu(r.ponPort, r.onuId),
        type: 1,
        speedBps: 1_000_000_000,
        alias: state.onu(r.ponPort, r.onuId)?.description ?? '',
        up: () => state.onu(r.ponPort, r.onuId)?.status === 'online',
      })),
    ],
    () => state.version,
  );
  const at = (r: { p: number; o: number }): SimOnu | null => state.onu(r.p, r.o);
  const onuRows = (): { index: number[]; row: { p: number; o: number } }[] =>
    state
      .refs()
      .map((r) => ({ index: [gponOnuIfIndex(r.ponPort, r.onuId)], row: { p: r.ponPort, o: r.onuId } }));
  mib.addTable({
    rows: onuRows,
    version: () => state.version,
    columns: [
      { oid: o.onuSerial, value: (r) => str(at(r)?.serial ?? '') },
      { oid: o.onuAdminState, value: () => int(1) },
      { oid: o.onuOperState, value: (r) => int(at(r)?.status === 'online' ? 1 : 2) },
      {
        oid: o.onuMac,
        value: (r) => octets(Uint8Array.from(codec.macToBytes(at(r)?.mac ?? '00:00:00:00:00:00'))),
      },
      {
        oid: o.onuDistance,
        value: (r) => {
          const u = at(r);
          return u ? int(u.distanceM) : null;
        },
      },
      {
        oid: o.onuDeactiveReason,
        value: (r) => {
          const u = at(r);
          return u ? int(codec.reasonToCode(u.lastDeregReason, bdcomGpon.deregReasonCodes)) : null;
        },
      },
      { oid: o.onuStatusSerial, value: (r) => str(at(r)?.serial ?? '') },
      {
        oid: o.onuStatus,
        value: (r) => {
          const u = at(r);
          return u ? int(gponStatusCode(u)) : null;
        },
      },
      { oid: o.onuRxPower, value: (r) => opt(at(r)?.rxDbm ?? null, (v) => s.rxDbm.encode(v)) },
      { oid: o.onuTxPower, value: (r) => opt(at(r)?.txDbm ?? null, (v) => s.txDbm.encode(v)) },
      { oid: o.oltRxPower, value: (r) => opt(at(r)?.oltRxDbm ?? null, (v) => s.oltRxDbm.encode(v)) },
    ],
  });
  mib.addTable({
    rows: () =>
      Array.from({ length: sp.ponPorts }, (_, i) => ({ index: [gponPonIfIndex(i + 1)], row: i + 1 })),
    columns: [
      { oid: o.ponIndex, value: (p) => int(gponPonIfIndex(p)) },
      { oid: o.ponActiveOnus, value: (p) => int(state.pons()[p - 1]?.online ?? 0) },
      { oid: o.ponInactiveOnus, value: (p) => int(state.pons()[p - 1]?.offline ?? 0) },
      {
        oid: o.ponOnuIfIndexList,
        value: (p) =>
          str(
            bdcomGpon.ifIndexList.encode(
              state
                .refs()
                .filter((r) => r.ponPort === p)
                .map((r) => gponOnuIfIndex(r.ponPort, r.onuId)),
            ),
          ),
      },
    ],
  });
  return mib;
}

// ---------------------------------------------------------------------------------------------
// CLI

interface BdcomSession extends CliSession {
  width0?: boolean;
}

function macRows(
  state: OltState,
  mode: 'epon' | 'gpon',
  filter?: string,
): { vlan: number; dottedMac: string; port: string }[] {
  const rows: { vlan: number; dottedMac: string; port: string }[] = [];
  for (const u of state.onus()) {
    for (const c of u.clientMacs) {
      const port = mode === 'epon' ? `epon0/${u.ponPort}:${u.onuId}` : `gpon0/${u.ponPort}:${u.onuId}-1`;
      rows.push({ vlan: c.vlan, dottedMac: codec.macToDotted(c.mac), port });
    }
  }
  return filter ? rows.filter((r) => r.dottedMac === filter) : rows;
}

/** A freshly registered ONU is still `auto-configuring` (16 characters: it runs into the next column, as on real boxes). */
const eponInfoStatus = (u: SimOnu, now: number): string =>
  u.status === 'online'
    ? now - u.lastRegTime < AUTO_CONFIG_SECONDS
      ? 'auto-configuring'
      : 'auto-configured'
    : u.lastDeregReason === 'los'
      ? 'lost'
      : 'deregistered';

const AUTO_CONFIG_SECONDS = 60;

/** `show epon onu-information`: the profile's wide layout after `terminal width 0`, else the 80-column wrap. */
function renderEponOnuInformation(ponLabel: string, rows: SimOnu[], wide: boolean, now: number): string {
  const render = wide ? bdcomEpon.renderOnuInformation : bdcomEpon.renderOnuInformationWrapped;
  return render(
    ponLabel,
    rows.map((u) => ({
      ifName: bdcomEpon.ifName.onu(u.ponPort, u.onuId),
      vendor: u.vendor,
      model: u.model,
      mac: u.mac,
      description: u.description,
      bindType: 'static',
      status: eponInfoStatus(u, now),
      deregReasonRaw: eponReasonWord(u.lastDeregReason),
    })),
  );
}

function eponActive(state: OltState, pons: number[]): string {
  const now = state.now();
  return pons
    .map((p) =>
      bdcomEpon.renderActiveOnus(
        bdcomEpon.ifName.pon(p),
        state
          .onus(now, p)
          .filter((u) => u.status === 'online')
          .map((u) => ({
            ifName: bdcomEpon.ifName.onu(p, u.onuId),
            mac: u.mac,
            status: 'auto-configured',
            oamStatus: 'ctc-oam-oper',
            distanceM: u.distanceM,
            rtt: Math.round(u.distanceM / 1.62),
            lastRegTime: dashTime(u.lastRegTime),
            lastDeregTime: dashTime(u.lastDeregTime),
            lastDeregReasonRaw: eponReasonWord(u.lastDeregReason),
            aliveTime: bdcomDuration(now - u.lastRegTime),
          })),
      ),
    )
    .join('\r\n\r\n');
}

function eponInactive(state: OltState, pons: number[]): string {
  const now = state.now();
  return pons
    .map((p) =>
      bdcomEpon.renderInactiveOnus(
        bdcomEpon.ifName.pon(p),
        state
          .onus(now, p)
          .filter((u) => u.status === 'offline')
          .map((u) => ({
            ifName: bdcomEpon.ifName.onu(p, u.onuId),
            mac: u.mac,
            status: u.lastDeregReason === 'los' ? 'lost' : 'deregistered',
            lastRegTime: dashTime(u.lastRegTime),
            lastDeregTime: dashTime(u.lastDeregTime),
            lastDeregReasonRaw: eponReasonWord(u.lastDeregReason),
            absentTime: bdcomDuration(now - u.lastDeregTime),
          })),
      ),
    )
    .join('\r\n\r\n');
}

function gponActive(state: OltState, pons: number[], onuId?: number): string {
  const now = state.now();
  return pons
    .map((p) =>
      bdcomGpon.renderActiveOnus(
        bdcomGpon.ifName.pon(p),
        state
          .onus(now, p)
          .filter((u) => u.status === 'online' && (onuId === undefined || u.onuId === onuId))
          .map((u) => ({
            ifName: bdcomGpon.ifName.onu(p, u.onuId),
            serial: gponSerial(u),
            loid: null,
            lastRegTime: dashTime(u.lastRegTime),
            aliveTime: bdcomGponDuration(now - u.lastRegTime),
            distanceM: u.distanceM,
          })),
      ),
    )
    .join('\r\n\r\n');
}

function gponInactive(state: OltState, pons: number[]): string {
  const now = state.now();
  return pons
    .map((p) =>
      bdcomGpon.renderInactiveOnus(
        bdcomGpon.ifName.pon(p),
        state
          .onus(now, p)
          .filter((u) => u.status === 'offline')
          .map((u) => ({
            ifName: bdcomGpon.ifName.onu(p, u.onuId),
            serial: gponSerial(u),
            loid: null,
            status: 'off-line',
            lastDeregTime: dashTime(u.lastDeregTime),
            lastDeregReasonRaw: gponReasonWord(u.lastDeregReason),
          })),
      ),
    )
    .join('\r\n\r\n');
}

function gponOnuInformation(state: OltState, pons: number[]): string {
  return pons
    .map((p) => {
      const rows = state.onus(state.now(), p).map((u) => ({
        ifName: bdcomGpon.ifName.onu(p, u.onuId),
        vendor: u.vendor,
        model: u.model,
        serial: gponSerial(u),
        loid: null,
        state: u.status === 'online' ? 'active' : 'inactive',
        configState: u.status === 'online' ? 'success' : 'failed',
        time: dashTime(u.status === 'online' ? u.lastRegTime : u.lastDeregTime),
      }));
      return [
        `Interface ${bdcomGpon.ifName.pon(p)} has registered ${rows.length} ONUs:`,
        bdcomGpon.renderOnuInformation(rows),
      ].join('\r\n');
    })
    .join('\r\n\r\n');
}

/** GPON serials print as `FHTT:6A1184B7`. */
const gponSerial = (u: SimOnu): string => `${u.serial.slice(0, 4)}:${u.serial.slice(4).toUpperCase()}`;

function gponBasicInfo(state: OltState, u: SimOnu): string {
  const now = state.now();
  return bdcomGpon.renderBasicInfo({
    serial: gponSerial(u),
    distanceM: u.distanceM,
    onlineDuration: u.status === 'online' ? bdcomGponDuration(now - u.lastRegTime) : 'N/A',
    history: u.history.map((h) => ({
      upTime: dashTime(h.up),
      downTime: h.down === null ? null : dashTime(h.down),
      reasonRaw: h.down === null || h.reason === null ? null : gponReasonWord(h.reason),
    })),
  });
}

function cliFor(state: OltState, mode: 'epon' | 'gpon'): CliDialect {
  const host = state.spec.hostname;
  const allPons = (): number[] => Array.from({ length: state.spec.ponPorts }, (_, i) => i + 1);
  const ponArg = (s: string | undefined): number[] | null => {
    if (s === undefined) return allPons();
    const n = Number(s);
    return n >= 1 && n <= state.spec.ponPorts ? [n] : null;
  };
  const bad = '% Unknown command.';
  const tech = mode === 'epon' ? 'epon' : 'gpon';
  const ifRe = new RegExp(`^${tech}\\s*0\\/(\\d+)(?::(\\d+))?$`);
  return {
    banner: '',
    loginPrompt: 'Username: ',
    passwordPrompt: 'Password: ',
    loginFailedMessage: 'Authentication failed!',
    tooManyFailuresMessage: 'Authentication failed!',
    enableAsksPassword: false,
    enableFailedMessage: '% Bad passwords',
    pager: {
      marker: ' --More-- ',
      erase: '\b'.repeat(10) + ' '.repeat(10) + '\b'.repeat(10),
      linesPerPage: 24,
    },
    prompt: (s) =>
      s.mode === 'user'
        ? `${host}>`
        : s.mode === 'enable'
          ? `${host}#`
          : s.mode === 'config'
            ? `${host}_config#`
            : `${host}_config_${s.mode}#`,
    exitMode: (m) => (m === 'user' || m === 'enable' ? null : m === 'config' ? 'enable' : 'config'),
    execute(s0: CliSession, line: string): CliReply {
      const s = s0 as BdcomSession;
      const c = norm(line);
      if (s.mode === 'user' && !/^(show (version|cpu)|terminal .*)$/.test(c)) return bad;
      let m: RegExpExecArray | null;
      if (c === 'terminal length 0') {
        s.paging = false;
        return '';
      }
      if (c === 'terminal width 0') {
        s.width0 = true;
        return '';
      }
      if (c === 'show version')
        return `BDCOM(tm) ${mode === 'epon' ? 'P3310C' : 'GP3600-08B'} Software, Version 10.3.0D Build 74104\r\nCopyright by Shanghai Baud Data Communication CO. LTD.\r\n${host} uptime is ${Math.floor(state.system().uptimeSeconds / 86400)} days`;
      if (c === 'show cpu') return bdcom.renderBdcomCpu(state.system().cpuPercent);
      if (c === 'config' || c === 'configure') {
        s.mode = 'config';
        return '';
      }
      if (c === 'write' || c === 'write all') return 'Building configuration...\r\n[OK]';
      if ((m = /^show mac address-table(?: ([0-9a-f]{4}\.[0-9a-f]{4}\.[0-9a-f]{4}))?$/.exec(c))) {
        return bdcom.renderBdcomMacTable(macRows(state, mode, m[1]));
      }
      if (s.mode === 'config' && (m = /^(?:int|interface) (.+)$/.exec(c))) {
        const im = ifRe.exec(m[1].replace(/\s+/g, ''));
        if (!im || im[2] !== undefined || !ponArg(im[1])) return '% Invalid input detected at marker.';
        s.mode = `${tech}0/${im[1]}`;
        return '';
      }
      if (s.mode.startsWith(tech) && (m = new RegExp(`^no ${tech} bind-onu sequence (\\d+)$`).exec(c))) {
        const p = Number(s.mode.split('/')[1]);
        return state.deleteOnu(p, Number(m[1])) ? '' : `Error: ONU ${m[1]} is not bound`;
      }
      if (mode === 'epon') {
        if (
          (m =
            /^show epon (active-onu|inactive-onu|onu-information)(?: interface epon ?0\/(\d+)(?: (\d+))?)?$/.exec(
              c,
            ))
        ) {
          const pons = ponArg(m[2]);
          if (!pons) return '% Invalid input detected at marker.';
          if (m[1] === 'active-onu') return eponActive(state, pons);
          if (m[1] === 'inactive-onu') return eponInactive(state, pons);
          const now = state.now();
          return pons
            .map((p) =>
              renderEponOnuInformation(bdcomEpon.ifName.pon(p), state.onus(now, p), s.width0 === true, now),
            )
            .join('\r\n\r\n');
        }
        if (
          (m =
            /^show epon (?:int|interface) epon ?0\/(\d+):(\d+) onu ctc opt(?:ical-transceiver-diagnosis)?$/.exec(
              c,
            ))
        ) {
          const u = state.onu(Number(m[1]), Number(m[2]));
          if (!u) return '% Invalid input detected at marker.';
          if (u.status !== 'online' || u.rxDbm === null)
            return `Error: ONU ${bdcomEpon.ifName.onu(u.ponPort, u.onuId)} is not online`;
          return bdcomEpon.renderOnuOptics({
            temperatureC: u.temperatureC ?? 0,
            voltageV: u.voltageV ?? 0,
            biasMa: u.biasMa ?? 0,
            txDbm: u.txDbm ?? 0,
            rxDbm: u.rxDbm,
          });
        }
        if ((m = /^show epon optical-transceiver-diagnosis interface epon ?0\/(\d+)$/.exec(c))) {
          const p = Number(m[1]);
          return bdcomEpon.renderOltSideRx(
            state
              .onus(state.now(), p)
              .filter((u) => u.oltRxDbm !== null)
              .map((u) => ({ ponPort: p, onuId: u.onuId, rxDbm: u.oltRxDbm })),
          );
        }
        if ((m = /^epon reboot onu interface epon ?0\/(\d+):(\d+)$/.exec(c))) {
          const p = Number(m[1]);
          const id = Number(m[2]);
          if (!state.has(p, id)) return '% Invalid input detected at marker.';
          return {
            output: '',
            confirm: {
              question: 'Are you sure to reboot the onu? (y/n) [n]',
              onAnswer: (yes) =>
                yes ? (state.rebootOnu(p, id) ? '' : `Error: ONU ${p}:${id} is not online`) : '',
            },
          };
        }
      } else {
        if (
          (m =
            /^show gpon (active-onu|inactive-onu|onu-information)(?: interface gpon ?0\/(\d+)(?: (\d+))?)?$/.exec(
              c,
            ))
        ) {
          const pons = ponArg(m[2]);
          if (!pons) return '% Invalid input detected at marker.';
          if (m[1] === 'active-onu')
            return gponActive(state, pons, m[3] === undefined ? undefined : Number(m[3]));
          if (m[1] === 'inactive-onu') return gponInactive(state, pons);
          return gponOnuInformation(state, pons);
        }
        if (
          (m =
            /^show gpon (?:int|interface) gpon ?0\/(\d+):(\d+) onu (optical-transceiver-diagnosis|basic-info)$/.exec(
              c,
            ))
        ) {
          const u = state.onu(Number(m[1]), Number(m[2]));
          if (!u) return '% Invalid input detected at marker.';
          if (m[3] === 'basic-info') return gponBasicInfo(state, u);
          return bdcomGpon.renderOnuOptics([
            {
              ponPort: u.ponPort,
              onuId: u.onuId,
              temperatureC: u.temperatureC,
              voltageV: u.voltageV,
              biasMa: u.biasMa,
              rxDbm: u.rxDbm,
              txDbm: u.txDbm,
            },
          ]);
        }
        if ((m = /^show gpon optical-transceiver-diagnosis interface gpon ?0\/(\d+):(\d+)$/.exec(c))) {
          const u = state.onu(Number(m[1]), Number(m[2]));
          if (!u) return '% Invalid input detected at marker.';
          return bdcomGpon.renderOltSideRx([{ ponPort: u.ponPort, onuId: u.onuId, rxDbm: u.oltRxDbm }]);
        }
        if ((m = /^gpon reboot onu interface gpon ?0\/(\d+):(\d+)$/.exec(c))) {
          const p = Number(m[1]);
          const id = Number(m[2]);
          if (!state.has(p, id)) return '% Invalid input detected at marker.';
          return {
            output: '',
            confirm: {
              question: 'Are you sure to reboot the onu? (y/n) [n]',
              onAnswer: (yes) =>
                yes ? (state.rebootOnu(p, id) ? '' : `Error: ONU ${p}:${id} is not online`) : '',
            },
          };
        }
      }
      return bad;
    },
  };
}

const bdcomResolution = { rx: 0.1, tx: 0.1, temperature: 0.5, voltage: 0.1, bias: 0.1 };

export const bdcomEponAdapter: OltBrandAdapter = {
  brand: 'bdcom',
  mode: 'epon',
  resolution: bdcomResolution,
  firstOnuId: 1,
  maxOnusPerPort: 64,
  defaultHostname: 'BDCOM-EPON',
  model: 'P3310C',
  buildMib: eponMib,
  cliDialect: (s) => cliFor(s, 'epon'),
};

export const bdcomGponAdapter: OltBrandAdapter = {
  brand: 'bdcom',
  mode: 'gpon',
  resolution: bdcomResolution,
  firstOnuId: 1,
  maxOnusPerPort: 128,
  defaultHostname: 'BDCOM-GPON',
  model: 'GP3600-08B',
  buildMib: gponMib,
  cliDialect: (s) => cliFor(s, 'gpon'),
};
