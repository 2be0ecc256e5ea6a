import { DeviceCircuitBreaker } from './circuit-breaker';
import { DriverErrorCode } from './driver.exception';

describe('DeviceCircuitBreaker', () => {
  it('opens after consecutive failures, rejects fast, lets one trial through after the cool-down', async () => {
    let t = 0;
    const cb = new DeviceCircuitBreaker({ failureThreshold: 2, cooldownMs: 1000, now: () => t });
    const fail = () => Promise.reject(new Error('timeout'));
    let calls = 0;
    const ok = async () => {
      calls++;
      return 'ok';
    };
    await expect(cb.run('olt-1', fail)).rejects.toThrow('timeout');
    await expect(cb.run('olt-1', fail)).rejects.toThrow('timeout');
    expect(cb.state('olt-1')).toBe('open');
    await expect(cb.run('olt-1', ok)).rejects.toMatchObject({ code: DriverErrorCode.CIRCUIT_OPEN });
    expect(calls).toBe(0);
    // Another device is unaffected.
    expect(await cb.run('olt-2', ok)).toBe('ok');
    t = 1000;
    expect(cb.state('olt-1')).toBe('half-open');
    await expect(cb.run('olt-1', fail)).rejects.toThrow('timeout');
    expect(cb.state('olt-1')).toBe('open');
    t = 2000;
    expect(await cb.run('olt-1', ok)).toBe('ok');
    expect(cb.state('olt-1')).toBe('closed');
  });
});
