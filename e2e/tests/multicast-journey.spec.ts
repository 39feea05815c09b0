import { expect, type Page, test } from '@playwright/test';
import { type SimulationHandle, startSimulation } from '../../tools/simulator/src/sim';
import { E2E_ADMIN_PASSWORD } from '../global-setup';
import { signIn } from '../helpers';

/**
 * Multicast journey with the simulator running: create a remote-setup group in the form, bind
 * the simulated devices and gateways, watch them join over TS005, see the route chart, send a
 * multicast downlink the devices take, find it in the history; then the list in Chinese at 390 px.
 */
const GEN_APP_KEY = '8899aabbccddeeff0011223344556677';
const MC_EUI = 'e2e9000000000001';
const shot = (page: Page, name: string) =>
  page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });

test('create a group, bind devices and gateways, watch them join, see the route chart, send a downlink', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, 'admin', E2E_ADMIN_PASSWORD);
  const token = (await page.evaluate(() => localStorage.getItem('lns.token')))!;
  // A retry starts from no group (a first attempt may have created it).
  await page.request.post('/api/mcgroup/delete', { headers: { 'x-access-token': token }, data: { mcEUIs: [MC_EUI] } });
  let sim: SimulationHandle | undefined;
  try {
    sim = await startSimulation({
      url: process.env.E2E_BASE_URL!,
      token,
      udp: `127.0.0.1:${process.env.E2E_UDP_PORT}`,
      app: 'e2e-multicast',
      gateways: 2,
      devices: 4,
      interval: 2,
      otaaShare: 0,
      confirmedShare: 0,
      prefix: 'e2e9',
      genAppKey: GEN_APP_KEY,
    });

    // The group form: remote setup hides the session keys (the server derives them).
    await page.goto('/multicast');
    await page.getByTestId('mc-add').click();
    await page.getByTestId('mc-mcName').fill('Street lights e2e');
    await page.getByTestId('mc-mcEUI').fill(MC_EUI.toUpperCase().replace(/(..)(?!$)/g, '$1-'));
    await page.getByRole('combobox', { name: /Region/ }).click();
    await page.getByTestId('mc-region-eu868').click();
    await page.getByTestId('mc-enableMCRemote').click();
    await expect(page.getByTestId('mc-derived-keys')).toBeVisible();
    await expect(page.getByTestId('mc-mcAppSKey')).toHaveCount(0);
    await page.getByTestId('mc-genAppKey').fill(GEN_APP_KEY);
    await page.getByTestId('mc-mcAddr').fill('01e2e901');
    await page.getByTestId('mc-save').click();
    await expect(page.getByTestId('mc-link-Street lights e2e')).toBeVisible();
    await shot(page, 'multicast-list-en-US');

    // Members: the devices of the simulation, then its gateways.
    await page.getByTestId('mc-link-Street lights e2e').click();
    await expect(page.getByTestId('mc-detail')).toBeVisible();
    await page.getByRole('link', { name: 'Group devices' }).click();
    await page.getByTestId('mc-add-devices').click();
    // Other journeys' devices may be available too: this simulation's EUIs start with E2-E9.
    await page.getByTestId('mc-available-keyword').fill('E2-E9');
    const available = page.getByTestId('mc-available');
    await expect(available.getByRole('row')).toHaveCount(5);
    await available.getByRole('checkbox').first().check();
    await page.getByTestId('mc-bind').click();
    await expect(page.getByTestId('mc-devices').getByRole('row')).toHaveCount(5);
    // The sync state follows the devices' TS005 answers while the page is open.
    await expect(page.getByTestId('sync-joined')).toHaveCount(4, { timeout: 60_000 });
    await shot(page, 'multicast-devices-en-US');

    await page.getByRole('link', { name: 'Group gateways' }).click();
    await page.getByTestId('mc-add-gateways').click();
    await page.getByTestId('mc-available-keyword').fill('E2-E9');
    await expect(page.getByTestId('mc-available').getByRole('row')).toHaveCount(3);
    await page.getByTestId('mc-available').getByRole('checkbox').first().check();
    await page.getByTestId('mc-bind').click();
    await expect(page.getByTestId('mc-gateways').getByRole('row')).toHaveCount(3);

    // The route chart: both gateways heard the devices.
    await page.getByRole('link', { name: 'Multicast group details' }).click();
    await expect(page.getByTestId('mc-route-chart').locator('canvas')).toBeVisible();
    await expect(page.getByTestId('mc-route-gateways').getByRole('row')).toHaveCount(3);
    await shot(page, 'multicast-detail-en-US');

    // A downlink: refused bad input first, then sent and taken by every device once.
    await page.getByRole('link', { name: 'Multicast downlink' }).click();
    await page.getByTestId('mc-dl-fport').fill('129');
    await page.getByTestId('mc-dl-data').fill('zz');
    await page.getByTestId('mc-dl-send').click();
    await expect(page.getByText('Please enter 1~128')).toBeVisible();
    await expect(page.getByText('Please enter only hexadecimal characters')).toBeVisible();
    await page.getByTestId('mc-dl-fport').fill('10');
    await page.getByTestId('mc-dl-text').click();
    await page.getByTestId('mc-dl-data').fill('on');
    await page.getByTestId('mc-dl-send').click();
    const history = page.getByTestId('mc-dl-history');
    await expect(history.getByRole('row')).toHaveCount(2);
    await expect(history).toContainText('6f6e');
    await sim.waitFor((c) => c.multicastFrames >= 4, 20_000);
    expect(sim.counters.multicastFrames).toBe(4);
    await expect(history).toContainText('2/2', { timeout: 15_000 });
    await history.getByRole('row').nth(1).click();
    await expect(page.getByTestId('mc-dl-gateways').getByRole('row')).toHaveCount(3);
    await shot(page, 'multicast-downlink-en-US');
    await page.keyboard.press('Escape');

    // Chinese at phone width.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.evaluate(() => localStorage.setItem('lns.lang', 'zh-CN'));
    await page.goto('/multicast');
    await expect(page.getByRole('heading', { name: '组播组' })).toBeVisible();
    await expect(page.getByTestId('mc-table')).toContainText('E2-E9-00-00-00-00-00-01');
    await shot(page, 'multicast-list-zh-CN-390');
    await page.goto(`/multicast/device-list?mcEUI=${MC_EUI}&mcName=Street%20lights%20e2e`);
    await expect(page.getByTestId('sync-joined').first()).toContainText('已加入');
    await shot(page, 'multicast-devices-zh-CN-390');
  } finally {
    await sim?.stop();
    await page.evaluate(() => localStorage.setItem('lns.lang', 'en-US'));
  }
});
