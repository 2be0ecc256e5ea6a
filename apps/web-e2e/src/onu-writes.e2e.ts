import type { Browser, Page } from 'playwright-core';
import type { OltDetail, OnuDetail, OnuList, OnuWriteStarted } from '@pondesk/contracts';
import type { SimOnuState, SimulatorProcess } from '@pondesk/server-testing';
import { launchBrowser } from './support';
import { signedIn, type Account } from './pages/identity';
import { api, startDemoFleet } from './pages/monitoring';

/**
 * ONU writes as an operator sends them from the console: the dialog says how the command reaches the OLT and
 * on what evidence, asks for consent before an inferred command, and the verdict arrives later as a toast.
 * The fleet's OLTs are added without an SNMP write community, so reboots go over telnet. Expected commands
 * and evidence are hand-typed from the device-data notes (CLI-ACTIONS.md): BDCOM GPON
 * `gpon reboot onu interface GPON0/<p>:<o>` [S]; V-SOL GPON `onu <o> reboot` [I]. That the ONU went down and
 * came back is the simulator's doing (this proves the wiring, not a device's behaviour).
 */
describe('ONU writes on evidence, from the console', () => {
  let browser: Browser;
  let sim: SimulatorProcess;
  let token: string;
  let account: Account;
  let olts: Map<string, OltDetail>;
  let onus: Map<string, SimOnuState[]>;

  beforeAll(async () => {
    ({ sim, account, token, olts, onus } = await startDemoFleet('writes'));
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await sim?.stop();
  });

  /** An online ONU of the simulated OLT, and its stored record. */
  async function onlineOnu(oltName: string): Promise<{ sim: SimOnuState; onu: OnuDetail }> {
    const olt = olts.get(oltName)!;
    for (const o of onus
      .get(oltName)!
      .filter((x) => x.status === 'online')
      .slice(0, 20)) {
      const list = await api<OnuList>(`/onus?oltId=${olt.id}&ponPort=${o.ponPort}&pageSize=100`, token);
      const stored = list.items.find((x) => x.onuId === o.onuId);
      if (stored?.status === 'online')
        return { sim: o, onu: await api<OnuDetail>(`/onus/${stored.id}`, token) };
    }
    throw new Error(`no online ONU of ${oltName} is stored`);
  }

  /** The ONU's own row on the Olt Data Port page, its menu opened on Reboot. */
  async function openReboot(onu: OnuDetail): Promise<Page> {
    const page = await signedIn(
      browser,
      account,
      `/olt-data-ports?olt=${onu.oltId}&port=${onu.ponPort}&search=${encodeURIComponent(onu.ifName)}`,
      { width: 1440, height: 900 },
    );
    const row = page.locator(`[data-testid="onu-row"][data-onu-id="${onu.id}"]`);
    await row.waitFor({ timeout: 15000 });
    await row.getByRole('button', { name: /^Actions for / }).click();
    await page.getByRole('menuitem', { name: 'Reboot' }).click();
    await page.getByRole('dialog').waitFor();
    return page;
  }

  const simOnu = async (device: string, p: number, o: number) =>
    (await (await fetch(`${sim.control}/devices/${device}/onus/${p}/${o}`)).json()) as {
      status: string;
      rebootCommands: number;
    };

  it('reboots a BDCOM GPON ONU by its production command, then says Reboot Successfully when it is back', async () => {
    const { sim: o, onu } = await onlineOnu('bdcom-gpon-1');
    const page = await openReboot(onu);
    const dialog = page.getByRole('dialog');
    expect((await dialog.getByTestId('write-path-evidence').textContent())?.trim()).toBe(
      'Sent over telnet · used by production tools on real OLTs',
    );
    expect(await dialog.getByTestId('write-path-steps').textContent()).toContain(
      `gpon reboot onu interface GPON0/${o.ponPort}:${o.onuId}`,
    );
    expect(await dialog.getByRole('checkbox').count()).toBe(0);

    const answer = page.waitForResponse((r) => r.url().endsWith(`/onus/${onu.id}/reboot`));
    await dialog.getByRole('button', { name: 'Reboot' }).click();
    const res = await answer;
    expect(res.status()).toBe(200);
    const started = (await res.json()) as OnuWriteStarted;
    expect(started.verification).toBe('watching');
    // The server's "sent" words, not the verdict's.
    expect(started.message).not.toBe('Reboot Successfully');
    await page.getByTestId('toast-success').filter({ hasText: started.message }).waitFor({ timeout: 10000 });
    expect((await simOnu('bdcom-gpon-1', o.ponPort, o.onuId)).rebootCommands).toBe(1);

    // Simulated time is frozen: the ONU stays down until the clock moves. Once the console has seen it
    // offline, the simulator's 90 s reboot is skipped over and the next look finds it back.
    const row = page.locator(`[data-testid="onu-row"][data-onu-id="${onu.id}"]`);
    await row.locator('[data-testid="onu-status"][data-status="offline"]').waitFor({ timeout: 30000 });
    await sim.send('POST', '/clock', { advanceSeconds: 91 });
    await page
      .getByTestId('toast-success')
      .filter({ hasText: 'Reboot Successfully' })
      .waitFor({ timeout: 30000 });
    // The verdict refreshed the list: the row is online again.
    await row.locator('[data-testid="onu-status"][data-status="online"]').waitFor({ timeout: 15000 });
    await page.context().close();
  });

  it('holds an inferred V-SOL GPON reboot until the operator ticks the consent, by keyboard too', async () => {
    const { sim: o, onu } = await onlineOnu('vsol-gpon-1');
    const page = await openReboot(onu);
    const dialog = page.getByRole('dialog');
    await dialog
      .getByText(
        "This OLT's reboot command is inferred: it has never been seen working on a real device. It may do nothing, or something else.",
      )
      .waitFor();
    expect((await dialog.getByTestId('write-path-evidence').textContent())?.trim()).toBe(
      'Sent over telnet · inferred (never seen on a device)',
    );
    expect(await dialog.getByTestId('write-path-steps').textContent()).toContain(`onu ${o.onuId} reboot`);
    const reboot = dialog.getByRole('button', { name: 'Reboot' });
    const consent = dialog.getByRole('checkbox', { name: 'Send the inferred command anyway' });
    expect(await reboot.isDisabled()).toBe(true);

    // The consent has the focus; Enter neither ticks it nor sends anything.
    await page.waitForFunction(() => document.activeElement?.getAttribute('type') === 'checkbox');
    let posted = 0;
    page.on('request', (r) => r.method() === 'POST' && r.url().endsWith('/reboot') && posted++);
    await page.keyboard.press('Enter');
    expect(await consent.isChecked()).toBe(false);
    expect(await reboot.isDisabled()).toBe(true);
    await page.keyboard.press('Space');
    expect(await consent.isChecked()).toBe(true);
    expect(await reboot.isEnabled()).toBe(true);
    expect(posted).toBe(0);

    // Cancel, then Reboot, in tab order: Enter on Reboot sends with the consent.
    const sent = page.waitForRequest(
      (r) => r.method() === 'POST' && r.url().endsWith(`/onus/${onu.id}/reboot`),
    );
    const answer = page.waitForResponse((r) => r.url().endsWith(`/onus/${onu.id}/reboot`));
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect(await reboot.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    expect((await sent).postDataJSON()).toEqual({ acceptInferred: true });
    // Whatever the simulated OLT makes of the inferred command, the console says what the server answered.
    const res = await answer;
    const body = (await res.json()) as { message: string };
    if (res.ok()) await page.getByTestId('toast-success').filter({ hasText: body.message }).waitFor();
    else
      await page
        .getByTestId('toast-error')
        .filter({ hasText: `Reboot failed! ${body.message}` })
        .waitFor();
    await page.context().close();
  });
});
