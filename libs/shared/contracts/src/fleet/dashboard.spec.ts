import { RX_THRESHOLDS_DBM, rxAtOrBelow, signalBand } from './dashboard';
import { rxLevel } from './monitoring';

// The one bound rule: a reading exactly on a bound belongs to the weaker side, on every screen.
describe('rx thresholds at their bounds', () => {
  it.each([
    // rx, band, in the "24+ dB" card, -28 or worse, -30 or worse, colour
    [-15, 'excellent', false, false, false, 'success'],
    [-19.99, 'excellent', false, false, false, 'success'],
    [-20, 'good', false, false, false, 'success'],
    [-23.99, 'good', false, false, false, 'success'],
    [-24, 'fair', true, false, false, 'warning'],
    [-24.01, 'fair', true, false, false, 'warning'],
    [-27, 'weak', true, false, false, 'warning'],
    [-28, 'weak', true, true, false, 'warning'],
    [-29.99, 'weak', true, true, false, 'warning'],
    [-30, 'critical', true, true, true, 'error'],
    [-30.2, 'critical', true, true, true, 'error'],
  ] as const)('%p dBm → %p', (rx, band, weak24, below28, below30, level) => {
    expect(signalBand(rx)).toBe(band);
    expect(rxAtOrBelow(rx, RX_THRESHOLDS_DBM.weak24)).toBe(weak24);
    expect(rxAtOrBelow(rx, RX_THRESHOLDS_DBM.below28)).toBe(below28);
    expect(rxAtOrBelow(rx, RX_THRESHOLDS_DBM.below30)).toBe(below30);
    expect(rxLevel(rx)).toBe(level);
  });

  it('has no band, count or colour without a reading', () => {
    expect(signalBand(null)).toBeNull();
    expect(rxAtOrBelow(null, RX_THRESHOLDS_DBM.weak24)).toBe(false);
    expect(rxLevel(null)).toBe('default');
  });

  it('counts in the 24+ card exactly the Fair, Weak and Critical bands', () => {
    for (let rx = -35; rx <= -15; rx += 0.01) {
      const r = Math.round(rx * 100) / 100;
      expect(rxAtOrBelow(r, RX_THRESHOLDS_DBM.weak24)).toBe(
        ['fair', 'weak', 'critical'].includes(signalBand(r) ?? ''),
      );
    }
  });
});
