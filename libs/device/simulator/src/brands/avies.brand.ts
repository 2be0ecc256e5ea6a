/**
 * AVIES, treated as HSGQ-family firmware (EPON XE04I class, GPON G02ID class): SNMP enterprise 50224, the
 * HSGQ telnet CLI, and the web JSON API (served by http/hsgq-web-server.ts from `hsgqApi` below).
 */
import { profiles } from '@pondesk/device-drivers';
import type { OltState, SimOnu } from '../model/olt-state';
import type { SimReason } from '../model/onu-model';
import { VirtualMib, int, octets, str, type MibValue } from '../snmp/virtual-mib';
import { addSystemGroup } from './common-mib';
import { slashTime } from './device-text';
import type { CliDialect, CliReply, CliSession } from '../telnet/cli-dialect';
import { norm, type OltBrandAdapter } from './olt-brand';

const { codec, hsgq } = profiles;

type Row = { p: number; o: number };

const MEMORY_TOTAL_KB = 465_896;

const SNMP_REASON: Record<SimReason, string> = hsgq.snmpReasonWords;
const WEB_REASON: Record<SimReason, string> = hsgq.webReasonWords;

function nulPadded(text: string, size: number): Buffer {
  const b = Buffer.alloc(size);
  b.write(text, 'latin1');
  return b;
}

/** `2026/06/03 21:36:16+07:00` as on the G02ID (the box prints its UTC offset; ours runs on UTC). */
const snmpTime = (t: number): string => `${slashTime(t)}+00:00`;

function buildMib(state: OltState, model: string): VirtualMib {
  const o = hsgq.snmpOids;
  const s = hsgq.snmpScale;
  const sp = state.spec;
  const mib = new VirtualMib();
  addSystemGroup(
    mib,
    { sysDescr: model, sysObjectId: '1.3.6.1.4.1.50224.1', sysName: sp.hostname },
    () => state.system().uptimeSeconds,
  );
  mib
    .addScalar(o.sysMac, () => octets(Uint8Array.from(codec.macToBytes('98:c7:a4:31:29:06'))))
    .addScalar(o.sysTime, () => str(`  ${slashTime(state.now()).replace(/\//g, '-')}+0000`))
    .addScalar(o.uptimeTicks, () => int((state.system().uptimeSeconds * 100) % 2147483647))
    .addScalar(o.firmware, () => octets(nulPadded('IGC_V1.2.14ID_Rel', 32)))
    .addScalar(o.model, () => str(model))
    // Memory in KB as on the G02ID (total = used + free); the percentage comes from the state.
    .addScalar(o.memoryTotal, () => int(MEMORY_TOTAL_KB))
    .addScalar(o.memoryUsed, () => int(Math.round((MEMORY_TOTAL_KB * state.system().memoryPercent) / 100)))
    .addScalar(o.memoryFree, () =>
      int(MEMORY_TOTAL_KB - Math.round((MEMORY_TOTAL_KB * state.system().memoryPercent) / 100)),
    );
  mib.addTable({
    rows: () => [
      ...Array.from({ length: sp.ponPorts }, (_, i) => ({
        index: [hsgq.snmpIndex.port(i + 1)],
        row: `${hsgq.portLabel(i + 1)}`,
      })),
      ...[1, 2, 3, 4].map((g) => ({
        index: [hsgq.snmpIndex.port(sp.ponPorts + g)],
        row: `GE${String(g).padStart(2, '0')}`,
      })),
    ],
    columns: [{ oid: o.portName, value: (label: string) => octets(nulPadded(label, label.length + 1)) }],
  });
  const at = (r: Row): SimOnu | null => state.onu(r.p, r.o);
  const text =
    (f: (u: SimOnu) => string) =>
    (r: Row): MibValue | null => {
      const u = at(r);
      return u ? str(f(u)) : null;
    };
  mib.addTable({
    rows: () =>
      state
        .refs()
        .map((r) => ({ index: [hsgq.snmpIndex.onu(r.ponPort, r.onuId)], row: { p: r.ponPort, o: r.onuId } })),
    version: () => state.version,
    columns: [
      { oid: o.onuName, value: text((u) => u.description ?? '') },
      {
        oid: o.onuStatus,
        value: (r: Row) => {
          const u = at(r);
          return u ? int(codec.statusToCode(u.status, hsgq.snmpStatusCodes)) : null;
        },
      },
      { oid: o.onuVendor, value: text((u) => u.vendor) },
      { oid: o.onuModel, value: text((u) => u.model) },
      { oid: o.onuSoftware, value: text(() => 'V9.0.0P1T6') },
      { oid: o.onuSerial, value: text((u) => u.serial) },
      {
        oid: o.onuDistance,
        value: (r: Row) => {
          const u = at(r);
          return u ? int(hsgq.snmpScale.distanceM.encode(u.distanceM)) : null;
        },
      },
      { oid: o.onuLastUpTime, value: text((u) => snmpTime(u.lastRegTime)) },
      { oid: o.onuLastDownTime, value: text((u) => snmpTime(u.lastDeregTime)) },
      { oid: o.onuLastDownReason, value: text((u) => SNMP_REASON[u.lastDeregReason]) },
      {
        oid: o.onuAliveTime,
        value: (r: Row) => {
          const u = at(r);
          return u
            ? int(u.status === 'online' ? ((state.now() - u.lastRegTime) * 100) % 2147483647 : 0)
            : null;
        },
      },
    ],
  });
  // Current optics (`.0.0`) for online ONUs; offline ONUs keep a historic row (`.65535.65535`) that drivers skip.
  mib.addTable({
    rows: () =>
      state.refs().map((r) => {
        const online = state.onu(r.ponPort, r.onuId)?.status === 'online';
        const suffix = (online ? hsgq.snmpIndex.currentOpticsSuffix : hsgq.snmpIndex.historicOpticsSuffix)
          .split('.')
          .map(Number);
        return {
          index: [hsgq.snmpIndex.onu(r.ponPort, r.onuId), ...suffix],
          row: { p: r.ponPort, o: r.onuId, online },
        };
      }),
    version: () => state.version * 1e9 + state.now(),
    columns: [
      {
        oid: o.onuRxPower,
        value: (r: Row & { online: boolean }) =>
          optic(at(r)?.rxDbm, r.online, (v) => s.rxDbm.encode(v), -3045),
      },
      {
        oid: o.onuTxPower,
        value: (r: Row & { online: boolean }) => optic(at(r)?.txDbm, r.online, (v) => s.txDbm.encode(v), 210),
      },
      {
        oid: o.onuBias,
        value: (r: Row & { online: boolean }) =>
          optic(at(r)?.biasMa, r.online, (v) => s.biasMa.encode(v), 1400),
      },
      {
        oid: o.onuVoltage,
        value: (r: Row & { online: boolean }) =>
          optic(at(r)?.voltageV, r.online, (v) => s.voltageV.encode(v), 330),
      },
      {
        oid: o.onuTemperature,
        value: (r: Row & { online: boolean }) =>
          optic(at(r)?.temperatureC, r.online, (v) => s.temperatureC.encode(v), 4100),
      },
    ],
  });
  return mib;
}

function optic(
  v: number | null | undefined,
  online: boolean,
  enc: (n: number) => number,
  historic: number,
): MibValue | null {
  if (!online) return int(historic);
  return v === null || v === undefined ? null : int(enc(v));
}

// ---------------------------------------------------------------------------------------------
// Event log lines (CLI `show onu-info-alarm`, web `alarm-info`), newest first

export function eventLines(u: SimOnu): string[] {
  const out: string[] = [];
  const base = { ponPort: u.ponPort, onuId: u.onuId, mac: u.mac };
  for (const h of u.history) {
    out.push(hsgq.renderEventLine({ ...base, time: slashTime(h.up), text: 'ONU authorization success' }));
    out.push(hsgq.renderEventLine({ ...base, time: slashTime(h.up + 3), text: 'ONU link up' }));
    if (h.down !== null && h.reason !== null) {
      if (h.reason === 'power-off')
        out.push(hsgq.renderEventLine({ ...base, time: slashTime(h.down), text: 'ONU dying gasp' }));
      else
        out.push(
          hsgq.renderEventLine({
            ...base,
            time: slashTime(h.down),
            text: 'Onu deregister',
            reason: WEB_REASON[h.reason],
          }),
        );
    }
  }
  return out.reverse();
}

// ---------------------------------------------------------------------------------------------
// CLI (HSGQ XE04I)

const onuLabel = (p: number, o: number): string =>
  `ONU${String(p).padStart(2, '0')}/${String(o).padStart(2, '0')}`;

function cliFor(state: OltState): CliDialect {
  const host = state.spec.hostname;
  const unknown = (s: CliSession, line: string): string =>
    `vty% [VTY] vty[node:${s.mode === 'config' ? 4 : 5}],Unknown command: ${line}`;
  const onuInfo = (list: SimOnu[]): string =>
    hsgq.renderOnuInfoAll(
      list.map((u) => ({
        ponPort: u.ponPort,
        onuId: u.onuId,
        mac: u.mac,
        statusRaw: u.status === 'online' ? 'Online' : 'Offline',
        regTime: slashTime(u.lastRegTime),
        name: onuLabel(u.ponPort, u.onuId),
        description: u.description,
      })),
    );
  return {
    banner: '',
    loginPrompt: 'username:',
    passwordPrompt: 'password:',
    loginFailedMessage: 'Bad username or password!',
    tooManyFailuresMessage: 'Bad username , too many failures!',
    enableAsksPassword: false,
    enableFailedMessage: 'Bad password',
    pager: { marker: '--More--', erase: '\r        \r', linesPerPage: 24 },
    prompt: (s) =>
      s.mode === 'user'
        ? `${host}>`
        : s.mode === 'enable'
          ? `${host}#`
          : s.mode === 'config'
            ? `${host}(config)#`
            : `${host}(config-${state.spec.mode}-${s.mode.slice(4)})#`,
    exitMode: (m) => (m === 'user' || m === 'enable' ? null : m === 'config' ? 'enable' : 'config'),
    execute(s: CliSession, line: string): CliReply {
      const c = norm(line);
      let m: RegExpExecArray | null;
      const now = state.now();
      if (c === 'terminal length 0') {
        s.paging = false;
        return '';
      }
      if (s.mode === 'user') return unknown(s, line);
      if (c === 'configure') {
        s.mode = 'config';
        return '';
      }
      if (c === 'copy running-config startup-config') return ' Building configuration...\r\n [OK]';
      // The GPON CLI is not captured anywhere; the profile enters PONs with `interface epon N` on both, so both are accepted.
      if (s.mode === 'config' && (m = /^interface (?:epon|gpon) (\d+)$/.exec(c))) {
        if (Number(m[1]) < 1 || Number(m[1]) > state.spec.ponPorts)
          return '  Error, Interface fail, reason: port is not exist.';
        s.mode = `pon:${m[1]}`;
        return '';
      }
      const pon = s.mode.startsWith('pon:') ? Number(s.mode.slice(4)) : null;
      if (c === 'show onu-info all' && (s.mode === 'config' || pon !== null))
        return onuInfo(state.onus(now, pon ?? undefined));
      if (pon === null) return unknown(s, line);
      if (c === 'show optical-info') {
        const rows = state.onus(now, pon).filter((u) => u.status === 'online');
        if (rows.length === 0) return '';
        return hsgq.renderOpticalInfo(
          rows.map((u) => ({
            ponPort: u.ponPort,
            onuId: u.onuId,
            name: onuLabel(u.ponPort, u.onuId),
            mac: u.mac,
            temperatureC: u.temperatureC ?? 0,
            voltageV: u.voltageV ?? 0,
            biasMa: u.biasMa ?? 0,
            txDbm: u.txDbm ?? 0,
            rxDbm: u.rxDbm ?? 0,
          })),
        );
      }
      if ((m = /^show onu-info-alarm (\d+)$/.exec(c))) {
        const u = state.onu(pon, Number(m[1]));
        return u ? eventLines(u).join('\r\n') : '  Error, Show ONU alarm fail, reason: ONU is not exist.';
      }
      if ((m = /^onu-(reboot|deregister) (\d+)$/.exec(c))) {
        const id = Number(m[2]);
        const u = state.onu(pon, id);
        const what = m[1] === 'reboot' ? 'Reboot' : 'Deregister';
        if (!u) return `  Error, ${what} ONU fail, reason: ONU is not exist.`;
        if (!state.rebootOnu(pon, id)) return `  Error, ${what} ONU fail, reason: ONU is offline.`;
        // The only confirmation is the asynchronous event line.
        return `[${slashTime(now)}]  Info: ONU ${pon}/${id} ${u.mac} Onu deregister, Reason:Manual Deregister`;
      }
      if ((m = /^no bind-onu (\d+)$/.exec(c))) {
        return state.deleteOnu(pon, Number(m[1]))
          ? ''
          : '  Error, No Bind ONU fail, reason: ONU is not exist.';
      }
      return unknown(s, line);
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Web JSON API (HTTP.md): routes answered inside the session/envelope handling of hsgq-web-server.ts

export type WebResult = { ok: true; data?: unknown } | { ok: false; code: number; message: string };

const ok = (data?: unknown): WebResult => ({ ok: true, data });
const fail = (message: string): WebResult => ({ ok: false, code: 2, message });

function eponRow(state: OltState, u: SimOnu): Record<string, unknown> {
  return {
    port_id: u.ponPort,
    onu_id: u.onuId,
    onu_name: onuLabel(u.ponPort, u.onuId),
    onu_desc: u.description ?? '',
    macaddr: u.mac,
    status: u.status === 'online' ? 'Online' : 'Offline',
    auth_state: 1,
    rtt: String(Math.round(u.distanceM / 1.6)),
    distance: u.distanceM,
    onu_type: u.model,
    vendor: u.vendor,
    register_time: slashTime(u.lastRegTime),
    last_down_time: slashTime(u.lastDeregTime),
    last_down_reason: WEB_REASON[u.lastDeregReason],
    dev_type: 'SFU',
    receive_power: u.rxDbm === null ? '' : u.rxDbm.toFixed(2),
    parent: 0,
  };
}

function optical(u: SimOnu, withOnu: boolean, gpon: boolean): Record<string, unknown> {
  return {
    port_id: u.ponPort,
    ...(gpon ? { ont_id: u.onuId } : { onu_id: u.onuId }),
    ...(withOnu ? { onu_name: onuLabel(u.ponPort, u.onuId), macaddr: u.mac } : {}),
    work_temprature: hsgq.renderUnit.temperature(u.temperatureC ?? 0),
    work_voltage: hsgq.renderUnit.voltage(u.voltageV ?? 0),
    transmit_bias: hsgq.renderUnit.bias(u.biasMa ?? 0),
    transmit_power: hsgq.renderUnit.power(u.txDbm ?? 0),
    receive_power: hsgq.renderUnit.power(u.rxDbm ?? 0),
    ...(gpon ? { olt_rxpower: hsgq.renderUnit.power(u.oltRxDbm ?? 0) } : {}),
  };
}

function gponRow(u: SimOnu): Record<string, unknown> {
  return {
    identifier: hsgq.http.identifier.encode(u.ponPort, u.onuId),
    ont_name: u.description ?? '',
    ont_description: u.description ?? '',
    ont_sn: u.serial,
    state: 1,
    rstate: u.status === 'online' ? 1 : 2,
    cstate: u.status === 'online' ? 1 : 0,
    mstate: 1,
    last_d_cause: WEB_REASON[u.lastDeregReason],
    last_d_time: slashTime(u.lastDeregTime),
    last_u_time: slashTime(u.lastRegTime),
  };
}

/** One web API call; `path` is the pathname, `q` the query. Login/logout/tokens are handled by the server. */
export function hsgqApi(
  state: OltState,
  model: string,
  method: string,
  path: string,
  q: URLSearchParams,
  body: unknown,
): WebResult {
  const sp = state.spec;
  const gpon = sp.mode === 'gpon';
  const now = state.now();
  const num = (k: string): number => Number(q.get(k));
  const param =
    (typeof body === 'object' && body !== null
      ? (body as { param?: Record<string, unknown> }).param
      : undefined) ?? {};
  const bodyMethod =
    typeof body === 'object' && body !== null ? (body as { method?: unknown }).method : undefined;
  const sys = state.system(now);
  if (method === 'GET') {
    if (path === '/board_info' || (path === '/board' && q.get('info') === 'system'))
      return ok({
        product_name: model,
        sys_ver: 'I_V1.0.0_Rel',
        fw_ver: gpon ? 'IGC_V1.2.14ID_Rel' : 'I_V1.0.4_Rel',
        hw_ver: 'V1.0',
        bl_ver: 'V1.0_Rel',
        macaddr: '98:c7:a4:31:29:06',
        sn: `AV${sp.seed.toString(16).toUpperCase()}`,
        device_type: gpon ? 2 : 1,
        ponports: sp.ponPorts,
        geports: 4,
        xgeports: 2,
        vendor: 'AVIES',
        build_time: '2024/03/12 10:21:05',
        lic_available: 0,
        lic_total: 0,
      });
    if (path === '/board' && q.get('info') === 'cpu')
      return ok({ cpu_usage: sys.cpuPercent, memory_usage: sys.memoryPercent });
    if (path === '/board' && q.get('info') === 'pon')
      return ok(
        state
          .pons(now)
          .map((p) => ({ port_id: p.ponPort, status: p.up ? 1 : 0, online: p.online, offline: p.offline })),
      );
    if (path === '/time' && q.get('form') === 'info') {
      const d = new Date(now * 1000);
      const up = sys.uptimeSeconds;
      return ok({
        time_now: [
          d.getUTCFullYear(),
          d.getUTCMonth() + 1,
          d.getUTCDate(),
          d.getUTCHours(),
          d.getUTCMinutes(),
          d.getUTCSeconds(),
        ],
        uptime: [
          Math.floor(up / 86400),
          Math.floor((up % 86400) / 3600),
          Math.floor((up % 3600) / 60),
          up % 60,
        ],
        timezone: 0,
      });
    }
    if (path === '/pon_mac' && q.get('form') === 'table') return ok(undefined);
    if (path === '/pon_mac' && q.get('form') === 'age') return ok({ age: 300 });
    if (path === '/pon_mac_table')
      return ok(
        state.onus(now).flatMap((u) =>
          u.clientMacs.map((c) => ({
            macaddr: c.mac,
            vlan_id: c.vlan,
            port_id: u.ponPort,
            onu_id: u.onuId,
            mac_type: 0,
          })),
        ),
      );
    if (!gpon) {
      if (path === '/onutable') return ok(state.onus(now).map((u) => eponRow(state, u)));
      if (path === '/onu_allow_list' && q.get('form') === 'resource')
        return ok({
          port_id: num('port_id'),
          resource: hsgq.renderResource(state.onus(now, num('port_id')).map((u) => u.onuId)),
        });
      if (path === '/onu_allow_list' && q.has('port_id'))
        return ok(state.onus(now, num('port_id')).map((u) => eponRow(state, u)));
      if (path === '/ponmgmt' && q.get('form') === 'optical_onu')
        return ok(
          state
            .onus(now, num('port_id'))
            .filter((u) => u.status === 'online')
            .map((u) => optical(u, true, false)),
        );
      if (path === '/onumgmt') {
        const u = state.onu(num('port_id'), num('onu_id'), now);
        if (!u) return fail('Error, ONU is not exist.');
        switch (q.get('form')) {
          case 'base-info':
            return ok({
              port_id: u.ponPort,
              onu_id: u.onuId,
              llid: u.onuId,
              onu_name: onuLabel(u.ponPort, u.onuId),
              auth_mode: 'mac',
              auth_state: 'TRUE',
              status: u.status === 'online' ? 'Online' : 'Offline',
              onu_type: u.model,
              rtt: String(Math.round(u.distanceM / 1.6)),
              distance: u.distanceM,
              macaddr: u.mac,
              ctcver: '2.1',
              software_ver: 'V2.1.07',
              hardware_ver: 'V1.0',
              vendor: u.vendor,
              extmodel: u.model,
              sn_model: u.model,
              onu_desc: u.description ?? '',
            });
          case 'optical-diagnose':
            return u.status === 'online' ? ok(optical(u, false, false)) : fail('Error, ONU is offline.');
          case 'alarm-info':
            return ok(eventLines(u));
          case 'config':
            return ok({ fec_mode: 1 });
          default:
            return fail('Error, unknown form.');
        }
      }
    } else {
      if (path === '/gponont_mgmt') {
        const form = q.get('form');
        if (form === 'auth') return ok(state.onus(now, num('port_id')).map(gponRow));
        const u = state.onu(num('port_id'), num('ont_id'), now);
        if (!u) return fail('Error, ONT is not exist.');
        if (form === 'base')
          return ok({
            ...gponRow(u),
            last_dg_time: slashTime(u.lastDeregTime),
            uptime: u.status === 'online' ? now - u.lastRegTime : 0,
          });
        if (form === 'ont_optical')
          return u.status === 'online' ? ok(optical(u, false, true)) : fail('Error, ONT is offline.');
        if (form === 'ont_alarm') return ok(eventLines(u));
        return fail('Error, unknown form.');
      }
    }
    if ((path === '/ponmgmt' || path === '/gponmgmt') && q.get('form') === 'optical_poninfo')
      return ok(
        state.pons(now).map((p) => ({
          port_id: p.ponPort,
          portstate: p.up ? 1 : 0,
          mstate: 1,
          work_temprature: `${40 + p.ponPort} C`,
          work_voltage: '3.30 V',
          transmit_bias: '15 mA',
          transmit_power: '4.2100 dBm',
        })),
      );
    return fail('Error, unknown request.');
  }
  // POST
  if (!gpon && path === '/onumgmt' && q.get('form') === 'config') {
    const p = Number(param['port_id']);
    const o = Number(param['onu_id']);
    const flags = Number(param['flags']);
    if (!state.has(p, o)) return fail('Error, ONU is not exist.');
    if (flags === 1 || flags === 2)
      return state.rebootOnu(p, o) ? ok() : fail('The ONU is offline can not be restarted');
    return ok();
  }
  if (!gpon && path === '/onu_allow_list' && bodyMethod === 'delete') {
    const p = Number(param['port_id']);
    const o = Number(param['onu_id']);
    return state.deleteOnu(p, o) ? ok() : fail('Error, ONU is not exist.');
  }
  if (gpon && path === '/gponont_mgmt' && q.get('form') === 'info') {
    const { ponPort, onuId } = hsgq.http.identifier.decode(Number(param['identifier']));
    if (Number(param['flags']) === 4)
      return state.rebootOnu(ponPort, onuId) ? ok() : fail('The ONT is offline can not be restarted');
    return ok();
  }
  if (gpon && path === '/gponont_mgmt' && q.get('form') === 'auth' && bodyMethod === 'delete') {
    const ids = Array.isArray(param['identifier'])
      ? (param['identifier'] as unknown[])
      : [param['identifier']];
    let any = false;
    for (const id of ids) {
      const { ponPort, onuId } = hsgq.http.identifier.decode(Number(id));
      any = state.deleteOnu(ponPort, onuId) || any;
    }
    return any ? ok() : fail('Error, ONT is not exist.');
  }
  if (path === '/pon_mac' && q.get('form') === 'flush') return ok();
  return fail('Error, unknown request.');
}

const aviesResolution = { rx: 0.01, tx: 0.01, temperature: 1, voltage: 0.01, bias: 1 };

export const aviesEponAdapter: OltBrandAdapter = {
  brand: 'avies',
  mode: 'epon',
  resolution: aviesResolution,
  firstOnuId: 1,
  maxOnusPerPort: 64,
  defaultHostname: 'AVIES-EPON',
  model: 'HSGQ-E04I',
  buildMib: (s) => buildMib(s, 'HSGQ-E04I'),
  cliDialect: (s) => cliFor(s),
};

export const aviesGponAdapter: OltBrandAdapter = {
  brand: 'avies',
  mode: 'gpon',
  resolution: aviesResolution,
  firstOnuId: 0,
  maxOnusPerPort: 128,
  defaultHostname: 'AVIES-GPON',
  model: 'HSGQ-G02ID',
  buildMib: (s) => buildMib(s, 'HSGQ-G02ID'),
  cliDialect: (s) => cliFor(s),
};
