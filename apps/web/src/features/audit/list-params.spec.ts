import {
  DEFAULT_AUDIT_PARAMS,
  auditEmptyText,
  parseAuditParams,
  rangeError,
  toAuditQuery,
  toAuditSearchParams,
  updateAuditParams,
} from './list-params';

const parse = (qs: string) => parseAuditParams(new URLSearchParams(qs));
const USER = '3f1c2a4e-8b7d-4c1e-9a2b-0c3d4e5f6a7b';

describe('Audit Log address', () => {
  it('starts unfiltered on page 1 with a plain address', () => {
    expect(parse('')).toEqual(DEFAULT_AUDIT_PARAMS);
    expect(toAuditSearchParams(DEFAULT_AUDIT_PARAMS).toString()).toBe('');
  });

  it('round-trips every filter', () => {
    const qs = `user=${USER}&action=onu.reboot&kind=device-write&from=2026-01-10&to=2026-01-15&q=rahim&page=3`;
    const p = parse(qs);
    expect(p).toEqual({
      page: 3,
      user: USER,
      action: 'onu.reboot',
      kind: 'device-write',
      from: '2026-01-10',
      to: '2026-01-15',
      q: 'rahim',
    });
    expect(parse(toAuditSearchParams(p).toString())).toEqual(p);
  });

  it('drops values the server would refuse', () => {
    expect(parse('user=nope&action=DROP%20TABLE&kind=bogus&from=2026-02-30&to=yesterday&page=-2')).toEqual(
      DEFAULT_AUDIT_PARAMS,
    );
  });

  it('starts again at page 1 on a filter change', () => {
    expect(updateAuditParams({ ...DEFAULT_AUDIT_PARAMS, page: 4 }, { kind: 'admin' }).page).toBe(1);
    expect(updateAuditParams(DEFAULT_AUDIT_PARAMS, { page: 2 }).page).toBe(2);
  });

  it('sends local days as the start and end of those days', () => {
    const q = toAuditQuery({ ...DEFAULT_AUDIT_PARAMS, from: '2026-01-10', to: '2026-01-15', q: '  ' });
    expect(q.from).toBe(new Date(2026, 0, 10).toISOString());
    expect(q.to).toBe(new Date(2026, 0, 15, 23, 59, 59, 999).toISOString());
    expect(q.search).toBeUndefined();
    expect(q).toMatchObject({ page: 1, pageSize: 25 });
  });

  it('does not apply a range that ends before it starts', () => {
    const p = { ...DEFAULT_AUDIT_PARAMS, from: '2026-01-15', to: '2026-01-10' };
    expect(rangeError(p)).toBe('To must be on or after From');
    expect(toAuditQuery(p)).not.toHaveProperty('from');
  });

  it('says what to change when nothing matches', () => {
    expect(auditEmptyText(DEFAULT_AUDIT_PARAMS)).toMatch(/Nothing has been recorded yet/);
    const text = auditEmptyText({ ...DEFAULT_AUDIT_PARAMS, kind: 'device-write', user: USER }, 'rahim');
    expect(text).toBe(
      'No entries by rahim, device writes. Widen the date range, pick another user or action, or clear the filters.',
    );
  });
});
