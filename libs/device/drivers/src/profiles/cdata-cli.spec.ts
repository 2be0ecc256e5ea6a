import { cdata, cdataEpon, cdataGpon } from './index';
import { blocks, cliSample } from '../testing/device-data';

describe('C-Data CLI parsers on real pastes', () => {
  it('parses the ont info table and the per-ONT MAC table', () => {
    const b = blocks(cliSample('cdata/epon-ont-info-all-and-mac_oltcmdread-tests.txt'));
    expect(cdata.parseOntInfoTable(b[0].body)).toEqual([
      expect.objectContaining({
        frameSlot: '0/0',
        ponPort: 1,
        onuId: 1,
        mac: 'c4:70:0b:6c:80:48',
        runState: 'online',
        configState: 'success',
        description: null,
      }),
      expect.objectContaining({
        ponPort: 1,
        onuId: 6,
        mac: '00:6d:61:bb:0d:e8',
        runState: 'offline',
        configState: 'failed',
      }),
    ]);
    expect(cdata.parseOntMacTable(b[1].body)).toEqual([
      { mac: 'e4:60:4d:72:71:ff', vlan: 100, ponPort: 1, onuId: 1 },
      { mac: 'c4:70:0b:6c:80:49', vlan: 100, ponPort: 1, onuId: 1 },
    ]);
  });

  it('parses by-mac, the ONT detail page with last down cause and the optical page', () => {
    const b = blocks(cliSample('cdata/epon-ont-info-and-optical_oltcmdread-adapter.txt'));
    const prompt = b[0].body.split('\n')[0];
    // Hostnames may contain spaces: `OLT - MANTIMENTO(config)# …` is a prompt line followed by the command.
    expect(cdata.cdataTelnet.prompt.test(prompt.slice(0, prompt.indexOf('#') + 2))).toBe(true);
    expect(cdata.parseOntInfoTable(b[0].body)).toEqual([
      expect.objectContaining({ ponPort: 2, onuId: 3, mac: 'c4:70:0b:89:51:60', runState: 'online' }),
    ]);
    const detail = cdata.parseOntDetail(b[1].body);
    expect(detail).toEqual({
      ponPort: 2,
      onuId: 3,
      runState: 'online',
      distanceM: 1972,
      mac: 'c4:70:0b:89:51:60',
      lastUpTime: '2000-05-22 00:30:53',
      lastDownTime: '2000-05-22 00:29:28',
      lastDyingGaspTime: '2000-05-22 00:29:26',
      lastDownCause: 'dying-gasp',
      description: null,
    });
    expect(cdataEpon.mapReason(detail.lastDownCause)).toBe('power-off');
    expect(cdata.parseOntOptical(b[2].body)).toEqual({
      voltageV: 3.3,
      txDbm: 1.97,
      rxDbm: -21.94,
      biasMa: 15.16,
      temperatureC: 50.73,
    });
  });

  it('parses the live optical page and recognises the glued vtysh error', () => {
    const b = blocks(cliSample('cdata/epon-optical-live_oltcmdread-doc.txt'));
    expect(b.map((x) => x.body.includes('Rx optical power'))).toEqual([false, false, true, false]);
    expect(cdata.parseOntOptical(b[2].body)).toEqual({
      voltageV: 3.39,
      txDbm: 1.89,
      rxDbm: -19.28,
      biasMa: 13,
      temperatureC: 31.3,
    });
    const err = b[3].body.split('\n')[1];
    expect(err).toBe('Unknown command: (vtysh)show ont optical-info0/0820');
    expect(cdata.cdataTelnet.errorLines.some((r) => r.test(err))).toBe(true);
    expect(cdata.cdataTelnet.pagers.some((r) => r.test("  --More ( Press 'Q' to quit )--"))).toBe(true);
  });

  it('encodes and decodes NSCRTV device indexes against the recorded ifIndex layout', () => {
    // pon0/0/1 = 16780544 (0x01000D00) on the recorded FD box with 8 GE + 4 XGE ports.
    expect(cdata.deviceIndex.ponIfIndex(1)).toBe(16780544);
    expect(cdata.deviceIndex.ponIfIndex(8)).toBe(16782336);
    const dev = cdata.deviceIndex.encode(16780544, 5);
    expect(dev).toBe(16780549);
    expect(cdata.deviceIndex.decode(dev)).toEqual({ ponIfIndex: 16780544, onuId: 5 });
    expect(cdata.deviceIndex.ponPortFromName('pon0/0/3')).toBe(3);
    expect(cdataGpon.serial.decode(cdataGpon.serial.encode('ZTEGC0A8B1C2'))).toBe('ZTEGC0A8B1C2');
    expect(cdataGpon.scale.rxDbm.decode(-2194)).toBe(-21.94);
    expect(cdataGpon.scale.rxDbm.decode(-1)).toBeNull();
    expect(cdataGpon.scale.rxDbm.encode(-21.94)).toBe(-2194);
    expect(cdataEpon.scale.voltageV.decode(330)).toBe(3.3);
  });
});
