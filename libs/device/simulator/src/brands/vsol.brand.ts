/**
 * V-SOL EPON (V1600D, "EPON-OLT" firmware) and GPON (V1600G class). OIDs, index encodings, value codecs and
 * table renderers come from the drivers' V-SOL profiles; V-SOL paints its tables with ANSI cursor moves.
 */
import { profiles } from '@pondesk/device-drivers';
import type { OltState, SimOnu } from '../model/olt-state';
import type { SimReason } from '../model/onu-model';
import { VirtualMib, gauge, int, str, type MibValue } from '../snmp/virtual-mib';
import { addIfTables, addSystemGroup, type IfRow } from './common-mib';
import { colonTime, dashTime, pad, slashTime, vsolDuration } from './device-text';
import type { CliDialect, CliReply, CliSession } from '../telnet/cli-dialect';
import { codeByRaw, norm, type OltBrandAdapter } from './olt-brand';

const { codec, vsolEpon, vsolGpon } = profiles;

type Row = { p: number; o: number };

/**
 * IF-MIB layout of the recordings: V1600D has GE ports 1-6 with a blank ifDescr (ifName `GE0/n`) and ONUs from
 * ifIndex 8; V1600GS has GE 1-3, `GPON0/1` at 4 and ONUs from 7.
 */
const geCount = (mode: 'epon' | 'gpon'): number => (mode === 'epon' ? 6 : 3);
const firstOnuIfIndex = (state: OltState, mode: 'epon' | 'gpon'): number =>
  mode === 'epon' ? 8 : geCount(mode) + state.spec.ponPorts + 3;
const onuIfIndex = (state: OltState, mode: 'epon' | 'gpon', p: number, o: number): number =>
  firstOnuIfIndex(state, mode) + (p - 1) * state.spec.onusPerPort + (o - state.spec.firstOnuId);

function ifRows(state: OltState, mode: 'epon' | 'gpon'): IfRow[] {
  const sp = state.spec;
  const rows: IfRow[] = Array.from({ length: geCount(mode) }, (_, i) => ({
    ifIndex: i + 1,
    descr: mode === 'epon' ? ' ' : `GE0/${i + 1}`,
    name: `GE0/${i + 1}`,
    type: 6,
    speedBps: 1_000_000_000,
    up: () => i === 0,
  }));
  if (mode === 'gpon')
    for (let p = 1; p <= sp.ponPorts; p++)
      rows.push({
        ifIndex: geCount(mode) + p,
        descr: vsolGpon.ifName.pon(p),
        type: 1,
        speedBps: 1_000_000_000,
        up: () => state.ponUp(p),
      });
  for (const r of state.refs()) {
    const name =
      mode === 'epon'
        ? vsolEpon.ifName.onu(r.ponPort, r.onuId)
        : vsolGpon.ifName.onuV1600gs(r.ponPort, r.onuId, state.staticOf(r.ponPort, r.onuId).description);
    rows.push({
      ifIndex: onuIfIndex(state, mode, r.ponPort, r.onuId),
      descr: name,
      alias: name,
      type: 1,
      speedBps: 1_000_000_000,
      up: () => state.onu(r.ponPort, r.onuId)?.status === 'online',
    });
  }
  return rows;
}

const onuRowsOf = (state: OltState, onlyOnline = false): { index: number[]; row: Row }[] =>
  state
    .refs()
    .filter((r) => !onlyOnline || state.onu(r.ponPort, r.onuId)?.status === 'online')
    .map((r) => ({ index: [r.ponPort, r.onuId], row: { p: r.ponPort, o: r.onuId } }));

/** EPON dereg codes only know wire-down(0) and power-off(1): LOS and admin downs surface as wire-down. */
function eponReasonCode(r: SimReason): number {
  return codec.reasonToCode(vsolEpon.eponReason(r), vsolEpon.deregReasonCodes);
}

const eponReasonText = (r: SimReason): string => vsolEpon.statusReasonWords[vsolEpon.eponReason(r)];
const GPON_REASON_TEXT: Record<SimReason, string> = vsolGpon.reasonWords;

/** Phase state: the profile's words (`working`, `DyingGasp`, `LOS`, `offline`) and their codes. */
function gponPhase(u: SimOnu): { code: number; word: string } {
  const word =
    u.status === 'online'
      ? 'working'
      : u.lastDeregReason === 'power-off'
        ? 'DyingGasp'
        : u.lastDeregReason === 'los'
          ? 'LOS'
          : 'offline';
  return { code: codeByRaw(vsolGpon.phaseStateCodes, word), word };
}

function text(v: string | null | undefined): MibValue | null {
  return v === null || v === undefined ? null : str(v);
}

// ---------------------------------------------------------------------------------------------
// SNMP

function eponMib(state: OltState, model: string): VirtualMib {
  const o = vsolEpon.oids;
  const s = vsolEpon.scale;
  const mib = new VirtualMib();
  const sp = state.spec;
  addSystemGroup(
    mib,
    { sysDescr: model, sysObjectId: '1.3.6.1.4.1.37950.1.1.5.10.14.1', sysName: sp.hostname },
    () => state.system().uptimeSeconds,
  );
  mib.addScalar(o.modelName, () => str(model));
  addIfTables(
    mib,
    () => ifRows(state, 'epon'),
    () => state.version,
  );
  const at = (r: Row): SimOnu | null => state.onu(r.p, r.o);
  const authColumns = (prefix: (oid: string) => string) => [
    { oid: prefix(o.authPon), value: (r: Row) => int(r.p) },
    { oid: prefix(o.authOnu), value: (r: Row) => int(r.o) },
    {
      oid: prefix(o.authStatus),
      value: (r: Row) => {
        const u = at(r);
        return u ? int(codec.statusToCode(u.status, vsolEpon.statusCodes)) : null;
      },
    },
    { oid: prefix(o.authMac), value: (r: Row) => text(at(r)?.mac) },
    {
      oid: prefix(o.authDescription),
      value: (r: Row) => {
        const u = at(r);
        return u ? str(u.description ?? 'NULL') : null;
      },
    },
    {
      oid: prefix(o.authRtt),
      value: (r: Row) => {
        const u = at(r);
        return u ? int(u.status === 'online' ? Math.round(u.distanceM / 1.08) : 0) : null;
      },
    },
    {
      oid: prefix(o.authOnuType),
      value: (r: Row) => str(state.staticOf(r.p, r.o).clientMacCount > 1 ? '1GE' : '1FE'),
    },
    {
      oid: prefix(o.authDeregReason),
      value: (r: Row) => {
        const u = at(r);
        return u ? int(eponReasonCode(u.lastDeregReason)) : null;
      },
    },
    {
      oid: prefix(o.authDistance),
      value: (r: Row) => {
        const u = at(r);
        return u ? gauge(s.distanceM.encode(u.distanceM)) : null;
      },
    },
    {
      oid: prefix(o.authLastRegTime),
      value: (r: Row) => {
        const u = at(r);
        return u ? str(slashTime(u.lastRegTime)) : null;
      },
    },
    {
      oid: prefix(o.authLastDeregTime),
      value: (r: Row) => {
        const u = at(r);
        return u ? str(slashTime(u.lastDeregTime)) : null;
      },
    },
    {
      oid: prefix(o.authAliveTime),
      value: (r: Row) => {
        const u = at(r);
        return u ? str(u.status === 'online' ? vsolDuration(state.now() - u.lastRegTime) : '00:00:00') : null;
      },
    },
  ];
  mib.addTable({
    rows: () => onuRowsOf(state),
    version: () => state.version,
    columns: authColumns((x) => x),
  });
  // The online-only copy has the same column numbers under 12.1.29.1.
  const authRoot = o.authPon.slice(0, o.authPon.lastIndexOf('.'));
  mib.addTable({
    rows: () => onuRowsOf(state, true),
    version: () => state.version * 1e9 + state.now(),
    columns: authColumns((x) => `${o.onlineTable}${x.slice(authRoot.length)}`),
  });
  mib.addTable({
    rows: () => Array.from({ length: sp.ponPorts }, (_, i) => ({ index: [i + 1], row: i + 1 })),
    columns: [
      { oid: o.ponOnuAll, value: (p: number) => int(state.pons()[p - 1]?.total ?? 0) },
      { oid: o.ponOnuOnline, value: (p: number) => int(state.pons()[p - 1]?.online ?? 0) },
      { oid: o.ponName, value: (p: number) => str(vsolEpon.ifName.pon(p)) },
      { oid: o.ponSfpIndex, value: (p: number) => int(p) },
      {
        oid: o.ponSfpTemperature,
        value: (p: number) => str(s.pon.temperatureC.encode(26 + ((p * 37) % 40) / 10)),
      },
      { oid: o.ponSfpVoltage, value: (p: number) => str(s.pon.voltageV.encode(3.22 + ((p * 3) % 6) / 100)) },
      { oid: o.ponSfpBias, value: (p: number) => str(s.pon.biasMa.encode(6.8 + ((p * 7) % 5) / 10)) },
      { oid: o.ponSfpTxPower, value: (p: number) => str(s.pon.txDbm.encode(6.5 + ((p * 11) % 3) / 10)) },
    ],
  });
  mib.addTable({
    rows: () => onuRowsOf(state),
    version: () => state.version,
    columns: [
      { oid: o.snVendor, value: (r: Row) => text(at(r)?.vendor) },
      { oid: o.snModel, value: (r: Row) => text(at(r)?.model) },
      // The V1600D4L walk writes the ONU id as `0x` + MAC hex.
      { oid: o.snOnuId, value: (r: Row) => text(`0x${state.staticOf(r.p, r.o).mac.replace(/:/g, '')}`) },
      { oid: o.snHwVersion, value: () => str('V1.0') },
      { oid: o.snSwVersion, value: () => str('V2.1.07') },
      // Optical diagnostics exist only for online ONUs.
      { oid: o.opmPon, value: (r: Row) => (at(r)?.status === 'online' ? int(r.p) : null) },
      { oid: o.opmOnu, value: (r: Row) => (at(r)?.status === 'online' ? int(r.o) : null) },
      { oid: o.opmTemperature, value: (r: Row) => num(at(r)?.temperatureC, (v) => s.temperatureC.encode(v)) },
      { oid: o.opmVoltage, value: (r: Row) => num(at(r)?.voltageV, (v) => s.voltageV.encode(v)) },
      { oid: o.opmBias, value: (r: Row) => num(at(r)?.biasMa, (v) => s.biasMa.encode(v)) },
      { oid: o.opmTxPower, value: (r: Row) => num(at(r)?.txDbm, (v) => s.txDbm.encode(v)) },
      { oid: o.opmRxPower, value: (r: Row) => num(at(r)?.rxDbm, (v) => s.rxDbm.encode(v)) },
    ],
  });
  return mib;
}

function num(v: number | null | undefined, enc: (n: number) => string): MibValue | null {
  return v === null || v === undefined ? null : str(enc(v));
}

function gponMib(state: OltState, model: string): VirtualMib {
  const o = vsolGpon.oids;
  const s = vsolGpon.scale;
  const mib = new VirtualMib();
  const sp = state.spec;
  addSystemGroup(
    mib,
    { sysDescr: model, sysObjectId: '1.3.6.1.4.1.37950.1.1.6.1', sysName: sp.hostname },
    () => state.system().uptimeSeconds,
  );
  addIfTables(
    mib,
    () => ifRows(state, 'gpon'),
    () => state.version,
  );
  const at = (r: Row): SimOnu | null => state.onu(r.p, r.o);
  mib.addTable({
    rows: () => onuRowsOf(state),
    version: () => state.version,
    columns: [
      { oid: o.statePon, value: (r: Row) => int(r.p) },
      { oid: o.stateOnu, value: (r: Row) => int(r.o) },
      {
        oid: o.onlineFlag,
        value: (r: Row) => {
          const u = at(r);
          return u ? int(codec.statusToCode(u.status, vsolGpon.onlineFlagCodes)) : null;
        },
      },
      {
        oid: o.phaseState,
        value: (r: Row) => {
          const u = at(r);
          return u ? int(gponPhase(u).code) : null;
        },
      },
      {
        oid: o.name,
        value: (r: Row) => {
          const u = at(r);
          return u ? str(u.description ?? 'N/A') : null;
        },
      },
      {
        oid: o.lastUpTime,
        value: (r: Row) => {
          const u = at(r);
          return u ? str(vsolGpon.renderTime(dashTime(u.lastRegTime))) : null;
        },
      },
      {
        oid: o.lastDownTime,
        value: (r: Row) => {
          const u = at(r);
          return u ? str(vsolGpon.renderTime(dashTime(u.lastDeregTime))) : null;
        },
      },
      {
        oid: o.lastDownReason,
        value: (r: Row) => {
          const u = at(r);
          return u ? str(GPON_REASON_TEXT[u.lastDeregReason]) : null;
        },
      },
      {
        oid: o.onlineDuration,
        value: (r: Row) => {
          const u = at(r);
          return u
            ? str(u.status === 'online' ? vsolDuration(state.now() - u.lastRegTime) : '0 00:00:00')
            : null;
        },
      },
      { oid: o.profile, value: () => str('default') },
      { oid: o.serial, value: (r: Row) => text(at(r)?.serial) },
      {
        oid: o.model,
        value: (r: Row) => {
          const u = at(r);
          return u ? str(u.status === 'online' ? u.model : 'unknown') : null;
        },
      },
      { oid: o.opticsIndex, value: (r: Row) => int(r.o) },
      {
        oid: o.txPower,
        value: (r: Row) => {
          const u = at(r);
          return u ? str(u.txDbm === null ? 'N/A' : s.txDbm.encode(u.txDbm)) : null;
        },
      },
      {
        oid: o.rxPower,
        value: (r: Row) => {
          const u = at(r);
          return u ? str(u.rxDbm === null ? 'N/A' : s.rxDbm.encode(u.rxDbm)) : null;
        },
      },
      {
        oid: o.oltRxPower,
        value: (r: Row) => {
          const u = at(r);
          return u ? str(u.oltRxDbm === null ? 'N/A' : s.oltRxDbm.encode(u.oltRxDbm)) : null;
        },
      },
    ],
  });
  mib.addTable({
    rows: () => Array.from({ length: sp.ponPorts }, (_, i) => ({ index: [i + 1], row: i + 1 })),
    columns: [
      { oid: o.ponOnuTotal, value: (p: number) => int(state.pons()[p - 1]?.total ?? 0) },
      { oid: o.ponOnuOnline, value: (p: number) => int(state.pons()[p - 1]?.online ?? 0) },
      { oid: o.ponName, value: (p: number) => str(vsolGpon.ifName.pon(p)) },
      { oid: o.ponSfpIndex, value: (p: number) => int(p) },
      {
        oid: o.ponSfpTemperature,
        value: (p: number) => str(s.pon.temperatureC.encode(45 + ((p * 37) % 80) / 10)),
      },
      { oid: o.ponSfpVoltage, value: (p: number) => str(s.pon.voltageV.encode(3.3 + ((p * 3) % 6) / 200)) },
      { oid: o.ponSfpBias, value: (p: number) => str(s.pon.biasMa.encode(13 + ((p * 7) % 15) / 10)) },
      { oid: o.ponSfpTxPower, value: (p: number) => str(s.pon.txDbm.encode(7.5 + ((p * 11) % 7) / 10)) },
    ],
  });
  return mib;
}

// ---------------------------------------------------------------------------------------------
// CLI

function cliFor(state: OltState, mode: 'epon' | 'gpon'): CliDialect {
  const base = mode === 'epon' ? 'epon-olt' : 'gpon-olt';
  const host = state.spec.hostname || base;
  const bad = mode === 'epon' ? '% Unknown command.' : '% Unknown command.';
  const ponOf = (s: CliSession): number | null => {
    const m = /^pon:(\d+)$/.exec(s.mode);
    return m ? Number(m[1]) : null;
  };
  const validPon = (p: number): boolean => p >= 1 && p <= state.spec.ponPorts;
  return {
    banner:
      mode === 'gpon'
        ? 'Hello, this is gpon olt platform (version 1.00).\r\nCopyright 2020-2025,All Rights Reserved.\r\n\r\nUser Access Verification'
        : 'Hello, this is epon olt platform (version 1.00).\r\n\r\nUser Access Verification',
    loginPrompt: 'Login: ',
    passwordPrompt: 'Password: ',
    loginFailedMessage: '% Bad passwords',
    tooManyFailuresMessage: '% Login failed',
    enableAsksPassword: true,
    enableFailedMessage: 'Bad Password...\r\nPlease retry',
    ansiSpacing: true,
    pager: {
      marker: ' --More-- \x00',
      erase: '\b'.repeat(10) + ' '.repeat(10) + '\b'.repeat(10),
      linesPerPage: 24,
    },
    prompt: (s) => {
      if (s.mode === 'user') return `${host}>`;
      if (s.mode === 'enable') return `${host}#`;
      if (s.mode === 'config') return `${host}(config)#`;
      const p = ponOf(s);
      return `${host}(config-pon-0/${p ?? 0})#`;
    },
    exitMode: (m) => (m === 'user' || m === 'enable' ? null : m === 'config' ? 'enable' : 'config'),
    execute(s: CliSession, line: string): CliReply {
      const c = norm(line);
      let m: RegExpExecArray | null;
      if (c === 'terminal length 0') {
        s.paging = false;
        return '';
      }
      if (s.mode === 'user') return c === 'show version' ? version(mode, host) : bad;
      if (c === 'show version') return version(mode, host);
      if (c === 'configure terminal' || c === 'config') {
        s.mode = 'config';
        return '';
      }
      if (c === 'write' || c === 'write memory') return '[OK]';
      if (s.mode === 'config' && (m = new RegExp(`^interface ${mode} 0\\/(\\d+)$`).exec(c))) {
        if (!validPon(Number(m[1]))) return '% Invalid port.';
        s.mode = `pon:${m[1]}`;
        return '';
      }
      const pon = ponOf(s);
      return mode === 'epon' ? eponCommand(state, c, pon) : gponCommand(state, c, pon);
    },
  };
}

/**
 * V-SOL interleaves `2026/05/25 17:08:24   ONU Port Los   PON 0/3 ONU 50 …` lines with any output (CLI.md §2);
 * drivers must filter them. The event texts after the time are modelled on that capture.
 */
function eventLine(t: number, text: string): string {
  return `${slashTime(t)}   ${text}`;
}

function version(mode: 'epon' | 'gpon', host: string): string {
  return mode === 'epon'
    ? `Olt Device Model: V1600D\r\nSoftware Version: V2.03.74R\r\nHostname: ${host}`
    : `Olt Device Model: V1600G1\r\nSoftware Version: V1.4.13R\r\nHostname: ${host}`;
}

function statusRow(state: OltState, u: SimOnu): Parameters<typeof vsolEpon.renderStatusRows>[0][number] {
  const online = u.status === 'online';
  return {
    ifName: vsolEpon.ifName.onu(u.ponPort, u.onuId),
    statusRaw: u.status,
    mac: u.mac,
    distanceM: online ? u.distanceM : 0,
    rtt: online ? Math.round(u.distanceM / 1.08) : 0,
    lastRegTime: slashTime(u.lastRegTime),
    lastDeregTime: slashTime(u.lastDeregTime),
    lastDeregReasonRaw: eponReasonText(u.lastDeregReason),
    aliveTime: online ? vsolDuration(state.now() - u.lastRegTime).replace(/^(\d{2}:)/, '0 $1') : '0 00:00:00',
    description: u.description,
  };
}

function opmRows(state: OltState, list: SimOnu[]): Parameters<typeof vsolEpon.renderOpmDiag>[0][number][] {
  return list
    .filter((u) => u.status === 'online')
    .map((u) => ({
      ifName: vsolEpon.ifName.onu(u.ponPort, u.onuId),
      ponPort: u.ponPort,
      onuId: u.onuId,
      temperatureC: u.temperatureC,
      voltageV: u.voltageV,
      biasMa: u.biasMa,
      txDbm: u.txDbm,
      rxDbm: u.rxDbm,
    }));
}

function eponCommand(state: OltState, c: string, pon: number | null): CliReply {
  let m: RegExpExecArray | null;
  const now = state.now();
  const bad = '% Unknown command.';
  const statusPon = /^show onu status pon (\d+),all$/.exec(c);
  if (c === 'show onu status all' || statusPon) {
    const p = statusPon ? Number(statusPon[1]) : undefined;
    return vsolEpon.renderStatusRows(state.onus(now, p).map((u) => statusRow(state, u)));
  }
  if ((m = /^show onu opm-diag pon (\d+),(\d+)$/.exec(c))) {
    const u = state.onu(Number(m[1]), Number(m[2]));
    return vsolEpon.renderOpmDiag(u ? opmRows(state, [u]) : []);
  }
  if (c === 'show mac address-table') {
    // The global table names the PON only; the last column is not the ONU id (CLI.md §2).
    return state
      .onus(now)
      .flatMap((u) =>
        u.clientMacs.map(
          (cm, i) =>
            `${pad(cm.vlan, 9)}${pad(cm.mac, 19)}${pad('Dynamic', 12)}${pad(`epon0/${u.ponPort}`, 10)}${pad(255, 15)}${i + 1}`,
        ),
      )
      .join('\r\n');
  }
  if (pon === null) return bad;
  if (c === 'show onu opm-diag') return vsolEpon.renderOpmDiag(opmRows(state, state.onus(now, pon)));
  if (c === 'show onu auth-info') {
    const list = state.onus(now, pon);
    return vsolEpon.renderAuthInfo(
      list.map((u) => ({
        ifName: vsolEpon.ifName.onu(pon, u.onuId),
        llid: u.onuId,
        mac: u.mac,
        rtt: u.status === 'online' ? Math.round(u.distanceM / 1.08) : 0,
        description: u.description,
      })),
      list.map((u) => u.status === 'online'),
    );
  }
  if (c === 'show onu basic-info') {
    return vsolEpon.renderBasicInfo(
      state
        .onus(now, pon)
        .filter((u) => u.status === 'online')
        .map((u) => ({
          ifName: vsolEpon.ifName.onu(pon, u.onuId),
          vendor: u.vendor,
          model: u.model,
          id: u.mac.replace(/:/g, '').toUpperCase(),
          hwVersion: 'V1.0',
          swVersion: 'V2.1.07',
          type: 'SFU',
          interfaceType: '1GE',
        })),
    );
  }
  if ((m = /^show onu (\d+) mac-address-table$/.exec(c))) {
    const u = state.onu(pon, Number(m[1]));
    if (!u) return '% ONU is not exist.';
    return vsolEpon.renderOnuMacTable(
      u.clientMacs.map((cm) => ({ vlan: cm.vlan, mac: cm.mac, ponPort: pon, onuId: u.onuId })),
    );
  }
  if ((m = /^onu (\d+) ctc reset$/.exec(c))) {
    // UPLINK-EP manual: no confirmation; the box then prints its asynchronous event line.
    return state.rebootOnu(pon, Number(m[1]))
      ? eventLine(now, `ONU Deregister   EPON 0/${pon} ONU ${m[1]}`)
      : '% ONU is not online.';
  }
  if ((m = /^no onu auth onuid (\d+)$/.exec(c))) {
    return state.deleteOnu(pon, Number(m[1])) ? '' : '% ONU is not exist.';
  }
  return bad;
}

function gponCommand(state: OltState, c: string, pon: number | null): CliReply {
  let m: RegExpExecArray | null;
  const now = state.now();
  const bad = '% Unknown command.';
  if ((m = /^show mac address-table interface gpon 0\/(\d+)$/.exec(c))) {
    const p = Number(m[1]);
    return vsolGpon.renderMacTable(
      p,
      state
        .onus(now, p)
        .flatMap((u) =>
          u.clientMacs.map((cm) => ({ vlan: cm.vlan, mac: cm.mac, ponPort: p, onuId: u.onuId })),
        ),
    );
  }
  if (c === 'show interface brief') {
    const lines = [
      'Port         Description         Status    Duplex  Speed     Type',
      '---          -----------         -----     ------  -----     ---',
    ];
    for (let p = 1; p <= state.spec.ponPorts; p++)
      lines.push(`${pad(`GPON0/${p}`, 33)}${pad(state.ponUp(p) ? 'up' : 'down', 30)}GPON`);
    for (const u of state.onus(now))
      lines.push(
        `${pad(`GPON0/${u.ponPort}:${u.onuId}`, 13)}${pad(`${u.description ?? ''}${u.status === 'online' ? 'up' : 'down'}`, 38)}GPON-ONUID`,
      );
    return lines.join('\r\n');
  }
  if (pon === null) return bad;
  if (c === 'show onu state')
    return vsolGpon.renderOnuState(
      pon,
      state.onus(now, pon).map((u) => ({ onuId: u.onuId, phase: gponPhase(u).word, serial: u.serial })),
    );
  if (c === 'show onu info')
    return vsolGpon.renderOnuInfo(
      pon,
      state
        .onus(now, pon)
        .map((u) => ({ onuId: u.onuId, model: u.status === 'online' ? u.model : null, serial: u.serial })),
    );
  if ((m = /^show onu (\d+) optical[_-]info$/.exec(c))) {
    const u = state.onu(pon, Number(m[1]));
    if (!u) return '% ONU is not exist.';
    if (u.status !== 'online' || u.rxDbm === null) return '% ONU is offline.';
    return vsolGpon.renderOpticalInfo({
      rxDbm: u.rxDbm,
      txDbm: u.txDbm ?? 0,
      voltageV: u.voltageV ?? 0,
      biasMa: u.biasMa ?? 0,
      temperatureC: u.temperatureC ?? 0,
    });
  }
  if (c === 'show pon onu all rx-power')
    return vsolGpon.renderRxPowerAll(state.onus(now, pon).map((u) => ({ onuId: u.onuId, rxDbm: u.rxDbm })));
  if ((m = /^show onu (\d+) distance$/.exec(c))) {
    const u = state.onu(pon, Number(m[1]));
    return u ? `onu ${u.onuId} Distance: ${u.distanceM}m` : '% ONU is not exist.';
  }
  if ((m = /^show onu (\d+) time-stamp$/.exec(c))) {
    const u = state.onu(pon, Number(m[1]));
    if (!u) return '% ONU is not exist.';
    return [
      'onu id      last regist time        last deregist time      alive time',
      `${pad(`${pon}/${u.onuId}`, 12)}${pad(colonTime(u.lastRegTime), 24)}${pad(colonTime(u.lastDeregTime), 24)}${u.status === 'online' ? vsolDuration(now - u.lastRegTime) : '0 00:00:00'}`,
    ].join('\r\n');
  }
  if ((m = /^onu (\d+) reboot$/.exec(c)))
    return state.rebootOnu(pon, Number(m[1]))
      ? eventLine(now, `ONU Port Los   PON 0/${pon} ONU ${m[1]}`)
      : '% ONU is offline.';
  if ((m = /^no onu (\d+)$/.exec(c))) return state.deleteOnu(pon, Number(m[1])) ? '' : '% ONU is not exist.';
  return bad;
}

const vsolResolution = { rx: 0.01, tx: 0.01, temperature: 0.01, voltage: 0.01, bias: 0.01 };

export const vsolEponAdapter: OltBrandAdapter = {
  brand: 'vsol',
  mode: 'epon',
  resolution: vsolResolution,
  firstOnuId: 1,
  maxOnusPerPort: 64,
  defaultHostname: 'epon-olt',
  model: 'V1600D',
  buildMib: (s) => eponMib(s, 'V1600D'),
  cliDialect: (s) => cliFor(s, 'epon'),
};

export const vsolGponAdapter: OltBrandAdapter = {
  brand: 'vsol',
  mode: 'gpon',
  resolution: vsolResolution,
  firstOnuId: 1,
  maxOnusPerPort: 128,
  defaultHostname: 'gpon-olt',
  model: 'V1600G1',
  buildMib: (s) => gponMib(s, 'V1600G1'),
  cliDialect: (s) => cliFor(s, 'gpon'),
};
