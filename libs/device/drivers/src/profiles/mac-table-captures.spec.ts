/** The MAC-table captures added with CLI-ACTIONS.md §8; expected rows hand-typed from the files. */
import { bdcom, vsolEpon } from './index';
import { cliSample } from '../testing/device-data';

describe('MAC tables of live V-SOL EPON and BDCOM EPON boxes', () => {
  it('V-SOL EPON `show onu 1 mac-address-table` (sightops, live capture): four MACs on EPON0/1 ONU 1', () => {
    const rows = vsolEpon.parseOnuMacTable(cliSample('vsol/epon-onu-mac-table-live_sightops.txt'));
    expect(rows).toEqual([
      { vlan: 1000, mac: '54:6c:ac:25:e6:cf', ponPort: 1, onuId: 1 },
      { vlan: 1000, mac: '54:6c:ac:25:e8:1a', ponPort: 1, onuId: 1 },
      { vlan: 1000, mac: '98:2a:0a:4b:a5:71', ponPort: 1, onuId: 1 },
      { vlan: 1000, mac: '54:6c:ac:25:e8:1c', ponPort: 1, onuId: 1 },
    ]);
  });

  it('BDCOM EPON `| include` and per-interface MAC tables with tab-separated columns (ru ops wiki)', () => {
    const [include, byInterface] = cliSample(
      'bdcom/epon-mac-table-include-and-interface_ru-ops-wiki.txt',
    ).split(/\n\s*\n/);
    expect(include.split('\n')[0]).toBe('show mac address-table dynamic | include fcfa.f796.3f44');
    expect(bdcom.parseBdcomMacTable(include)).toEqual([
      { vlan: 1, mac: 'fc:fa:f7:96:3f:44', type: 'DYNAMIC', port: 'epon0/1:9', ponPort: 1, onuId: 9 },
    ]);
    expect(byInterface.split('\n')[0]).toBe('show mac address-table interface epon 0/1:9');
    expect(bdcom.parseBdcomMacTable(byInterface)).toEqual([
      { vlan: 1, mac: 'fc:fa:f7:96:3f:44', type: 'DYNAMIC', port: 'epon0/1:9', ponPort: 1, onuId: 9 },
      { vlan: 1569, mac: '2c:ab:25:0b:73:8b', type: 'DYNAMIC', port: 'epon0/1:9', ponPort: 1, onuId: 9 },
    ]);
  });
});
