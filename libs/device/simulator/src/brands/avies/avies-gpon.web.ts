/** HSGQ GPON web routes: `gponont_mgmt` (auth list, base, optics, alarms), reboot by identifier, unbind. */
import { profiles } from '@pondesk/device-drivers';
import type { SimOnu } from '../../model/olt-state';
import type { WebResult } from '../../http/hsgq-web-server';
import { slashTime } from '../device-text';
import { eventLines, ontLabel } from './avies.events';
import { fail, form, num, ok, optical, type WebApiRoute, type WebCall } from './avies.web';

const { hsgq } = profiles;

function ontRow(u: SimOnu): Record<string, unknown> {
  return {
    identifier: hsgq.http.identifier.encode(u.ponPort, u.onuId),
    // Like the box: an ONT nobody renamed keeps its default name; the description stays empty.
    ont_name: u.description ?? ontLabel(u.ponPort, u.onuId),
    ont_description: u.description ?? '',
    ont_sn: u.serial,
    state: 1,
    rstate: u.status === 'online' ? 1 : 2,
    cstate: u.status === 'online' ? 1 : 0,
    mstate: 1,
    last_d_cause: hsgq.webReasonWords[u.lastDeregReason],
    last_d_time: slashTime(u.lastDeregTime),
    last_u_time: slashTime(u.lastRegTime),
  };
}

/** `gponont_mgmt?form=…` on one ONT. */
const ONT_FORMS = new Map<string, (u: SimOnu, now: number) => WebResult>([
  [
    'base',
    (u, now) =>
      ok({
        ...ontRow(u),
        last_dg_time: slashTime(u.lastDeregTime),
        uptime: u.status === 'online' ? now - u.lastRegTime : 0,
      }),
  ],
  [
    'ont_optical',
    (u) => (u.status === 'online' ? ok(optical(u, false, true)) : fail('Error, ONT is offline.')),
  ],
  ['ont_alarm', (u) => ok(eventLines(u))],
]);

function ontManagement(c: WebCall): WebResult {
  if (c.q.get('form') === 'auth') return ok(c.state.onus(c.now, num(c, 'port_id')).map(ontRow));
  const u = c.state.onu(num(c, 'port_id'), num(c, 'ont_id'), c.now);
  if (!u) return fail('Error, ONT is not exist.');
  const answer = ONT_FORMS.get(c.q.get('form') ?? '');
  return answer ? answer(u, c.now) : fail('Error, unknown form.');
}

function ontReboot({ state, param }: WebCall): WebResult {
  const { ponPort, onuId } = hsgq.http.identifier.decode(Number(param['identifier']));
  if (Number(param['flags']) === 4)
    return state.rebootOnu(ponPort, onuId) ? ok() : fail('The ONT is offline can not be restarted');
  return ok();
}

/** Unbinds one identifier or a list of them; fails only when none existed. */
function ontDelete({ state, param }: WebCall): WebResult {
  const ids = Array.isArray(param['identifier']) ? (param['identifier'] as unknown[]) : [param['identifier']];
  let any = false;
  for (const id of ids) {
    const { ponPort, onuId } = hsgq.http.identifier.decode(Number(id));
    any = state.deleteOnu(ponPort, onuId) || any;
  }
  return any ? ok() : fail('Error, ONT is not exist.');
}

export const aviesGponRoutes: WebApiRoute[] = [
  { method: 'GET', path: '/gponont_mgmt', run: ontManagement },
  { method: 'POST', path: '/gponont_mgmt', when: form('info'), run: ontReboot },
  {
    method: 'POST',
    path: '/gponont_mgmt',
    when: (c) => form('auth')(c) && c.bodyMethod === 'delete',
    run: ontDelete,
  },
];
