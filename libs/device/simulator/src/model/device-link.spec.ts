import { AnswerPacer } from './device-link';

describe('AnswerPacer', () => {
  it('gives each answer count / rate seconds of the device, one after another', () => {
    let now = 0;
    const pacer = new AnswerPacer(
      () => 1000,
      () => now,
    );
    // 40 varbinds at 1,000 a second: 40 ms.
    expect(pacer.reserve(40)).toBe(40);
    // Asked at the same instant by another manager: it waits for the first answer, then takes its own 40 ms.
    expect(pacer.reserve(40)).toBe(80);
    // Once the device is idle again, the budget does not build up: 500 ms later a 10-varbind answer takes 10 ms.
    now = 500;
    expect(pacer.reserve(10)).toBe(10);
  });

  it('does not pace without a cap', () => {
    const pacer = new AnswerPacer(
      () => 0,
      () => 0,
    );
    expect(pacer.reserve(100_000)).toBe(0);
  });
});
