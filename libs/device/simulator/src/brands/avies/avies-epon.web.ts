/** HSGQ EPON web routes: the ONU table and allow list, ONU optics, `onumgmt` forms, reboot and unbind. */
import { profiles } from '@pondesk/device-drivers';
import type { OltState, SimOnu } from '../../model/olt-state';
import type { WebResult } from '../../http/hsgq-web-server';
import { slashTime } from '../device-text';
import { eventLines, onuLabel } from './avies.events';
import { fail, form, num, ok, optical, type WebApiRoute, type WebCall } from './avies.web';

const { hsgq } = profiles;

function onuRow(u: SimOnu): Record<string, unknown> {
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
    last_down_reason: hsgq.webReasonWords[u.lastDeregReason],
    dev_type: 'SFU',
    receive_power: u.rxDbm === null ? '' : u.rxDbm.toFixed(2),
    parent: 0,
  };
}

function baseInfo(u: SimOnu): Record<string, unknown> {
  return {
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
  };
}

/** `onumgmt?form=…` on one ONU. */
const ONU_FORMS = new Map<string, (u: SimOnu) => WebResult>([
  ['base-info', (u) => ok(baseInfo(u))],
  [
    'optical-diagnose',
    (u) => (u.status === 'online' ? ok(optical(u, false, false)) : fail('Error, ONU is offline.')),
  ],
  ['alarm-info', (u) => ok(eventLines(u))],
  ['config', () => ok({ fec_mode: 1 })],
]);

function onuManagement(c: WebCall): WebResult {
  const u = c.state.onu(num(c, 'port_id'), num(c, 'onu_id'), c.now);
  if (!u) return fail('Error, ONU is not exist.');
  const answer = ONU_FORMS.get(c.q.get('form') ?? '');
  return answer ? answer(u) : fail('Error, unknown form.');
}

function onuConfig({ state, param }: WebCall): WebResult {
  const p = Number(param['port_id']);
  const o = Number(param['onu_id']);
  const flags = Number(param['flags']);
  if (!state.has(p, o)) return fail('Error, ONU is not exist.');
  if (flags === 1 || flags === 2)
    return state.rebootOnu(p, o) ? ok() : fail('The ONU is offline can not be restarted');
  return ok();
}

const listOf = (state: OltState, now: number, p?: number): Record<string, unknown>[] =>
  state.onus(now, p).map(onuRow);

export const aviesEponRoutes: WebApiRoute[] = [
  { method: 'GET', path: '/onutable', run: ({ state, now }) => ok(listOf(state, now)) },
  {
    method: 'GET',
    path: '/onu_allow_list',
    when: form('resource'),
    run: (c) =>
      ok({
        port_id: num(c, 'port_id'),
        resource: hsgq.renderResource(c.state.onus(c.now, num(c, 'port_id')).map((u) => u.onuId)),
      }),
  },
  {
    method: 'GET',
    path: '/onu_allow_list',
    when: (c) => c.q.has('port_id'),
    run: (c) => ok(listOf(c.state, c.now, num(c, 'port_id'))),
  },
  {
    method: 'GET',
    path: '/ponmgmt',
    when: form('optical_onu'),
    run: (c) =>
      ok(
        c.state
          .onus(c.now, num(c, 'port_id'))
          .filter((u) => u.status === 'online')
          .map((u) => optical(u, true, false)),
      ),
  },
  { method: 'GET', path: '/onumgmt', run: onuManagement },
  { method: 'POST', path: '/onumgmt', when: form('config'), run: onuConfig },
  {
    method: 'POST',
    path: '/onu_allow_list',
    when: (c) => c.bodyMethod === 'delete',
    run: ({ state, param }) =>
      state.deleteOnu(Number(param['port_id']), Number(param['onu_id']))
        ? ok()
        : fail('Error, ONU is not exist.'),
  },
];
