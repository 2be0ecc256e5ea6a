/**
 * The OIDs and values the SNMP write paths send, as the brand profiles hold them (drivers and simulator share
 * them), against CLI-ACTIONS.md §1–§5 typed by hand.
 */
import { bdcomEpon, bdcomGpon, cdataGpon, vsolEpon, vsolGpon } from '../profiles';

describe('SNMP write objects (CLI-ACTIONS.md)', () => {
  it('BDCOM EPON onuReset: 3320.101.10.1.1.29.<onuIfIndex>, reset(0), no-reset(1)', () => {
    expect(bdcomEpon.oids.onuReset).toBe('1.3.6.1.4.1.3320.101.10.1.1.29');
    expect(bdcomEpon.onuResetValues).toEqual({ reset: 0, noReset: 1 });
  });

  it('BDCOM GPON gponOnuConfigReboot: 3320.10.3.2.1.4.<onuIfIndex> = 1', () => {
    expect(bdcomGpon.oids.onuReboot).toBe('1.3.6.1.4.1.3320.10.3.2.1.4');
    expect(bdcomGpon.onuRebootValues.reboot).toBe(1);
  });

  it('V-SOL EPON resetOnu 12.1.15.{1,2}.0 and noAuthOnu 12.1.8.{1,2}.0', () => {
    expect(vsolEpon.actionOids).toEqual({
      resetPon: '1.3.6.1.4.1.37950.1.1.5.12.1.15.1.0',
      resetOnu: '1.3.6.1.4.1.37950.1.1.5.12.1.15.2.0',
      deletePon: '1.3.6.1.4.1.37950.1.1.5.12.1.8.1.0',
      deleteOnu: '1.3.6.1.4.1.37950.1.1.5.12.1.8.2.0',
    });
  });

  it('V-SOL GPON gOnuOpAction 6.1.1.5.{1,2,3}.0, reboot(1), del(2)', () => {
    expect(vsolGpon.actionOids).toEqual({
      pon: '1.3.6.1.4.1.37950.1.1.6.1.1.5.1.0',
      onu: '1.3.6.1.4.1.37950.1.1.6.1.1.5.2.0',
      action: '1.3.6.1.4.1.37950.1.1.6.1.1.5.3.0',
    });
    expect(vsolGpon.onuActions).toEqual({ reboot: 1, delete: 2 });
  });

  it('C-Data GPON resetONU: 17409.2.8.4.1.1.10.<idx> = 1', () => {
    expect(cdataGpon.oids.onuReboot).toBe('1.3.6.1.4.1.17409.2.8.4.1.1.10');
    expect(cdataGpon.onuRebootValues.reset).toBe(1);
  });
});
