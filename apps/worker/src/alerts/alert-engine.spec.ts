import { ALERT_RULE_DEFAULTS } from '@pondesk/contracts';
import { isOutage, outageDetail, type PonStats } from './alert-engine.service';

const pon = (over: Partial<PonStats>): PonStats => ({
  olt_id: 'olt',
  pon_port: 3,
  tenant_id: 't',
  olt_name: 'OLT-A',
  total: 16,
  offline: 0,
  recent: 0,
  reasons: {},
  ...over,
});

describe('PON outage', () => {
  const params = ALERT_RULE_DEFAULTS['pon-outage'].params; // at least 4 ONUs and half the PON, within 5 minutes

  it('is an outage when at least 4 ONUs and half the PON went down within the window', () => {
    expect(isOutage(pon({ offline: 8, recent: 8 }), params)).toBe(true);
    expect(isOutage(pon({ offline: 16, recent: 16 }), params)).toBe(true);
  });

  it('is not one for fewer ONUs, a smaller share, or ONUs that went down long ago', () => {
    expect(isOutage(pon({ total: 6, offline: 3, recent: 3 }), params)).toBe(false); // half, but only 3
    expect(isOutage(pon({ total: 64, offline: 20, recent: 20 }), params)).toBe(false); // 20 of 64
    expect(isOutage(pon({ offline: 16, recent: 2 }), params)).toBe(false); // down for hours, 2 lately
    expect(isOutage(pon({ total: 0 }), params)).toBe(false);
  });

  it('names the cause by the reasons of the ONUs down: LOS is fibre, dying gasp is power', () => {
    expect(outageDetail(pon({ offline: 10, reasons: { los: 9, 'power-off': 1 } })).cause).toBe('fibre');
    expect(outageDetail(pon({ offline: 10, reasons: { 'power-off': 7, los: 3 } })).cause).toBe('power');
    expect(outageDetail(pon({ offline: 10, reasons: { 'power-off': 5, los: 5 } })).cause).toBe('mixed');
    expect(outageDetail(pon({ total: 16, offline: 10, reasons: { los: 10 } }))).toEqual({
      down: 10,
      total: 16,
      reasons: { los: 10 },
      cause: 'fibre',
    });
  });
});
