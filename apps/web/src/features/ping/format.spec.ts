import { alertText, formatLatency, formatLoss, stateBadge } from './format';

describe('server card text', () => {
  it('writes latency with hundredths under 1 ms, tenths under 10 ms, and says when no reply came', () => {
    expect(formatLatency(0.021)).toBe('0.02 ms');
    expect(formatLatency(0.996)).toBe('1.0 ms');
    expect(formatLatency(1.42)).toBe('1.4 ms');
    expect(formatLatency(9.96)).toBe('10 ms');
    expect(formatLatency(48.6)).toBe('49 ms');
    expect(formatLatency(null)).toBe('No answer');
    expect(formatLatency(undefined)).toBe('—');
  });

  it('writes loss as a percent, a tenth below 10 %', () => {
    expect(formatLoss(0)).toBe('0%');
    expect(formatLoss(1.6667)).toBe('1.7%');
    expect(formatLoss(33.333)).toBe('33%');
    expect(formatLoss(100)).toBe('100%');
    expect(formatLoss(null)).toBe('—');
  });

  it('badges ok green, alert red, and unknown as waiting', () => {
    expect(stateBadge('ok')).toEqual({ label: 'ok', color: 'success' });
    expect(stateBadge('alert')).toEqual({ label: 'alert', color: 'error' });
    expect(stateBadge('unknown')).toEqual({ label: 'waiting', color: 'default' });
  });

  it('says why a card is red', () => {
    const base = { latencyLimitMs: 50, lastRttMs: 82.4 };
    expect(alertText({ ...base, state: 'alert', alertReason: 'slow' })).toBe(
      'Slow: 82 ms, over its 50 ms limit',
    );
    expect(alertText({ ...base, state: 'alert', alertReason: 'no-answer', lastRttMs: null })).toBe(
      'Not answering',
    );
    expect(alertText({ ...base, state: 'ok', alertReason: null })).toBeNull();
  });
});
