import { expect, type Page, test } from '@playwright/test';
import { type SimulationHandle, startSimulation } from '../../tools/simulator/src/sim';
import { E2E_ADMIN_PASSWORD } from '../global-setup';
import { signIn } from '../helpers';

/**
 * Relay and ladtp devices with the simulator running (docs/product/relay.md): device 1 is a relay
 * (rhf3mr01) that also relays for the last device, which no gateway hears; device 2 is a ladtp
 * (rhf3m485). The user reaches their pages from the device list, asks the relay for its status,
 * binds the slave, sends a configuration both devices confirm, and finds a 300-byte RS485 frame
 * that came up in sub-packets; then the same pages in Chinese at 390 px.
 */
const shot = (page: Page, name: string) =>
  page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
const dashed = (eui: string) => eui.toUpperCase().replace(/(..)(?!$)/g, '$1-');

test('a relay and a ladtp from the device list: status, slaves, configuration, RS485 data; Chinese at 390 px', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, 'admin', E2E_ADMIN_PASSWORD);
  const token = (await page.evaluate(() => localStorage.getItem('lns.token')))!;
  // A retry (or a repeat) binds on the same server: it brings devices and an application of its own,
  // since the slave the first attempt bound stays bound there.
  const attempt = test.info().retry + test.info().repeatEachIndex * 2;
  const app = attempt ? `e2e-relays-${attempt}` : 'e2e-relays';
  let sim: SimulationHandle | undefined;
  // What the simulated radio did, kept with a failed attempt (a request the device never answered).
  const events: string[] = [];
  try {
    sim = await startSimulation({
      url: process.env.E2E_BASE_URL!,
      token,
      udp: `127.0.0.1:${process.env.E2E_UDP_PORT}`,
      app,
      gateways: 1,
      devices: 4,
      interval: 2,
      otaaShare: 0,
      confirmedShare: 0,
      // Each journey's simulation has EUIs of its own (fuota and platform journeys have e2ea).
      prefix: (0xe2eb + attempt).toString(16),
      relay: { slaves: 1 },
      productTypes: ['rhf3mr01', 'rhf3m485'],
      minuteMs: 2_000,
      onEvent: (e) => events.push(`${new Date(e.at).toISOString()} ${e.type} ${e.text}`),
    });
    const [relay, ladtp, , slave] = sim.provisioned.devices;
    const name = (eui: string) => `sim-${eui.slice(-6)}`;
    const appUrl = `/application/device/list?appID=${sim.appID}&appName=${app}`;

    // The relay's pages are reached from its row: opening it offers the relay set of pages.
    await page.goto(appUrl);
    await page.getByTestId(`dev-link-${name(relay!.devEUI)}`).click();
    await page.getByRole('link', { name: 'Relay status' }).click();
    await expect(page.getByTestId('relay-status')).toBeVisible();
    await page.getByTestId('ask-status').click();
    await expect(page.getByTestId('ask-buttons').getByText('Done').first()).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('relay-status')).toContainText('Activated');
    await shot(page, 'relay-status-en-US');

    // Bind the slave that only the relay hears; it is updating until the relay answers, then bound.
    await page.getByRole('link', { name: 'Relay slaves' }).click();
    await page.getByTestId('slave-bind').click();
    await page.getByTestId('bind-input').fill(dashed(slave!.devEUI));
    await page.getByTestId('bind-input').press('Enter');
    await page.getByTestId('bind-send').click();
    await expect(page.getByTestId('bind-done')).toContainText('1 slave sent to the relay');
    // Its close button, not Escape: with the device suggestions open, Escape only closes them.
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).first().click();
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect(page.getByTestId('slave-status-1')).toBeVisible({ timeout: 30_000 });
    await shot(page, 'relay-slaves-en-US');

    // A configuration: refused in the form while a Max is not above its Min, then confirmed by the relay.
    await page.getByRole('link', { name: 'Relay configuration' }).click();
    const form = page.getByTestId('relay-config-form');
    const values = {
      joinDelayMin: '1000',
      joinDelayMax: '500',
      joinDelaySteps: '6',
      hbDelayMin: '30000',
      hbDelayMax: '3600000',
      hbDelaySteps: '6',
      checkNetDelayMin: '5000',
      checkNetDelayMax: '600000',
      checkNetDelaySteps: '10',
      checkNetDelayNackMax: '3',
      checkNetDelayTimeout: '12',
    };
    for (const [field, value] of Object.entries(values)) await page.getByTestId(`cfg-${field}`).fill(value);
    await page.getByTestId('cfg-send').click();
    await expect(form.getByText('The maximum must be greater than the minimum')).toBeVisible();
    await page.getByTestId('cfg-joinDelayMax').fill('60000');
    await page.getByTestId('cfg-send').click();
    await expect(page.getByTestId('config-pending')).toBeVisible();
    await expect(page.getByTestId('config-in-effect')).toContainText('60000', { timeout: 40_000 });
    await shot(page, 'relay-config-en-US');

    // The slave's frames came through the relay (it is out of every gateway's reach).
    expect(sim.counters.relayedUplinks).toBeGreaterThan(0);

    // The ladtp: its own set of pages; a new heartbeat period confirmed, a long bus frame whole.
    await page.goto(appUrl);
    await page.getByTestId(`dev-link-${name(ladtp!.devEUI)}`).click();
    await page.getByRole('link', { name: 'LADTP configuration' }).click();
    await page.getByTestId('ladtp-period').fill('5');
    await page.getByTestId('ladtp-isSubPacket').check();
    await page.getByTestId('cfg-send').click();
    await expect(page.getByTestId('config-in-effect')).toContainText('5', { timeout: 40_000 });
    const frame = Buffer.from(Array.from({ length: 300 }, (_, i) => i & 0xff));
    expect(sim.rs485(ladtp!.devEUI, frame)).toBeGreaterThan(1);
    await page.getByRole('link', { name: 'LADTP history' }).click();
    await expect(page.getByTestId('payload-table')).toContainText(frame.subarray(0, 8).toString('hex'), {
      timeout: 60_000,
    });
    await shot(page, 'ladtp-history-en-US');

    // The same pages in Chinese on a phone.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.evaluate(() => localStorage.setItem('lns.lang', 'zh-CN'));
    const q = `appID=${sim.appID}&appName=${app}`;
    for (const [path, eui, testId] of [
      ['relay/status', relay!.devEUI, 'relay-status'],
      ['relay/slave', relay!.devEUI, 'slave-table'],
      ['relay/config', relay!.devEUI, 'relay-config-form'],
      ['ladtp/config', ladtp!.devEUI, 'ladtp-config-form'],
      ['ladtp/history', ladtp!.devEUI, 'payload-table'],
    ] as const) {
      await page.goto(`/application/device/${path}?${q}&devEUI=${eui}&devName=${name(eui)}`);
      await expect(page.getByTestId(testId)).toBeVisible();
      await shot(page, `${path.replace('/', '-')}-zh-CN-390`);
    }
    await expect(page.getByTestId('slave-table')).toHaveCount(0);
  } catch (err) {
    await test.info().attach('simulator-events.txt', { body: events.join('\n'), contentType: 'text/plain' });
    throw err;
  } finally {
    await sim?.stop();
  }
});
