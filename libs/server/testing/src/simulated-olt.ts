import type { OltDetail } from '@pondesk/contracts';
import type { ApiClient } from './api-client';
import type { SimulatorProcess } from './simulator-process';

/** Adds a device of the running simulator as an OLT through the API (as an operator would); fails on anything but 201. */
export async function addSimulatedOlt(
  client: ApiClient,
  sim: SimulatorProcess,
  device: { name: string; brand: string; mode: string },
  token: string,
  name = `Simulated ${device.name}`,
): Promise<OltDetail> {
  const info = await sim.device(device.name);
  const res = await client.post<OltDetail>(
    '/olts',
    {
      name,
      host: info.host,
      brand: device.brand,
      mode: device.mode,
      snmpPort: info.snmpPort,
      snmpCommunity: info.community,
      telnetPort: info.telnetPort,
      username: info.username,
      password: info.password,
    },
    token,
  );
  if (res.status !== 201) throw new Error(`adding the OLT failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** Milliseconds from now until `probe` holds, polling every `intervalMs`; throws after `timeoutMs`. */
export async function msUntil(
  probe: () => Promise<boolean>,
  { timeoutMs = 30000, intervalMs = 50, what = 'condition' } = {},
): Promise<number> {
  const t0 = Date.now();
  while (Date.now() - t0 < timeoutMs) {
    if (await probe().catch(() => false)) return Date.now() - t0;
    await new Promise((r) => setTimeout(r, intervalMs));
  }
  throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
}
