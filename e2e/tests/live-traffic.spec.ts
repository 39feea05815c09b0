import { expect, test } from '@playwright/test';
import { type SimulationHandle, startSimulation } from '../../tools/simulator/src/sim';
import { E2E_ADMIN_PASSWORD } from '../global-setup';
import { signIn } from '../helpers';

/**
 * Live traffic journey: a simulated gateway and device talk real Semtech UDP/LoRaWAN to the e2e
 * server; the device's live page shows their frames, pauses and resumes, opens a frame's
 * detail; a confirmed downlink sent from the page reaches "confirmed" when the device answers.
 */
test('live protocol frames, pause/resume, detail, and a downlink answered by the device', async ({ page }) => {
  test.setTimeout(150_000);
  await signIn(page, 'admin', E2E_ADMIN_PASSWORD);
  const token = await page.evaluate(() => localStorage.getItem('lns.token'));
  expect(token).toBeTruthy();

  let sim: SimulationHandle | undefined;
  try {
    sim = await startSimulation({
      url: process.env.E2E_BASE_URL!,
      token: token!,
      udp: `127.0.0.1:${process.env.E2E_UDP_PORT}`,
      app: 'e2e-live',
      gateways: 1,
      devices: 1,
      interval: 2,
      otaaShare: 0,
      confirmedShare: 0,
      prefix: 'e2e8',
    });
    const devEUI = sim.provisioned.devices[0]!.devEUI;
    const q = `appID=${sim.appID}&appName=e2e-live&devEUI=${devEUI}&devName=sim`;

    // Live protocol-layer frames arrive, newest first.
    await page.goto(`/application/device/data/protocol-layer?${q}`);
    const state = page.getByTestId('socket-state');
    await expect(state).toHaveAttribute('data-state', '1');
    const rows = page.getByTestId('live-row');
    await expect(rows.first()).toBeVisible({ timeout: 20_000 });
    await expect(rows.first()).toContainText('Unconfirmed Data Up');
    await expect(rows.first()).toContainText(/SF\d+BW125/);

    // Pause: the socket closes and no rows arrive; resume: it reconnects and rows arrive again.
    await page.getByRole('button', { name: 'Stop' }).click();
    await expect(state).toHaveAttribute('data-state', '3');
    const paused = await rows.count();
    const firstPaused = await rows.first().innerText();
    await page.waitForTimeout(5000);
    expect(await rows.count()).toBe(paused);
    expect(await rows.first().innerText()).toBe(firstPaused);
    await page.getByRole('button', { name: 'Start' }).click();
    await expect(state).toHaveAttribute('data-state', '1');
    await expect.poll(async () => rows.first().innerText(), { timeout: 20_000 }).not.toBe(firstPaused);

    // A row's detail: the stored frame from the datainfo call, as a JSON tree.
    await rows.first().click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('msgID');
    await expect(dialog).toContainText(devEUI);
    await dialog.getByRole('button', { name: 'Close' }).first().click();

    // A confirmed downlink from the page: the device receives it and acknowledges it.
    await page.goto(`/application/device/downlink?${q}`);
    await page.getByTestId('fport').fill('10');
    await page.getByTestId('data').fill('0102ab');
    await page.getByLabel('Confirmed').check();
    await page.getByRole('button', { name: 'Send' }).click();
    const status = page.getByTestId('downlink-status').first();
    await expect(status).toBeVisible();
    await expect(status).toHaveAttribute('data-status', '3', { timeout: 60_000 });
    await expect(page.getByTestId('downlink-delivery').first()).toHaveAttribute('data-delivery', 'success');
    expect(sim.counters.downlinks).toBeGreaterThan(0);
  } finally {
    await sim?.stop();
  }
});
