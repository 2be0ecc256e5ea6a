import { paymentReminder, type BilledDevice } from './payment-alerts';

const uttara: BilledDevice = { type: 'olt', id: 'o1', name: 'Uttara-1', expiresOn: '2026-12-01' };
const core: BilledDevice = { type: 'switch', id: 's1', name: 'Core-1', expiresOn: '2026-12-01' };
const title = (device: BilledDevice, today: string, daysBefore = 3) =>
  paymentReminder(device, today, daysBefore)?.title ?? null;

describe('payment reminders', () => {
  it("says nothing before the rule's days", () => {
    expect(paymentReminder(uttara, '2026-11-27', 3)).toBeNull();
    expect(paymentReminder(uttara, '2026-10-31', 30)).toBeNull();
  });

  it('reminds within the days before the expiry, once per device and expiry date', () => {
    expect(paymentReminder(uttara, '2026-11-28', 3)).toEqual({
      phase: 'due',
      dedupKey: 'payment-due:olt:o1:2026-12-01:due',
      title: "OLT 'Uttara-1' expires on 1 Dec 2026 (in 3 days); renew from the OLT list",
      detail: { phase: 'due', expiresOn: '2026-12-01', daysLeft: 3 },
    });
    expect(title(uttara, '2026-11-30')).toBe(
      "OLT 'Uttara-1' expires on 1 Dec 2026 (in 1 day); renew from the OLT list",
    );
    expect(title(uttara, '2026-12-01')).toBe(
      "OLT 'Uttara-1' expires on 1 Dec 2026 (today); renew from the OLT list",
    );
    expect(paymentReminder(uttara, '2026-11-30', 3)?.dedupKey).toBe('payment-due:olt:o1:2026-12-01:due');
    expect(title(core, '2026-11-29')).toBe(
      "Switch 'Core-1' expires on 1 Dec 2026 (in 2 days); renew from the switch list",
    );
  });

  it('counts days across a year end', () => {
    expect(title({ ...uttara, expiresOn: '2027-01-02' }, '2026-12-31')).toBe(
      "OLT 'Uttara-1' expires on 2 Jan 2027 (in 2 days); renew from the OLT list",
    );
  });

  it('tells once it has expired, while the grace lasts, when device actions stop', () => {
    expect(paymentReminder(uttara, '2026-12-02', 3)).toEqual({
      phase: 'grace',
      dedupKey: 'payment-due:olt:o1:2026-12-01:grace',
      title: "OLT 'Uttara-1' expired on 1 Dec 2026; device actions stop on 9 Dec 2026",
      detail: { phase: 'grace', expiresOn: '2026-12-01', actionsStopOn: '2026-12-09' },
    });
    expect(paymentReminder(uttara, '2026-12-08', 3)?.dedupKey).toBe('payment-due:olt:o1:2026-12-01:grace');
    expect(paymentReminder(uttara, '2026-12-09', 3)).toBeNull();
    expect(title(core, '2026-12-05')).toBe(
      "Switch 'Core-1' expired on 1 Dec 2026; renew it from the switch list (grace ends on 8 Dec 2026)",
    );
  });
});
