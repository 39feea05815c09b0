import { randomBytes } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { type SimulationHandle, startSimulation } from '../../tools/simulator/src/sim';
import { E2E_ADMIN_PASSWORD } from '../global-setup';
import { signIn } from '../helpers';

/**
 * Subnet cutover from the console: simulated gateways and devices on US915 sub-band 1, a task
 * to sub-band 2 made in the form, its gateways and the application's devices added, the devices
 * asked for both plans while the page follows them; the task canceled; then the list in Chinese
 * at 390 px without sideways scrolling.
 */
async function shot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}
const pageOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test('a cutover task from us915-1 to us915-2: members, their status, cancel; Chinese at 390 px', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, 'admin', E2E_ADMIN_PASSWORD);
  const token = (await page.evaluate(() => localStorage.getItem('lns.token')))!;
  // A fresh prefix and name each run: a retry's members would be in the first attempt's task.
  const tag = randomBytes(1).toString('hex');
  const prefix = `e2${tag}`;
  const taskName = `cutover-${tag}-${Date.now() % 100_000}`;
  const app = `e2e-cutover-${tag}`;
  let sim: SimulationHandle | undefined;
  try {
    sim = await startSimulation({
      url: process.env.E2E_BASE_URL!,
      token,
      udp: `127.0.0.1:${process.env.E2E_UDP_PORT}`,
      app,
      gateways: 2,
      devices: 3,
      interval: 2,
      region: 'us915',
      subnet: 'us915-1',
      otaaShare: 0,
      confirmedShare: 0,
      prefix,
    });

    // The task form: a region, then its two subnets.
    await page.goto('/gateway/subnet-cutover');
    await page.getByTestId('cutover-add').click();
    await page.getByTestId('cutover-taskName').fill(taskName);
    await expect(page.getByTestId('cutover-interval')).toHaveValue('60');
    await page.getByRole('combobox', { name: /Region/ }).click();
    await page.getByTestId('cutover-region-us915').click();
    await page.getByRole('combobox', { name: /Current channel plan/ }).click();
    await page.getByTestId('currentChannelPlan-us915-1').click();
    await page.getByRole('combobox', { name: /Next channel plan/ }).click();
    await page.getByTestId('nextChannelPlan-us915-2').click();
    await expect(page.getByRole('listbox')).toHaveCount(0);
    await shot(page, 'cutover-form-en-US');
    await page.getByTestId('cutover-save').click();
    const row = page.getByTestId('cutover-tasks').getByRole('row', { name: new RegExp(taskName) });
    await expect(row).toContainText('us915:us915-1 → us915:us915-2');
    await expect(row).toContainText('Waiting to execute');

    // Its gateways: those of the simulation, on sub-band 1.
    await row.getByRole('link', { name: '0 gateways' }).click();
    await page.getByTestId('cutover-add-gateways').click();
    await page.getByTestId('cutover-available-keyword').fill(prefix.toUpperCase());
    const available = page.getByTestId('cutover-available');
    await expect(available.getByRole('row')).toHaveCount(3);
    await available.getByRole('checkbox').first().check();
    await page.getByTestId('cutover-add-members').click();
    const gateways = page.getByTestId('cutover-gateway-members');
    await expect(gateways.getByRole('row')).toHaveCount(3);
    await expect(gateways).toContainText('Waiting to execute');
    await shot(page, 'cutover-gateways-en-US');

    // Its devices: every device of the simulation's application.
    await page.getByRole('link', { name: 'Cutover devices' }).click();
    await page.getByTestId('cutover-add-app').click();
    await page.getByRole('combobox', { name: 'Choose an application' }).click();
    await page.getByRole('option', { name: app }).click();
    await page.getByTestId('cutover-add-app-save').click();
    await expect(page.getByTestId('cutover-app-added')).toContainText('3 devices added');
    // Closed by its button (Escape depends on where the focus is after the answer).
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).last().click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    const devices = page.getByTestId('cutover-device-members');
    await expect(devices.getByRole('row')).toHaveCount(4);
    // The devices' next uplinks carry the request for both plans; the page follows them.
    await expect(devices).toContainText(/Request sent|Confirmed/, { timeout: 45_000 });
    await expect(devices).toContainText('Both plans');
    await shot(page, 'cutover-devices-en-US');

    // Cancel before the switch.
    await page.goto('/gateway/subnet-cutover');
    await expect(row).toContainText('3 devices');
    await shot(page, 'cutover-list-en-US');
    await page.getByRole('button', { name: `Cancel task ${taskName}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel task' }).click();
    await expect(row).toContainText('Canceled');
    await expect(page.getByRole('button', { name: `Cancel task ${taskName}` })).toHaveCount(0);

    // Chinese at phone width: no sideways scrolling.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.evaluate(() => localStorage.setItem('lns.lang', 'zh-CN'));
    await page.goto('/gateway/subnet-cutover');
    await expect(page.getByRole('heading', { name: '子网切换任务' })).toBeVisible();
    await expect(row).toContainText('已取消');
    expect(await pageOverflow(page)).toBeLessThanOrEqual(1);
    await shot(page, 'cutover-list-zh-CN-390');
    await row.getByRole('link', { name: '3 个设备' }).click();
    await expect(page.getByTestId('cutover-device-members').getByRole('row')).toHaveCount(4);
    expect(await pageOverflow(page)).toBeLessThanOrEqual(1);
    await shot(page, 'cutover-devices-zh-CN-390');
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/gateway/subnet-cutover');
    await expect(row).toContainText('已取消');
    await shot(page, 'cutover-list-zh-CN');
    await page.evaluate(() => localStorage.setItem('lns.lang', 'en-US'));
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/gateway/subnet-cutover');
    await expect(row).toContainText('Canceled');
    expect(await pageOverflow(page)).toBeLessThanOrEqual(1);
    await shot(page, 'cutover-list-en-US-390');
  } finally {
    await sim?.stop();
    await page.evaluate(() => localStorage.setItem('lns.lang', 'en-US'));
  }
});
