import { ALERT_KINDS, ALERT_RULE_DEFAULTS, type AlertRule } from '@pondesk/contracts';
import {
  ruleFormErrors,
  ruleFormFrom,
  ruleOf,
  ruleServerErrors,
  toRuleUpdate,
  type RuleFormValues,
} from './rule-form';

const defaults = (kind: AlertRule['kind']) => ALERT_RULE_DEFAULTS[kind] as AlertRule;

describe('the rule cards', () => {
  it('shows a kind never saved with its defaults', () => {
    const saved: AlertRule = { ...defaults('onu-down'), enabled: true };
    expect(ruleOf([saved], 'onu-down')).toBe(saved);
    expect(ruleOf([saved], 'pon-outage')).toEqual(ALERT_RULE_DEFAULTS['pon-outage']);
    expect(ruleOf(undefined, 'olt-unreachable')).toEqual(ALERT_RULE_DEFAULTS['olt-unreachable']);
  });

  it('shows seconds as minutes and shares as percent', () => {
    const v = ruleFormFrom({
      kind: 'pon-outage',
      enabled: true,
      minDurationSeconds: 90,
      notifyRecovery: false,
      params: { minOnus: 4, minShare: 0.29, windowSeconds: 300, recoveredShare: 0.8 },
    });
    expect(v).toMatchObject({
      enabled: true,
      minDurationMinutes: '1.5',
      notifyRecovery: false,
      minOnus: '4',
      minSharePct: '29',
      windowMinutes: '5',
      recoveredSharePct: '80',
    });
  });

  it.each(ALERT_KINDS)('sends the %s defaults back unchanged', (kind) => {
    const rule = defaults(kind);
    const { kind: _kind, ...update } = rule;
    const sent = toRuleUpdate(kind, ruleFormFrom(rule));
    expect(sent).toEqual(update);
    expect(ruleFormErrors(kind, ruleFormFrom(rule))).toEqual({});
  });

  it("sends only the kind's own params, in seconds and shares", () => {
    const v: RuleFormValues = {
      ...ruleFormFrom(defaults('pon-outage')),
      minDurationMinutes: '2',
      minOnus: ' 6 ',
      minSharePct: '35',
      windowMinutes: '2.5',
      recoveredSharePct: '90',
    };
    expect(toRuleUpdate('pon-outage', v)).toEqual({
      enabled: true,
      minDurationSeconds: 120,
      notifyRecovery: true,
      params: { minOnus: 6, minShare: 0.35, windowSeconds: 150, recoveredShare: 0.9 },
    });
    expect(toRuleUpdate('olt-unreachable', v).params).toEqual({});
  });

  it('sends the ONU down reasons in vocabulary order', () => {
    const v = { ...ruleFormFrom(defaults('onu-down')), reasons: ['power-off', 'los'] } as RuleFormValues;
    expect(toRuleUpdate('onu-down', v).params).toEqual({ reasons: ['los', 'power-off'] });
  });

  it('never asks for a recovery of an information-only kind', () => {
    const v = { ...ruleFormFrom(defaults('signal-degrading')), notifyRecovery: true };
    expect(toRuleUpdate('signal-degrading', v).notifyRecovery).toBe(false);
    expect(toRuleUpdate('signal-degrading', v).params).toEqual({ minDeclineDbPerDay: 0.05, horizonDays: 30 });
  });

  it("checks only the kind's own fields", () => {
    const bad: RuleFormValues = {
      ...ruleFormFrom(defaults('pon-outage')),
      minDurationMinutes: '-1',
      minOnus: '2.5',
      minSharePct: '0',
      windowMinutes: 'x',
      recoveredSharePct: '101',
      reasons: [],
      minDeclineDbPerDay: '0',
      horizonDays: '0',
    };
    expect(Object.keys(ruleFormErrors('pon-outage', bad)).sort()).toEqual([
      'minDurationMinutes',
      'minOnus',
      'minSharePct',
      'recoveredSharePct',
      'windowMinutes',
    ]);
    expect(Object.keys(ruleFormErrors('onu-down', bad)).sort()).toEqual(['minDurationMinutes', 'reasons']);
    expect(Object.keys(ruleFormErrors('signal-degrading', bad)).sort()).toEqual([
      'horizonDays',
      'minDeclineDbPerDay',
      'minDurationMinutes',
    ]);
    expect(Object.keys(ruleFormErrors('olt-unreachable', bad))).toEqual(['minDurationMinutes']);
  });

  it('sends the days before a package expires as a whole number from 1 to 30', () => {
    const v = { ...ruleFormFrom(defaults('payment-due')), daysBefore: ' 7 ' };
    expect(toRuleUpdate('payment-due', v).params).toEqual({ daysBefore: 7 });
    for (const daysBefore of ['0', '31', '2.5', ''])
      expect(ruleFormErrors('payment-due', { ...v, daysBefore })).toEqual({
        daysBefore: 'Whole days from 1 to 30',
      });
  });

  it("puts the server's field errors under the card's fields", () => {
    expect(
      ruleServerErrors({
        minDurationSeconds: 'must be at most 86400',
        'params.minShare': 'must be between 0 and 1',
        'params.reasons.0': 'is not a down reason',
        'params.somethingElse': 'ignored',
      }),
    ).toEqual({
      minDurationMinutes: 'must be at most 86400',
      minSharePct: 'must be between 0 and 1',
      reasons: 'is not a down reason',
    });
  });
});
