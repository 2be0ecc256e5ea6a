/**
 * The HSGQ web JSON API (HTTP.md) as route tables: the routes both modes answer here, each mode's in its own file.
 * Login, tokens and the `{code, message, data}` envelope are handled by http/hsgq-web-server.ts.
 */
import { profiles } from '@pondesk/device-drivers';
import type { OltState, SimOnu } from '../../model/olt-state';
import type { WebResult, WebRoute } from '../../http/hsgq-web-server';
import { onuLabel } from './avies.events';

const { hsgq } = profiles;

/** One request, as the route handlers read it. */
export interface WebCall {
  state: OltState;
  model: string;
  /** Simulated time, read once per request. */
  now: number;
  q: URLSearchParams;
  /** `param` of the JSON body; empty when there is none. */
  param: Record<string, unknown>;
  /** `method` of the JSON body (`delete` on removals). */
  bodyMethod: unknown;
}

export interface WebApiRoute {
  method: 'GET' | 'POST';
  path: string | readonly string[];
  /** What else the request must carry (`form=…`, a body method). */
  when?: (c: WebCall) => boolean;
  run(c: WebCall): WebResult;
}

export const ok = (data?: unknown): WebResult => ({ ok: true, data });
export const fail = (message: string): WebResult => ({ ok: false, code: 2, message });
export const form =
  (name: string) =>
  (c: WebCall): boolean =>
    c.q.get('form') === name;
export const num = (c: WebCall, key: string): number => Number(c.q.get(key));

/** Optical diagnostics as the web API words them (units in the strings). */
export function optical(u: SimOnu, withOnu: boolean, gpon: boolean): Record<string, unknown> {
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

function boardInfo({ state, model }: WebCall): WebResult {
  const sp = state.spec;
  const gpon = sp.mode === 'gpon';
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
}

function timeInfo({ state, now }: WebCall): WebResult {
  const d = new Date(now * 1000);
  const up = state.system(now).uptimeSeconds;
  return ok({
    time_now: [
      d.getUTCFullYear(),
      d.getUTCMonth() + 1,
      d.getUTCDate(),
      d.getUTCHours(),
      d.getUTCMinutes(),
      d.getUTCSeconds(),
    ],
    uptime: [Math.floor(up / 86400), Math.floor((up % 86400) / 3600), Math.floor((up % 3600) / 60), up % 60],
    timezone: 0,
  });
}

const info =
  (name: string) =>
  (c: WebCall): boolean =>
    c.q.get('info') === name;

/** Answered by both modes, before the mode's own routes. */
const FIRST: WebApiRoute[] = [
  { method: 'GET', path: '/board_info', run: boardInfo },
  { method: 'GET', path: '/board', when: info('system'), run: boardInfo },
  {
    method: 'GET',
    path: '/board',
    when: info('cpu'),
    run: ({ state, now }) => {
      const sys = state.system(now);
      return ok({ cpu_usage: sys.cpuPercent, memory_usage: sys.memoryPercent });
    },
  },
  {
    method: 'GET',
    path: '/board',
    when: info('pon'),
    run: ({ state, now }) =>
      ok(
        state
          .pons(now)
          .map((p) => ({ port_id: p.ponPort, status: p.up ? 1 : 0, online: p.online, offline: p.offline })),
      ),
  },
  { method: 'GET', path: '/time', when: form('info'), run: timeInfo },
  { method: 'GET', path: '/pon_mac', when: form('table'), run: () => ok(undefined) },
  { method: 'GET', path: '/pon_mac', when: form('age'), run: () => ok({ age: 300 }) },
  {
    method: 'GET',
    path: '/pon_mac_table',
    run: ({ state, now }) =>
      ok(
        state.onus(now).flatMap((u) =>
          u.clientMacs.map((c) => ({
            macaddr: c.mac,
            vlan_id: c.vlan,
            port_id: u.ponPort,
            onu_id: u.onuId,
            mac_type: 0,
          })),
        ),
      ),
  },
];

/** Answered by both modes, after the mode's own routes. */
const LAST: WebApiRoute[] = [
  {
    method: 'GET',
    path: ['/ponmgmt', '/gponmgmt'],
    when: form('optical_poninfo'),
    run: ({ state, now }) =>
      ok(
        state.pons(now).map((p) => ({
          port_id: p.ponPort,
          portstate: p.up ? 1 : 0,
          mstate: 1,
          work_temprature: `${40 + p.ponPort} C`,
          work_voltage: '3.30 V',
          transmit_bias: '15 mA',
          transmit_power: '4.2100 dBm',
        })),
      ),
  },
  { method: 'POST', path: '/pon_mac', when: form('flush'), run: () => ok() },
];

function bodyField(body: unknown, key: 'param' | 'method'): unknown {
  return typeof body === 'object' && body !== null ? (body as Record<string, unknown>)[key] : undefined;
}

/** The API of one box: the first route whose method, path and condition fit answers; any non-GET is a POST. */
export function hsgqWebApi(state: OltState, model: string, modeRoutes: readonly WebApiRoute[]): WebRoute {
  const routes = [...FIRST, ...modeRoutes, ...LAST];
  return (method, path, q, body) => {
    const c: WebCall = {
      state,
      model,
      now: state.now(),
      q,
      param: (bodyField(body, 'param') as Record<string, unknown> | undefined) ?? {},
      bodyMethod: bodyField(body, 'method'),
    };
    const verb = method === 'GET' ? 'GET' : 'POST';
    const hit = routes.find(
      (r) =>
        r.method === verb &&
        (typeof r.path === 'string' ? r.path === path : r.path.includes(path)) &&
        (!r.when || r.when(c)),
    );
    return hit ? hit.run(c) : fail('Error, unknown request.');
  };
}
