import { Permission, type OnuDetail } from '@pondesk/contracts';
import { ApiError } from '../../shared/http-client';
import {
  logTimeKey,
  newestFirst,
  canChangeOnus,
  isNotFound,
  listLink,
  portUsagePercent,
  previewList,
  realtimeFailure,
  selectMatch,
} from './page-state';

const onu = (id: string) => ({ id }) as OnuDetail;

describe('PPPoE page state', () => {
  it('shows the only ONU that carries the id', () => {
    expect(selectMatch([onu('a')], null)).toEqual({ onu: onu('a'), choice: 'only' });
    expect(selectMatch([onu('a')], 'a')).toEqual({ onu: onu('a'), choice: 'only' });
    expect(selectMatch([], null)).toEqual({ onu: null, choice: 'only' });
  });

  it('shows the first of several until one is chosen', () => {
    const matches = [onu('a'), onu('b')];
    expect(selectMatch(matches, null)).toEqual({ onu: onu('a'), choice: 'first' });
    expect(selectMatch(matches, 'b')).toEqual({ onu: onu('b'), choice: 'chosen' });
    expect(selectMatch(matches, 'gone')).toEqual({ onu: onu('a'), choice: 'stale' });
  });

  it('goes back to an ONU list the user may open after a delete', () => {
    expect(listLink([Permission.OltDataPort, Permission.OltPort]).to).toBe('/olt-data-ports');
    expect(listLink([Permission.OltPort])).toEqual({ to: '/olt-ports', label: 'Olt Port' });
    expect(listLink([Permission.Dashboard]).to).toBe('/dashboard');
    expect(listLink([]).to).toBe('/dashboard');
  });

  it('offers ONU changes to holders of either list code only', () => {
    expect(canChangeOnus([Permission.OltDataPort])).toBe(true);
    expect(canChangeOnus([Permission.OltPort])).toBe(true);
    expect(canChangeOnus([Permission.Dashboard])).toBe(false);
  });

  it('caps the port usage bar at 100%', () => {
    expect(portUsagePercent(64, 128)).toBe(50);
    expect(portUsagePercent(80, 64)).toBe(100);
    expect(portUsagePercent(0, 64)).toBe(0);
    expect(portUsagePercent(5, 0)).toBe(0);
  });

  it('tells an unsupported OLT from a failed read', () => {
    const unsupported = new ApiError(501, {
      statusCode: 501,
      error: 'Not Implemented',
      message: 'C-Data EPON cannot read the ONU history',
    });
    expect(realtimeFailure(unsupported)).toEqual({
      kind: 'unsupported',
      message: 'C-Data EPON cannot read the ONU history',
    });
    const busy = new ApiError(409, { statusCode: 409, error: 'Conflict', message: 'The OLT is busy' });
    expect(realtimeFailure(busy)).toEqual({ kind: 'failed', message: 'The OLT is busy' });
    expect(realtimeFailure(new Error('boom'))).toEqual({ kind: 'failed', message: 'boom' });
  });

  it('recognises a 404', () => {
    expect(isNotFound(new ApiError(404, { statusCode: 404, error: 'Not Found', message: 'x' }))).toBe(true);
    expect(isNotFound(new Error('x'))).toBe(false);
  });

  it('previews 6 log entries until See More', () => {
    const items = Array.from({ length: 9 }, (_, i) => i);
    expect(previewList(items, false)).toEqual({ shown: [0, 1, 2, 3, 4, 5], hidden: 3 });
    expect(previewList(items, true)).toEqual({ shown: items, hidden: 0 });
    expect(previewList([1, 2], false)).toEqual({ shown: [1, 2], hidden: 0 });
  });
});

describe('device logs', () => {
  it('reads the time formats the OLTs write, for ordering only', () => {
    expect(logTimeKey('2000/01/01 01:14:05')).toBe(Date.UTC(2000, 0, 1, 1, 14, 5));
    expect(logTimeKey('2024-09-24 10:11')).toBe(Date.UTC(2024, 8, 24, 10, 11, 0));
    expect(logTimeKey('2024-09-24T10:11:12')).toBe(Date.UTC(2024, 8, 24, 10, 11, 12));
    expect(logTimeKey(null)).toBeNull();
    expect(logTimeKey('N/A')).toBeNull();
  });

  it('lists a log newest first, undated entries last in their own order', () => {
    const log = [
      { time: '2024/09/20 08:00:00', n: 'a' },
      { time: null, n: 'x' },
      { time: '2024/09/24 10:00:00', n: 'b' },
      { time: '2024/09/22 23:59:59', n: 'c' },
      { time: 'unset', n: 'y' },
    ];
    expect(newestFirst(log).map((e) => e.n)).toEqual(['b', 'c', 'a', 'x', 'y']);
  });
});
