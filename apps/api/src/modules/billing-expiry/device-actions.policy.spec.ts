import { HttpException } from '@nestjs/common';
import { assertOltActionsAllowed, oltActionsRefusal } from './device-actions.policy';

const uttara = { name: 'Uttara-1', expiresOn: '2026-11-03' };
const REFUSAL =
  "The package of OLT 'Uttara-1' expired on 3 Nov 2026. Renew it (OLT list → Billing) to reboot, delete or clear ONUs again.";

describe('device actions after a package expires', () => {
  it('allows an OLT that was never billed', () => {
    expect(oltActionsRefusal({ name: 'Demo', expiresOn: null }, '2040-01-01')).toBeNull();
  });

  it.each([
    ['a month before', '2026-10-03'],
    ['the week before', '2026-10-30'],
    ['the expiry day itself', '2026-11-03'],
    ['the first day of grace', '2026-11-04'],
    ['the last day of grace', '2026-11-10'],
  ])('allows them %s', (_when, today) => {
    expect(oltActionsRefusal(uttara, today)).toBeNull();
    expect(() => assertOltActionsAllowed(uttara, today)).not.toThrow();
  });

  it.each([['2026-11-11'], ['2027-03-01']])('refuses them from the day after the grace (%s)', (today) => {
    expect(oltActionsRefusal(uttara, today)).toBe(REFUSAL);
  });

  it('names the day without a leading zero', () => {
    expect(oltActionsRefusal({ name: 'Mirpur', expiresOn: '2027-01-09' }, '2027-02-01')).toBe(
      "The package of OLT 'Mirpur' expired on 9 Jan 2027. Renew it (OLT list → Billing) to reboot, delete or clear ONUs again.",
    );
  });

  it('answers 402 package-expired with the message', () => {
    let thrown: unknown;
    try {
      assertOltActionsAllowed(uttara, '2026-11-11');
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(HttpException);
    const e = thrown as HttpException;
    expect(e.getStatus()).toBe(402);
    expect(e.getResponse()).toEqual({ statusCode: 402, message: REFUSAL, code: 'package-expired' });
  });
});
