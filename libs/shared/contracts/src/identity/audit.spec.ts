import {
  AUDIT_ACTIONS,
  auditActionsWorded,
  auditKindFilter,
  auditKindOf,
  auditOutcomeOf,
  describeAuditAction,
  isDateTime,
  isDeviceWrite,
} from './audit';

describe('audit vocabulary', () => {
  it('counts only reboots and deletes sent to an OLT as device writes', () => {
    const writes = Object.keys(AUDIT_ACTIONS).filter(isDeviceWrite);
    expect(writes.sort()).toEqual(['onu.clear', 'onu.reboot']);
    // Forgetting the stored record changes no device; reading a signal changes nothing.
    expect(auditKindOf('onu.delete-record')).toBe('admin');
    expect(auditKindOf('onu.read-signal')).toBe('device-check');
    expect(auditKindOf('user.password-change')).toBe('account');
  });

  it('treats an action it does not know as an admin change, in words made from its name', () => {
    expect(auditKindOf('widget.frobnicate')).toBe('admin');
    expect(auditKindOf('toString')).toBe('admin');
    expect(describeAuditAction('widget.frobnicate')).toBe('Widget frobnicate');
    expect(describeAuditAction('olt-permission.add')).toBe('Grant OLT permission');
    expect(describeAuditAction('onu.reboot')).toBe('Reboot ONU');
  });

  it('filters a kind by its names, and the fallback kind by leaving the other kinds out', () => {
    expect(auditKindFilter('device-write')).toEqual({ in: ['onu.reboot', 'onu.clear'] });
    const admin = auditKindFilter('admin');
    expect('notIn' in admin && admin.notIn).toEqual(expect.arrayContaining(['onu.reboot', 'profile.update']));
    expect('notIn' in admin && admin.notIn).not.toContain('user.create');
  });

  it('finds actions by their words', () => {
    expect(auditActionsWorded('REBOOT')).toEqual(['onu.reboot', 'onu.reboot.verified']);
    expect(auditActionsWorded('  ')).toEqual([]);
  });

  it('reads the outcome a device row records, and none where the row does not say', () => {
    expect(auditOutcomeOf('onu.reboot', { ok: true })).toBe('ok');
    expect(auditOutcomeOf('onu.reboot', { ok: false, code: 'OLT_BUSY', error: 'busy' })).toBe('failed');
    expect(auditOutcomeOf('onu.clear', { ok: false, code: 'OUTCOME_UNKNOWN', error: '…' })).toBe(
      'no-effect-seen',
    );
    // A reboot the OLT took while the ONU never went down; a delete after which the OLT still lists the ONU.
    expect(
      auditOutcomeOf('onu.reboot.verified', { ok: false, verdict: 'no_effect_seen', code: 'NO_EFFECT' }),
    ).toBe('no-effect-seen');
    expect(auditOutcomeOf('onu.clear', { ok: false, code: 'NO_EFFECT', error: '…' })).toBe('no-effect-seen');
    expect(auditOutcomeOf('onu.reboot.verified', { ok: false, verdict: 'offline', code: 'NOT_BACK' })).toBe(
      'failed',
    );
    expect(auditOutcomeOf('olt.port-check.refused', { host: 'x', port: 1 })).toBe('failed');
    expect(auditOutcomeOf('user.create', { username: 'rahim' })).toBeNull();
    expect(auditOutcomeOf('user.delete', null)).toBeNull();
  });

  it('accepts ISO date-times with a zone on real days only', () => {
    for (const ok of [
      '2026-01-15T08:30:00Z',
      '2026-01-15T08:30Z',
      '2026-01-15T14:30:00.123+06:00',
      '2028-02-29T00:00:00-05:30',
    ])
      expect(isDateTime(ok)).toBe(true);
    for (const bad of [
      '2026-01-15',
      '2026-01-15T08:30:00',
      '2026-02-30T00:00:00Z',
      '2026-01-15T24:00:00Z',
      '1e3',
      'abc',
      '',
    ])
      expect(isDateTime(bad)).toBe(false);
  });
});
