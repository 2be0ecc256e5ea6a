import { ONU_SEARCH_INDEX_EXPR } from './migrations/1795484579911-OnuSearch';
import { ONU_SEARCH_SQL } from './onu-search';

describe('ONU search expression', () => {
  it('is the expression the trigram index was built on (a change needs a migration)', () => {
    expect(ONU_SEARCH_SQL('onu')).toBe(ONU_SEARCH_INDEX_EXPR);
  });

  it('qualifies every column with the alias it is given', () => {
    const sql = ONU_SEARCH_SQL('n');
    expect(sql).not.toMatch(/\bonu\./);
    expect(sql.match(/\bn\.\w+/g)).toEqual([
      'n.if_name',
      'n.mac',
      'n.serial',
      'n.description',
      'n.vendor',
      'n.model',
      'n.status',
      'n.reason',
      'n.pppoe_ids',
    ]);
  });
});
