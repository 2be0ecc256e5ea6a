import { messageText } from './alert-messages';
import type { OutgoingAlert } from './channels/channel-client';

const alert = (over: Partial<OutgoingAlert>): OutgoingAlert => ({
  id: '1',
  kind: 'pon-outage',
  phase: 'open',
  title: 'PON 3 on OLT-A: 12 of 16 ONUs down, fibre (LOS)',
  detail: {},
  oltId: 'o',
  oltName: 'OLT-A',
  ponPort: 3,
  openedAt: '2026-11-28T06:02:09.000Z',
  resolvedAt: null,
  ...over,
});

describe('alert messages', () => {
  it('says what, where and when for one alert', () => {
    expect(messageText([alert({})])).toBe(
      'PonDesk ALERT PON outage: PON 3 on OLT-A: 12 of 16 ONUs down, fibre (LOS) (2026-11-28 06:02 UTC)',
    );
  });

  it('says since when and back when for a recovery', () => {
    expect(messageText([alert({ phase: 'resolve', resolvedAt: '2026-11-28T07:15:00.000Z' })])).toBe(
      'PonDesk RESOLVED PON outage: PON 3 on OLT-A: 12 of 16 ONUs down, fibre (LOS) (since 2026-11-28 06:02 UTC, back 2026-11-28 07:15 UTC)',
    );
  });

  it('groups a burst into one message, one line per alert', () => {
    const text = messageText([
      alert({}),
      alert({ id: '2', kind: 'olt-unreachable', title: 'OLT OLT-B is not answering' }),
      alert({ id: '3', phase: 'resolve', resolvedAt: '2026-11-28T06:03:00.000Z' }),
    ]);
    expect(text.split('\n')).toEqual([
      'PonDesk: 3 alerts (2 new, 1 resolved)',
      '- ALERT PON outage: PON 3 on OLT-A: 12 of 16 ONUs down, fibre (LOS) (2026-11-28 06:02 UTC)',
      '- ALERT OLT unreachable: OLT OLT-B is not answering (2026-11-28 06:02 UTC)',
      '- RESOLVED PON outage: PON 3 on OLT-A: 12 of 16 ONUs down, fibre (LOS) (since 2026-11-28 06:02 UTC, back 2026-11-28 06:03 UTC)',
    ]);
  });
});
