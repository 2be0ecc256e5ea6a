import { signalBand } from './dashboard';

describe('signalBand', () => {
  it.each([
    [-15, 'excellent'],
    [-20, 'excellent'],
    [-20.01, 'good'],
    [-24, 'good'],
    [-24.5, 'fair'],
    [-27, 'fair'],
    [-27.1, 'weak'],
    [-30, 'weak'],
    [-30.2, 'critical'],
    [null, null],
  ])('%p dBm → %p', (rx, band) => expect(signalBand(rx)).toBe(band));
});
