import type { ExpiryNotice } from '@pondesk/contracts';
import { bannerLines, bannerSeverity, noticesSignature, noticeText, renewPath } from './expiry-notices';

const notice = (over: Partial<ExpiryNotice>): ExpiryNotice => ({
  targetType: 'olt',
  targetId: 'o1',
  name: 'Core',
  expiresOn: '2026-11-03',
  state: 'grace',
  graceEndsOn: '2026-11-10',
  ...over,
});

describe('the expiry banner', () => {
  it('says what happened and when device actions stop', () => {
    expect(noticeText(notice({}))).toBe(
      "OLT 'Core' expired on 3 Nov 2026; device actions stop after 10 Nov 2026",
    );
    expect(
      noticeText(notice({ state: 'expiring', expiresOn: '2026-11-30', graceEndsOn: '2026-12-07' })),
    ).toBe("OLT 'Core' expires on 30 Nov 2026");
    expect(noticeText(notice({ state: 'expired', targetType: 'switch', name: 'Agg-1' }))).toBe(
      "Switch 'Agg-1' expired on 3 Nov 2026; device actions stopped after 10 Nov 2026",
    );
  });

  it('is red once a device is past its grace days, amber before', () => {
    expect(bannerSeverity([notice({ state: 'expiring' }), notice({ state: 'grace' })])).toBe('warning');
    expect(bannerSeverity([notice({ state: 'expiring' }), notice({ state: 'expired' })])).toBe('error');
  });

  it('names the worst three and counts the rest', () => {
    const lines = bannerLines([
      notice({ targetId: 'a', name: 'A', state: 'expiring', expiresOn: '2026-11-25' }),
      notice({
        targetId: 'b',
        name: 'B',
        state: 'expired',
        expiresOn: '2026-10-01',
        graceEndsOn: '2026-10-08',
      }),
      notice({ targetId: 'c', name: 'C', state: 'grace' }),
      notice({ targetId: 'd', name: 'D', state: 'expiring', expiresOn: '2026-11-22' }),
      notice({ targetId: 'e', name: 'E', state: 'expiring', expiresOn: '2026-11-24' }),
    ]);
    expect(lines).toEqual([
      "OLT 'B' expired on 1 Oct 2026; device actions stopped after 8 Oct 2026",
      "OLT 'C' expired on 3 Nov 2026; device actions stop after 10 Nov 2026",
      "OLT 'D' expires on 22 Nov 2026",
      'and 2 more devices',
    ]);
  });

  it('comes back when a device changes state after a dismissal', () => {
    const before = noticesSignature([notice({ state: 'expiring' })]);
    expect(noticesSignature([notice({ state: 'expiring' })])).toBe(before);
    expect(noticesSignature([notice({ state: 'grace' })])).not.toBe(before);
  });

  it('links Renew to where the user may renew', () => {
    const olts = [notice({})];
    const switches = [notice({ targetType: 'switch' })];
    expect(renewPath(olts, [2001, 2006])).toBe('/package-list');
    expect(renewPath(olts, [2006])).toBe('/olt-list');
    expect(renewPath(switches, [2001, 2004])).toBe('/switch-list?tab=manage');
    expect(renewPath(switches, [2001])).toBe('/package-list');
    expect(renewPath(olts, [2008])).toBeNull();
  });
});
