import type { DataSource } from 'typeorm';
import { allOltsRoom, oltEventRooms, oltRoom, type DeviceLogLinesEvent } from '@pondesk/contracts';
import type { LogEventsService } from '../log-events/log-events.service';
import type { StoredLogLine } from '../log-events/log-line-events';
import type { EventPublisher } from '../realtime/event-publisher.service';
import { BATCH_MAX, DeviceLogWriter, QUEUE_MAX, type DeviceLogRow } from './device-log-writer.service';

const row = (n: number, oltId = 'o1'): DeviceLogRow => ({
  tenantId: 't1',
  oltId,
  deviceKind: 'olt',
  deviceName: 'Core',
  sourceIp: '127.0.1.11',
  receivedAt: new Date(Date.UTC(2026, 10, 27, 8, 0, 0, n % 1000)),
  vendor: 'bdcom',
  severity: 'info',
  kind: 'onu-up',
  deviceTime: null,
  message: `line ${n}`,
  onu: null,
  mac: null,
  serial: null,
  pppoeUser: null,
  reason: null,
  said: { user: null, service: null, ip: null },
});

/** A writer over a database whose INSERT answers as `answer` says, and what it published where. */
function writer(answer: (batch: number, rows: number) => Promise<void> = async () => undefined) {
  let nextId = 1;
  const batches: string[][] = [];
  const query = jest.fn(async (_sql: string, params: unknown[][]) => {
    const messages = params[9] as string[];
    batches.push(messages);
    await answer(batches.length, messages.length);
    return messages.map(() => ({ id: String(nextId++) }));
  });
  const published: { rooms: string[]; event: DeviceLogLinesEvent }[] = [];
  const events = {
    toStaff: (olt: { id: string; tenantId: string }, _name: string, event: DeviceLogLinesEvent) =>
      published.push({ rooms: oltEventRooms(olt).staff, event }),
  } as unknown as EventPublisher;
  const handled: StoredLogLine[][] = [];
  const logEvents = {
    handle: async (lines: StoredLogLine[]) => void handled.push(lines),
  } as unknown as LogEventsService;
  return {
    w: new DeviceLogWriter({ query } as unknown as DataSource, events, logEvents),
    batches,
    published,
    handled,
    query,
  };
}

describe('DeviceLogWriter', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('writes batches of at most BATCH_MAX, and a short one after a moment', async () => {
    const { w, batches } = writer();
    for (let i = 0; i < BATCH_MAX * 2 + 3; i++) w.add(row(i));
    await jest.advanceTimersByTimeAsync(100);
    expect(batches.map((b) => b.length)).toEqual([BATCH_MAX, BATCH_MAX, 3]);
    expect(batches.flat()).toEqual(Array.from({ length: BATCH_MAX * 2 + 3 }, (_, i) => `line ${i}`));
    expect(w.counters).toEqual({ stored: BATCH_MAX * 2 + 3, queueDropped: 0, writeFailed: 0 });
  });

  it("publishes one event per OLT per batch, with the stored ids, to the OLT's staff rooms only", async () => {
    const { w, published } = writer();
    w.add(row(1, 'o1'));
    w.add(row(2, 'o2'));
    w.add(row(3, 'o1'));
    await jest.advanceTimersByTimeAsync(100);
    expect(published.map((p) => [p.rooms, p.event.oltId, p.event.lines.map((l) => l.id)])).toEqual([
      [[allOltsRoom('t1'), oltRoom('o1')], 'o1', ['1', '3']],
      [[allOltsRoom('t1'), oltRoom('o2')], 'o2', ['2']],
    ]);
    expect(published[0].event.lines[0]).toMatchObject({
      deviceId: 'olt:o1',
      receivedAt: '2026-11-27T08:00:00.001Z',
      message: 'line 1',
    });
  });

  it('hands each stored batch to the events read from lines, with what the line said beyond its columns', async () => {
    const { w, handled } = writer();
    w.add({
      ...row(1),
      deviceKind: 'router',
      kind: 'ppp-down',
      said: { user: 'u1', service: 'pppoe', ip: null },
    });
    await jest.advanceTimersByTimeAsync(100);
    expect(handled).toEqual([
      [expect.objectContaining({ deviceKind: 'router', kind: 'ppp-down', user: 'u1', service: 'pppoe' })],
    ]);
  });

  it('holds at most QUEUE_MAX lines while Postgres hangs, dropping the oldest', async () => {
    let release!: () => void;
    const { w, batches } = writer((n) =>
      n === 1 ? new Promise<void>((r) => (release = r)) : Promise.resolve(),
    );
    for (let i = 0; i < BATCH_MAX + QUEUE_MAX + 10; i++) w.add(row(i));
    // One batch is being written; behind it the queue is full.
    expect(w.pending).toBe(QUEUE_MAX);
    expect(w.counters.queueDropped).toBe(10);
    release();
    await jest.advanceTimersByTimeAsync(1000);
    expect(w.counters.stored).toBe(BATCH_MAX + QUEUE_MAX);
    // The dropped lines are the oldest behind the first batch.
    expect(batches[1][0]).toBe(`line ${BATCH_MAX + 10}`);
  });

  it('retries a refused batch, then gives it up so the others go on', async () => {
    const { w, batches } = writer(async (n) => {
      if (n <= 4) throw new Error('connection refused');
    });
    w.add(row(1));
    await jest.advanceTimersByTimeAsync(100);
    w.add(row(2));
    await jest.advanceTimersByTimeAsync(5000);
    // Three attempts at the first batch, then the second written (with its retry) on its own.
    expect(batches.map((b) => b.join())).toEqual(['line 1', 'line 1', 'line 1', 'line 2', 'line 2']);
    expect(w.counters).toEqual({ stored: 1, queueDropped: 0, writeFailed: 1 });
  });

  it('writes what is queued when stopped, and takes nothing after', async () => {
    const { w, batches } = writer();
    w.add(row(1));
    const stopping = w.stop(1000);
    await jest.advanceTimersByTimeAsync(10);
    await stopping;
    w.add(row(2));
    await jest.advanceTimersByTimeAsync(100);
    expect(batches).toEqual([['line 1']]);
  });
});
