import {
  ALERT_HISTORY_PAGE_SIZE,
  alertTabOf,
  alertTabPath,
  formFieldOf,
  historyPageCount,
  parseHistoryParams,
  toHistoryQuery,
  toHistorySearchParams,
  updateHistoryParams,
} from './list-params';

const qs = (s: string) => new URLSearchParams(s);

describe('the alerts page address', () => {
  it('opens History unless a known tab is named', () => {
    expect(alertTabOf(qs(''))).toBe('history');
    expect(alertTabOf(qs('tab=channels'))).toBe('channels');
    expect(alertTabOf(qs('tab=silences'))).toBe('silences');
    expect(alertTabOf(qs('tab=nope'))).toBe('history');
    expect(alertTabPath('history')).toBe('/alerts');
    expect(alertTabPath('rules')).toBe('/alerts?tab=rules');
  });

  it('reads the history filters, dropping what it does not know', () => {
    expect(parseHistoryParams(qs('state=firing&kind=pon-outage&page=3'))).toEqual({
      page: 3,
      state: 'firing',
      kind: 'pon-outage',
    });
    expect(parseHistoryParams(qs('state=open&kind=fire&page=-2'))).toEqual({ page: 1, state: '', kind: '' });
  });

  it('writes only what differs from the defaults, and reads it back the same', () => {
    expect(toHistorySearchParams({ page: 1, state: '', kind: '' }).toString()).toBe('');
    const p = { page: 2, state: 'resolved', kind: 'onu-down' } as const;
    expect(parseHistoryParams(toHistorySearchParams(p))).toEqual(p);
  });

  it('starts again at page 1 when a filter changes, not when the page does', () => {
    const current = { page: 4, state: '' as const, kind: '' as const };
    expect(updateHistoryParams(current, { state: 'firing' }).page).toBe(1);
    expect(updateHistoryParams(current, { page: 5 }).page).toBe(5);
  });

  it('asks the server for one page, leaving out filters not set', () => {
    expect(toHistoryQuery({ page: 2, state: '', kind: 'signal-degrading' })).toEqual({
      page: 2,
      pageSize: ALERT_HISTORY_PAGE_SIZE,
      state: undefined,
      kind: 'signal-degrading',
    });
    expect(historyPageCount(0)).toBe(1);
    expect(historyPageCount(ALERT_HISTORY_PAGE_SIZE + 1)).toBe(2);
  });

  it('names a server field error after the form field it belongs to', () => {
    expect(formFieldOf('params.minOnus')).toBe('minOnus');
    expect(formFieldOf('chatIds.1')).toBe('chatIds');
    expect(formFieldOf('recipients[0]')).toBe('recipients');
    expect(formFieldOf('params.reasons.0')).toBe('reasons');
    expect(formFieldOf('name')).toBe('name');
  });
});
