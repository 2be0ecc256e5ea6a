/** HSGQ names and event log lines, shared by the CLI (`show onu-info-alarm`) and the web API (`alarm-info`). */
import { profiles } from '@pondesk/device-drivers';
import type { SimOnu } from '../../model/olt-state';
import { slashTime } from '../device-text';

const { hsgq } = profiles;

/** `ONU01/05`: the name HSGQ gives an ONU by default. */
export const onuLabel = (p: number, o: number): string =>
  `ONU${String(p).padStart(2, '0')}/${String(o).padStart(2, '0')}`;

/** `ONT01/011`: the name HSGQ GPON gives an ONT by default (the G02ID walk). */
export const ontLabel = (p: number, o: number): string =>
  `ONT${String(p).padStart(2, '0')}/${String(o).padStart(3, '0')}`;

/** The ONU's registrations and losses, newest first. */
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
            reason: hsgq.webReasonWords[h.reason],
          }),
        );
    }
  }
  return out.reverse();
}
