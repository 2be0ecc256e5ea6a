import { parsePppoeIds } from '@pondesk/contracts';
import { recordedOnuDescriptions } from './onu-descriptions';
import { RECORDED_PPPOE_IDS } from './recorded-pppoe-ids.table';

describe('PPPoE ids of every description in the real recordings', () => {
  const found = recordedOnuDescriptions();

  it('finds the descriptions of every source (SNMP, CLI, HTTP) and no string the table does not know', () => {
    const sources = new Set(found.map((f) => f.source.split('/')[0]));
    expect([...sources].sort()).toEqual(['cli', 'http', 'snmp']);
    const unknown = found
      .filter((f) => !(f.text in RECORDED_PPPOE_IDS))
      .map((f) => `${f.text} (${f.source})`);
    expect(unknown).toEqual([]);
    // …and the table holds nothing the recordings no longer contain.
    const texts = new Set(found.map((f) => f.text));
    expect(Object.keys(RECORDED_PPPOE_IDS).filter((t) => !texts.has(t))).toEqual([]);
  });

  it('reads each one as the hand-written table says: a default name yields none, a login yields itself', () => {
    const actual = Object.fromEntries(found.map((f) => [f.text, parsePppoeIds(f.text)]));
    expect(actual).toEqual(RECORDED_PPPOE_IDS);
  });
});
