import { planPoll, rowNeedsWrite, type PolledOnu, type StoredOnu, type StoredOnuRow } from './poll-diff';

const now = new Date('2026-11-23T10:00:00Z');
const polled = (over: Partial<PolledOnu>): PolledOnu => ({
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
      {
        ponPort: 1,
        onuId: 1,
        from: 'online',
        to: 'offline',
        reason: 'power-off',
        reasonRaw: 'dying-gasp',
        at: now,
      },
      { ponPort: 1, onuId: 2, from: 'offline', to: 'online', reason: null, reasonRaw: null, at: now },
      { ponPort: 1, onuId: 4, from: null, to: 'offline', reason: 'unknown', reasonRaw: null, at: now },
    ]);
  });

  it("dates a drop at the OLT's own deregistration time when it is plausible, else at the poll", () => {
    const lastSeen = new Date('2026-11-23T09:55:00Z');
    const plan = planPoll(
      [1, 2, 3, 4].map((onuId) => stored({ onuId, lastSeenAt: lastSeen })),
      [
        // went down between the polls: the OLT's time (26 minutes before a poll 31 minutes later would say so)
        polled({ onuId: 1, status: 'offline', reason: 'reboot', downAt: new Date('2026-11-23T09:57:12Z') }),
        // an older outage's time (before the poll that last saw it online): the poll time
        polled({ onuId: 2, status: 'offline', reason: 'los', downAt: new Date('2026-11-20T00:00:00Z') }),
        // a device clock far ahead: the poll time
        polled({ onuId: 3, status: 'offline', reason: 'los', downAt: new Date('2026-11-23T11:00:00Z') }),
        // no time from the device
        polled({ onuId: 4, status: 'offline', reason: 'los', downAt: null }),
        // first seen, offline since the OLT says
        polled({
          onuId: 5,
          status: 'offline',
          reason: 'power-off',
          downAt: new Date('2026-11-22T18:30:00Z'),
        }),
      ],
      now,
    );
    expect(plan.changes.map((c) => [c.onuId, c.at.toISOString()])).toEqual([
      [1, '2026-11-23T09:57:12.000Z'],
      [2, '2026-11-23T10:00:00.000Z'],
      [3, '2026-11-23T10:00:00.000Z'],
      [4, '2026-11-23T10:00:00.000Z'],
      [5, '2026-11-22T18:30:00.000Z'],
    ]);
  });

  it('takes a device time slightly ahead of the poll (clock skew) as the poll time', () => {
    const plan = planPoll(
      [stored({ lastSeenAt: new Date('2026-11-23T09:55:00Z') })],
      [polled({ status: 'offline', reason: 'los', downAt: new Date('2026-11-23T10:01:00Z') })],
      now,
    );
    expect(plan.changes[0].at).toEqual(now);
  });

  it('lists stored ONUs the OLT no longer reports', () => {
    const plan = planPoll([stored({ id: 'gone', onuId: 9 })], [polled({ onuId: 1 })], now);
    expect(plan.vanished.map((v) => v.id)).toEqual(['gone']);
  });
});

describe('rowNeedsWrite: which stored ONUs a poll sends to the database', () => {
  // A poll's reading; the values are typed here.
  const same = polled({
    mac: 'a0:94:6a:00:00:01',
    description: 'rahim@isp',
    vendor: 'BDCM',
    model: 'P1501C1',
  });
  // The row as the last write left it: the same reading, stored.
  const row = (over: Partial<StoredOnuRow> = {}): StoredOnuRow => ({
    ...same,
    ...stored({}),
    pppoeIds: ['rahim@isp'],
    pppoeManual: false,
    ...over,
  });
  const needs = (s: StoredOnuRow, p: PolledOnu, pppoe = ['rahim@isp'], sampled = false) =>
    rowNeedsWrite(s, p, pppoe, sampled);

  it('sends nothing for an ONU whose readings wander within their deadbands', () => {
    expect(needs(row(), same)).toBe(false);
    // Hundredths of a dB, tenths of a degree, millivolts, a fraction of a mA, a few metres.
    expect(
      needs(row(), {
        ...same,
        rxDbm: -20.09,
        txDbm: 2.05,
        temperatureC: 40.9,
        voltageV: 3.34,
        biasMa: 10.6,
        distanceM: 1208,
      }),
    ).toBe(false);
    // A move of exactly the deadband that double arithmetic puts a hair below it (-20.2 → -20.1 gives
    // 0.0999…) is sent: the database, comparing its stored values, decides.
    expect(-20.1 - -20.2).toBeLessThan(0.1);
    expect(needs(row({ rxDbm: -20.2 }), { ...same, rxDbm: -20.1 })).toBe(true);
  });

  it('sends a sample, a status or reason change, a reading past its deadband, a lost reading', () => {
    expect(needs(row(), same, undefined, true)).toBe(true);
    expect(needs(row(), { ...same, status: 'offline', reason: 'los', reasonRaw: 'LOS' })).toBe(true);
    const down = row({ status: 'offline', reason: 'los', reasonRaw: 'LOS', rxDbm: null, txDbm: null });
    const stillDown = {
      ...same,
      status: 'offline' as const,
      reason: 'los' as const,
      reasonRaw: 'LOS',
      rxDbm: null,
      txDbm: null,
    };
    expect(needs(down, stillDown)).toBe(false);
    expect(needs(down, { ...stillDown, reason: 'power-off', reasonRaw: 'dying gasp' })).toBe(true);
    // An offline ONU without a reason is stored as 'unknown': the same again is no change.
    expect(
      needs(row({ status: 'offline', reason: 'unknown', rxDbm: null, txDbm: null }), {
        ...stillDown,
        reason: null,
        reasonRaw: null,
      }),
    ).toBe(false);
    expect(needs(row(), { ...same, rxDbm: -20.1 })).toBe(true);
    expect(needs(row(), { ...same, temperatureC: 41 })).toBe(true);
    expect(needs(row(), { ...same, distanceM: 1210 })).toBe(true);
    expect(needs(row(), { ...same, biasMa: null })).toBe(true);
    expect(needs(row({ txDbm: null }), same)).toBe(true);
    // Distance is kept when an ONU stops giving it (a dark ONU has none).
    expect(needs(row(), { ...same, distanceM: null })).toBe(false);
  });

  it('sends a new name, description or PPPoE id; a MAC, serial, vendor or model only when the poll has one', () => {
    expect(needs(row(), { ...same, ifName: 'EPON0/1:2' })).toBe(true);
    expect(needs(row(), { ...same, description: 'karim@isp' }, ['karim@isp'])).toBe(true);
    expect(needs(row(), same, ['rahim@isp', 'rahim2@isp'])).toBe(true);
    // Ids an operator typed are never replaced by a poll.
    expect(needs(row({ pppoeManual: true, pppoeIds: ['typed@isp'] }), same)).toBe(false);
    expect(needs(row(), { ...same, mac: 'a0:94:6a:00:00:02' })).toBe(true);
    expect(needs(row(), { ...same, mac: null, vendor: null, model: null })).toBe(false);
    expect(needs(row(), { ...same, serial: 'BDCM00000001' })).toBe(true);
  });
});
