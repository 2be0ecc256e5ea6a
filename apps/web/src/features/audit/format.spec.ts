import { auditDiff, auditFields, auditTarget, fieldLabel, formatAuditValue } from './format';

describe('audit details', () => {
  it('labels fields in words', () => {
    expect(fieldLabel('pppoeIds')).toBe('PPPoE IDs');
    expect(fieldLabel('lastPolledAt')).toBe('Last polled at');
    expect(fieldLabel('send_msg')).toBe('Send msg');
  });

  it('shows values in words, never as JSON', () => {
    expect(formatAuditValue(null)).toBe('—');
    expect(formatAuditValue(true)).toBe('Yes');
    expect(formatAuditValue(['a@isp', 'b@isp'])).toBe('a@isp, b@isp');
    expect(formatAuditValue([])).toBe('None');
    expect(formatAuditValue({ ok: false, code: 'OLT_BUSY' })).toBe('Succeeded: No; Failure code: OLT_BUSY');
    expect(formatAuditValue('2026-01-15T08:30:00.000Z')).toBe(
      new Date('2026-01-15T08:30:00Z').toLocaleString(),
    );
  });

  it('puts changed fields first and keeps the unchanged ones after', () => {
    const diff = auditDiff(
      { username: 'rahim', address: 'Mirpur', branchIds: ['b1'], tenantId: 't', phone: '017' },
      { username: 'rahim', address: 'Uttara', branchIds: [], sendMsg: true },
    );
    expect(diff.map((d) => [d.key, d.change])).toEqual([
      ['address', 'changed'],
      ['branchIds', 'changed'],
      ['phone', 'removed'],
      ['sendMsg', 'added'],
      ['username', 'same'],
    ]);
    expect(diff[1]).toMatchObject({ label: 'Branches', before: 'b1', after: 'None' });
  });

  it('shows a create as set fields and a delete as removed ones', () => {
    expect(auditDiff(null, { name: 'North' })).toEqual([
      { key: 'name', label: 'Name', before: '', after: 'North', change: 'added' },
    ]);
    expect(auditDiff({ name: 'North' }, null)[0]).toMatchObject({ change: 'removed', before: 'North' });
    expect(auditDiff(null, null)).toEqual([]);
  });

  it('names the target by what the row holds', () => {
    expect(
      auditTarget({ entityType: 'onu', entityId: 'x', before: { ifName: 'EPON0/1:3' }, after: { ok: true } }),
    ).toBe('ONU EPON0/1:3');
    expect(
      auditTarget({ entityType: 'user', entityId: 'x', before: null, after: { username: 'rahim' } }),
    ).toBe('User rahim');
    expect(
      auditTarget({ entityType: 'pppoe', entityId: 'rahim@isp', before: { events: 3 }, after: null }),
    ).toBe('PPPoE rahim@isp');
    expect(auditTarget({ entityType: 'tenant', entityId: 't', before: null, after: null })).toBe(
      'ISP account',
    );
  });
});

describe('device action fields', () => {
  it('lists one side in words, leaving bookkeeping out', () => {
    expect(
      auditFields({ ifName: 'EPON0/1:3', pppoeIds: ['a@isp'], tenantId: 't', skipped: undefined }),
    ).toEqual([
      { key: 'ifName', label: 'Port', value: 'EPON0/1:3' },
      { key: 'pppoeIds', label: 'PPPoE IDs', value: 'a@isp' },
    ]);
    expect(auditFields(null)).toEqual([]);
  });
});
