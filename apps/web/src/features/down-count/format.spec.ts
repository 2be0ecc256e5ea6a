import type { IngestRouter } from '@pondesk/contracts';
import {
  agoOrDash,
  formatRx,
  isDownCountAlarm,
  maskKey,
  maskScript,
  routersSummary,
  rxColor,
} from './format';

describe('ingest key masking', () => {
  it('hides the key but for its last 4 characters', () => {
    expect(maskKey('pk_live_8f3a0c9e1b2d9f2c')).toBe('••••9f2c');
    expect(maskKey('12345')).toBe('••••2345');
    expect(maskKey('abcd')).toBe('••••');
    expect(maskKey('')).toBe('••••');
  });

  it('masks the key wherever the script carries it', () => {
    const script =
      '/tool fetch url="https://desk.example/api/v1/ingest/session-events" http-header-field="x-ingest-key: k3y-AB12" ; :put k3y-AB12';
    expect(maskScript(script, 'k3y-AB12')).toBe(
      '/tool fetch url="https://desk.example/api/v1/ingest/session-events" http-header-field="x-ingest-key: ••••AB12" ; :put ••••AB12',
    );
    expect(maskScript('no key here', 'k3y-AB12')).toBe('no key here');
    expect(maskScript('as is', '')).toBe('as is');
  });
});

describe('Down Count List cells', () => {
  it("writes rx as '-21.37 dBm', '-' without a reading", () => {
    expect(formatRx(-21.37)).toBe('-21.37 dBm');
    expect(formatRx(-8.1)).toBe('-8.10 dBm');
    expect(formatRx(null)).toBe('-');
    expect(formatRx(undefined)).toBe('-');
  });

  it('colours rx by the signal bands: above -24 good, to -30 weak, weaker bad', () => {
    expect(rxColor(-21.37)).toBe('success.main');
    expect(rxColor(-26)).toBe('warning.main');
    expect(rxColor(-31.5)).toBe('error.main');
    expect(rxColor(null)).toBeUndefined();
  });

  it('shows a count above 100 red', () => {
    expect(isDownCountAlarm(100)).toBe(false);
    expect(isDownCountAlarm(101)).toBe(true);
    expect(isDownCountAlarm(0)).toBe(false);
  });

  it("says how long ago, '-' without a time", () => {
    const now = Date.parse('2026-05-01T12:00:00Z');
    expect(agoOrDash('2026-05-01T11:58:00Z', now)).toBe('2 min ago');
    expect(agoOrDash('2026-04-29T12:00:00Z', now)).toBe('2 days ago');
    expect(agoOrDash(null, now)).toBe('-');
  });
});

describe('routers summary', () => {
  const router = (name: string, lastEventAt: string): IngestRouter => ({
    router: name,
    lastEventAt,
    lastAction: 'up',
    events24h: 4,
  });
  const now = Date.parse('2026-05-01T12:00:00Z');

  it('says when no router has reported', () => {
    expect(routersSummary([], now)).toBe('No router has reported yet');
  });

  it('counts the routers and says when the latest one reported', () => {
    expect(routersSummary([router('core-1', '2026-05-01T11:57:00Z')], now)).toBe(
      '1 router reporting · last event 3 min ago',
    );
    expect(
      routersSummary(
        [router('core-1', '2026-05-01T09:00:00Z'), router('core-2', '2026-05-01T11:55:00Z')],
        now,
      ),
    ).toBe('2 routers reporting · last event 5 min ago');
  });
});
