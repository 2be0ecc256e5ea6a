import type { OnuReading } from '@pondesk/contracts';
import { planPoll, type StoredOnu } from './poll-diff';

const now = new Date('2026-11-23T10:00:00Z');
const polled = (over: Partial<OnuReading>): OnuReading => ({
  ponPort: 1,
  onuId: 1,
  ifName: 'EPON0/1:1',
  mac: null,
  serial: null,
  description: null,
  status: 'online',
  reason: null,
  reasonRaw: null,
  rxDbm: -20,
  txDbm: 2,
  temperatureC: 40,
  voltageV: 3.3,
  biasMa: 10,
  distanceM: 1200,
  vendor: null,
  model: null,
  ...over,
});
const stored = (over: Partial<StoredOnu>): StoredOnu => ({
  id: 'x',
  ponPort: 1,
  onuId: 1,
  status: 'online',
  sampledRxDbm: -20,
  sampledAt: new Date('2026-11-23T09:50:00Z'),
  ...over,
});

describe('planPoll', () => {
  it('samples a new ONU, a 0.5 dB move, and an hour-old sample; not a small move', () => {
    const plan = planPoll(
      [
        stored({ onuId: 2, sampledRxDbm: -20 }),
        stored({ onuId: 3, sampledRxDbm: -20 }),
        stored({ onuId: 4, sampledAt: new Date('2026-11-23T08:59:00Z') }),
      ],
      [
        polled({ onuId: 1 }),
        polled({ onuId: 2, rxDbm: -20.5 }),
        polled({ onuId: 3, rxDbm: -20.3 }),
        polled({ onuId: 4, rxDbm: -20 }),
      ],
      now,
    );
    expect([...plan.sampleKeys].sort()).toEqual(['1:1', '1:2', '1:4']);
  });

  it('never samples a missing reading', () => {
    expect(
      planPoll([], [polled({ rxDbm: null, status: 'offline', reason: 'los' })], now).sampleKeys.size,
    ).toBe(0);
  });

  it('reports status changes with the reason, and new ONUs only when they arrive offline', () => {
    const plan = planPoll(
      [stored({ onuId: 1 }), stored({ onuId: 2, status: 'offline' })],
      [
        polled({ onuId: 1, status: 'offline', reason: 'power-off', reasonRaw: 'dying-gasp' }),
        polled({ onuId: 2 }),
        polled({ onuId: 3 }),
        polled({ onuId: 4, status: 'offline', reason: null }),
      ],
      now,
    );
    expect(plan.changes).toEqual([
      { ponPort: 1, onuId: 1, from: 'online', to: 'offline', reason: 'power-off', reasonRaw: 'dying-gasp' },
      { ponPort: 1, onuId: 2, from: 'offline', to: 'online', reason: null, reasonRaw: null },
      { ponPort: 1, onuId: 4, from: null, to: 'offline', reason: 'unknown', reasonRaw: null },
    ]);
  });

  it('lists stored ONUs the OLT no longer reports', () => {
    const plan = planPoll([stored({ id: 'gone', onuId: 9 })], [polled({ onuId: 1 })], now);
    expect(plan.vanished.map((v) => v.id)).toEqual(['gone']);
  });
});
