import { parseFleetConfig, resolveDevices } from '../config/fleet-config';
import { SimDevice } from '../fleet/sim-device';
import { OltState } from '../model/olt-state';
import { SimClock } from '../model/sim-clock';
import { SimSyslog } from './sim-syslog';

function olt(address: string | null) {
  const cfg = parseFleetConfig({
    timeScale: 0,
    devices: [{ name: 'b', brand: 'bdcom', mode: 'epon', ponPorts: 1, onusPerPort: 8 }],
  });
  const clock = new SimClock(Math.floor(Date.parse(cfg.epoch) / 1000), 0);
  const [spec] = resolveDevices(cfg, { mode: 'free' });
  const device = new SimDevice({ ...spec!, address }, '127.0.0.1', clock);
  return { device, st: device.state as OltState };
}

describe('syslog sender (no network)', () => {
  it('an address this machine does not have: the datagrams count as failed, logged once; idle() still resolves', async () => {
    // 192.0.2.0/24 is documentation space: no interface has it, so binding there fails (nothing is sent).
    const { device, st } = olt('192.0.2.10');
    const log = jest.fn();
    const syslog = new SimSyslog([device], null, { noise: null, tickMs: 1e9, log });
    syslog.configure({ host: '127.0.0.1', port: 9 });
    try {
      const online = st.onus().filter((o) => o.status === 'online');
      st.setOnuDown(online[0]!.ponPort, online[0]!.onuId, 'los');
      st.setOnuDown(online[1]!.ponPort, online[1]!.onuId, 'los');
      await syslog.idle();
      await new Promise((r) => setTimeout(r, 50));
      expect(syslog.view()).toMatchObject({ enabled: true, sent: 0, failed: 2, lines: { onuDown: 2 } });
      expect(syslog.view().lastError).toMatch(/EADDRNOTAVAIL|EINVAL/);
      expect(log).toHaveBeenCalledTimes(1);
    } finally {
      await syslog.stop();
    }
  });

  it('an OLT off the air sends nothing; the first look only records', async () => {
    const { device, st } = olt(null);
    const syslog = new SimSyslog([device], null, { noise: null, tickMs: 1e9 });
    syslog.configure({ host: '127.0.0.1', port: 9 });
    try {
      device.setOffAir(true);
      const u = st.onus().find((o) => o.status === 'online')!;
      st.setOnuDown(u.ponPort, u.onuId, 'power-off');
      await syslog.idle();
      expect(syslog.view()).toMatchObject({ sent: 0, failed: 0, lines: { onuDown: 0 } });
      expect(syslog.view().sources).toEqual([
        { name: 'b', kind: 'olt', address: '127.0.0.1' },
        { name: 'BRAS-b', kind: 'router', address: '127.0.0.1' },
      ]);
    } finally {
      await syslog.stop();
    }
  });
});
