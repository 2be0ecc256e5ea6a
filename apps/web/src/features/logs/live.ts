import { LIVE_LOG_MAX_LINES, type DeviceLogLine, type LogSort } from '@pondesk/contracts';

/**
 * The Live Log List's lines: the newest first, at most `LIVE_LOG_MAX_LINES`; while paused, lines that
 * arrive wait aside (and are counted) until Resume adds them.
 */
export interface LiveLog {
  /** The device shown ('' for all); pushed lines of other devices are left out. */
  device: string;
  lines: DeviceLogLine[];
  /** Lines that arrived while paused, newest first (at most the list's size). */
  pending: DeviceLogLine[];
  /** How many lines arrived while paused, also those that no longer fit `pending`. */
  waiting: number;
  paused: boolean;
  /** The first page of lines has been read (lines pushed before it are kept and merged). */
  loaded: boolean;
}

export type LiveLogAction =
  | { type: 'device'; device: string }
  | { type: 'loaded'; device: string; lines: DeviceLogLine[] }
  | { type: 'pushed'; lines: DeviceLogLine[] }
  | { type: 'pause' }
  | { type: 'resume' };

export const initialLiveLog = (device = ''): LiveLog => ({
  device,
  lines: [],
  pending: [],
  waiting: 0,
  paused: false,
  loaded: false,
});

/** Line ids are increasing integers (as text): a longer id is a later line. */
const compareIds = (a: string, b: string): number =>
  a.length !== b.length ? a.length - b.length : a < b ? -1 : a > b ? 1 : 0;

/** Newest first: by receive time, then by id. */
export function newestFirst(a: DeviceLogLine, b: DeviceLogLine): number {
  const t = Date.parse(b.receivedAt) - Date.parse(a.receivedAt);
  return t !== 0 ? t : compareIds(b.id, a.id);
}

/** Both lists' lines, each once, newest first, cut to `max`. */
export function mergeNewest(
  current: readonly DeviceLogLine[],
  incoming: readonly DeviceLogLine[],
  max = LIVE_LOG_MAX_LINES,
): DeviceLogLine[] {
  if (!incoming.length) return current.slice(0, max);
  const seen = new Set(current.map((l) => l.id));
  const fresh = incoming.filter((l) => !seen.has(l.id) && seen.add(l.id));
  return [...fresh, ...current].sort(newestFirst).slice(0, max);
}

export const matchesDevice = (line: DeviceLogLine, device: string): boolean =>
  !device || line.deviceId === device;

/** Lines that are new to the list: of its device and on screen nowhere yet (nor waiting). */
function arrivals(state: LiveLog, incoming: readonly DeviceLogLine[]): DeviceLogLine[] {
  const known = new Set([...state.lines, ...state.pending].map((l) => l.id));
  return incoming.filter((l) => matchesDevice(l, state.device) && !known.has(l.id) && known.add(l.id));
}

function arrive(state: LiveLog, incoming: readonly DeviceLogLine[]): LiveLog {
  const fresh = arrivals(state, incoming);
  if (!fresh.length) return state;
  if (state.paused)
    return { ...state, pending: mergeNewest(state.pending, fresh), waiting: state.waiting + fresh.length };
  return { ...state, lines: mergeNewest(state.lines, fresh) };
}

export function liveLogReducer(state: LiveLog, action: LiveLogAction): LiveLog {
  switch (action.type) {
    case 'device':
      return action.device === state.device
        ? state
        : { ...initialLiveLog(action.device), paused: state.paused };
    case 'loaded':
      if (action.device !== state.device) return state;
      // The first read fills the list whatever the pause; later ones (after a reconnect) catch up.
      return state.loaded
        ? arrive(state, action.lines)
        : {
            ...state,
            loaded: true,
            lines: mergeNewest(
              state.lines,
              action.lines.filter((l) => matchesDevice(l, state.device)),
            ),
          };
    case 'pushed':
      return arrive(state, action.lines);
    case 'pause':
      return state.paused ? state : { ...state, paused: true };
    case 'resume':
      return {
        ...state,
        paused: false,
        lines: mergeNewest(state.lines, state.pending),
        pending: [],
        waiting: 0,
      };
  }
}

const text = (l: DeviceLogLine, sort: LogSort): string =>
  sort === 'device' ? l.deviceName.toLowerCase() : l.message.toLowerCase();

/**
 * What is on screen in the order chosen: receive time, or device name or message compared without
 * case (ties newest first). The list itself stays newest first, so the oldest lines still fall off.
 */
export function sortLines(
  lines: readonly DeviceLogLine[],
  sort: LogSort,
  order: 'asc' | 'desc',
): DeviceLogLine[] {
  const dir = order === 'asc' ? 1 : -1;
  return [...lines].sort((a, b) => {
    if (sort === 'receivedAt') return -dir * newestFirst(a, b);
    const x = text(a, sort);
    const y = text(b, sort);
    return x < y ? -dir : x > y ? dir : newestFirst(a, b);
  });
}

/** 'N new lines' on the Resume button while paused. */
export const waitingText = (n: number): string => `${n} new line${n === 1 ? '' : 's'}`;
