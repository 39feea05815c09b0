import { createHash } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { type SimulationHandle, startSimulation } from '../../tools/simulator/src/sim';
import { E2E_ADMIN_PASSWORD } from '../global-setup';
import { signIn } from '../helpers';

/**
 * FUOTA journey with the simulator running: a remote-setup group of the simulation's devices and
 * gateways (made through the API: the multicast journey covers its form), then in the console a
 * new task whose versions come from the image's LFW1 header (a too-large file and a redundancy of
 * 0 refused first), its status page followed to 100 % and "completed", every device Done and every
 * simulated device holding the image byte for byte; then the pages in Chinese at 390 px.
 * The shared server runs fragments 20 ms apart (global-setup.ts), so the transfer takes seconds.
 */
const GEN_APP_KEY = '0f1e2d3c4b5a69788796a5b4c3d2e1f0';
const PREFIX = 'e2ea';
const MC_EUI = 'e2ea00000000f001';
const MC_NAME = 'FUOTA e2e';
const FILE_NAME = 'street-light-e2e.bin';
const FIRMWARE_NAME = 'street-light-e2e';
const shot = (page: Page, name: string) =>
  page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });

/** A 4 KB image starting with the 16-byte header (docs/product/fuota.md): LFW1, 1.2.3 → 1.3.0. */
function firmwareImage(): Buffer {
  const image = Buffer.alloc(4096);
  for (let i = 0; i < image.length; i++) image[i] = (i * 131 + (i >> 7) * 17) & 0xff;
  image.write('LFW1', 0, 'latin1');
  image.set([1, 2, 3, 0], 4);
  image.set([1, 3, 0, 0], 8);
  image.set([0, 0, 0, 0], 12);
  return image;
}

/** The page is no wider than the window: only a table may scroll sideways inside itself. */
const pageOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test('a FUOTA task from the console: the simulated devices rebuild the image byte for byte', async ({ page }) => {
  // About 60 s on a quiet machine; the ceiling leaves room for a loaded one.
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, 'admin', E2E_ADMIN_PASSWORD);
  const token = (await page.evaluate(() => localStorage.getItem('lns.token')))!;
  const api = async (url: string, data: Record<string, unknown>) => {
    const body = await (await page.request.post(url, { headers: { 'x-access-token': token }, data })).json();
    expect(body.code, `${url}: ${JSON.stringify(body)}`).toBe(0);
    return body;
  };
  // A retry starts from no group (a first attempt may have created it; its task then ends).
  await page.request.post('/api/mcgroup/delete', { headers: { 'x-access-token': token }, data: { mcEUIs: [MC_EUI] } });
  const image = firmwareImage();
  const sha256 = createHash('sha256').update(image).digest('hex');
  let sim: SimulationHandle | undefined;
  try {
    sim = await startSimulation({
      url: process.env.E2E_BASE_URL!,
      token,
      udp: `127.0.0.1:${process.env.E2E_UDP_PORT}`,
      app: 'e2e-fuota',
      gateways: 2,
      devices: 3,
      interval: 2,
      otaaShare: 0,
      confirmedShare: 0,
      prefix: PREFIX,
      genAppKey: GEN_APP_KEY,
      loss: 0.1,
      fuotaDelayScale: 0.02,
    });
    const devEUIs = sim.devices.map((d) => d.devEUI);
    await api('/api/mcgroup/create', {
      mcName: MC_NAME,
      mcEUI: MC_EUI,
      region: 'eu868',
      enableMCRemote: true,
      groupID: 1,
      genAppKey: GEN_APP_KEY,
      mcAddr: '01e2ea01',
    });
    await api('/api/mcdevice/create', { mcEUI: MC_EUI, devEUIs });
    await api('/api/mcgateway/create', { mcEUI: MC_EUI, gwIDs: sim.provisioned.gwIDs });

    // The new task: the group, then the refusals, then the image whose header fills the versions.
    await page.goto('/multicast/fuota/list');
    await expect(page.getByRole('heading', { name: 'FUOTA tasks' })).toBeVisible();
    await page.getByTestId('fuota-add').click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText('New firmware upgrade task')).toBeVisible();
    await page.getByTestId('fuota-mcEUI').fill('FUOTA e2e');
    await page.getByRole('option', { name: /FUOTA e2e/ }).click();
    await expect(page.getByTestId('fuota-mcEUI')).toHaveValue('FUOTA e2e (E2-EA-00-00-00-00-F0-01)');

    await page.getByTestId('fuota-file-input').setInputFiles({
      name: 'too-large.bin',
      mimeType: 'application/octet-stream',
      buffer: Buffer.alloc(65_537, 1),
    });
    await expect(page.getByTestId('fuota-file-problem')).toHaveText(
      'Please upload a firmware file of 65536 bytes or less',
    );
    await expect(page.getByTestId('fuota-file-remove')).toHaveCount(0);

    await page.getByTestId('fuota-file-input').setInputFiles({
      name: FILE_NAME,
      mimeType: 'application/octet-stream',
      buffer: image,
    });
    await expect(page.getByTestId('fuota-file-problem')).toHaveCount(0);
    await expect(dialog.getByText('4,096 bytes')).toBeVisible();
    await expect(page.getByTestId('fuota-oldVersion')).toHaveValue('1.2.3');
    await expect(page.getByTestId('fuota-newVersion')).toHaveValue('1.3.0');
    await expect(dialog.getByText('Read from the firmware header')).toHaveCount(2);
    await expect(page.getByTestId('fuota-firmwareName')).toHaveValue(FIRMWARE_NAME);

    const redundancy = page.getByTestId('fuota-redundancyPercent');
    await redundancy.fill('0');
    await page.getByTestId('fuota-save').click();
    await expect(redundancy).toHaveAttribute('aria-invalid', 'true');
    await expect(dialog.getByText('Please enter 1~100')).toBeVisible();
    await expect(dialog).toBeVisible();
    await redundancy.fill('30');
    await shot(page, 'fuota-new-task-en-US');
    await page.getByTestId('fuota-save').click();
    await expect(dialog).toHaveCount(0);

    // The list shows the task; its status page follows it to the end.
    const table = page.getByTestId('fuota-table');
    const link = table.getByRole('link', { name: FIRMWARE_NAME }).first();
    await expect(link).toBeVisible();
    await link.click();
    await expect(page).toHaveURL(/\/multicast\/fuota\/status\?fdID=\d+$/);
    const fdID = Number(new URL(page.url()).searchParams.get('fdID'));
    const status = page.getByTestId('fuota-status');
    await expect(status).toContainText('1.2.3 → 1.3.0');
    await expect(status).toContainText('86 × 48 bytes');
    await expect(status).toContainText('30 % (26 parity fragments)');
    await expect(status).toContainText(sha256.slice(0, 16));
    await expect(page.getByTestId('fuota-devices').getByRole('row')).toHaveCount(devEUIs.length + 1);

    // Progress as the page shows it: it only moves forward, and reaches 100 % with "completed".
    const progress = page.getByTestId('fuota-progress');
    const seen: number[] = [];
    await expect
      .poll(
        async () => {
          const v = Number(await progress.getAttribute('aria-valuenow'));
          if (seen.at(-1) !== v) seen.push(v);
          return v;
        },
        { timeout: 60_000, intervals: [250] },
      )
      .toBe(100);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    expect(
      seen.some((v) => v > 0 && v < 100),
      `progress seen: ${seen}`,
    ).toBe(true);
    await expect(status.getByTestId('status-completed')).toHaveText('Completed');
    await expect(page.getByTestId('fuota-session')).toContainText('100 %');
    await expect(page.getByTestId('fuota-session')).toContainText(
      `Devices (done / failed / total): ${devEUIs.length} / 0 / ${devEUIs.length}`,
    );
    await expect(status).toContainText('112 of 112');
    await expect(page.getByTestId('fuota-error')).toHaveCount(0);
    // Each device in state Done: the table reads the devices once more when the task ends.
    const deviceStates = page
      .getByTestId('fuota-devices')
      .getByRole('row')
      .filter({ hasText: /^E2-EA-/ });
    await expect(deviceStates.getByText(/^(Done|MC|Frag)/)).toHaveText(Array<string>(devEUIs.length).fill('Done'));
    await expect(deviceStates).toHaveCount(devEUIs.length);
    for (const devEUI of devEUIs) {
      const row = deviceStates.filter({ hasText: devEUI.toUpperCase().replace(/(..)(?!$)/g, '$1-') });
      await expect(row).toContainText('Done');
      // Missing 0, no error (columns: DevEUI, name, state, received, missing, error, updated).
      await expect(row.getByRole('cell').nth(4)).toHaveText('0');
      await expect(row.getByRole('cell').nth(5)).toHaveText('—');
    }
    await shot(page, 'fuota-status-en-US');

    // Every simulated device rebuilt the image byte for byte, some fragments lost on the way.
    for (const dev of sim.devices) expect(dev.rebuiltImage?.equals(image), dev.devEUI).toBe(true);
    expect(sim.counters.fuotaImagesRebuilt).toBe(devEUIs.length);
    expect(sim.counters.fuotaFragmentsLost).toBeGreaterThan(0);
    const info = (
      await (
        await page.request.get('/api/fuota/info', { headers: { 'x-access-token': token }, params: { fdID } })
      ).json()
    ).data;
    expect(info).toMatchObject({ status: 'completed', progress: 100, doneNums: devEUIs.length, digest: sha256 });

    // Chinese at phone width: the list, the status page, the firmware upgrade list.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.evaluate(() => localStorage.setItem('lns.lang', 'zh-CN'));
    await page.goto('/multicast/fuota/list');
    await expect(page.getByRole('heading', { name: 'FUOTA 任务' })).toBeVisible();
    const row = table.getByRole('row').filter({ hasText: FIRMWARE_NAME }).first();
    await expect(row).toContainText('已完成');
    await expect(row).toContainText('100%');
    await expect(page.getByTestId('fuota-add')).toHaveText('新建任务');
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
    await shot(page, 'fuota-list-zh-CN-390');

    await page.goto(`/multicast/fuota/status?fdID=${fdID}`);
    await expect(status.getByTestId('status-completed')).toHaveText('已完成');
    await expect(page.getByTestId('fuota-session')).toContainText(
      `设备（完成 / 失败 / 总数）：${devEUIs.length} / 0 / ${devEUIs.length}`,
    );
    await expect(page.getByTestId('fuota-devices')).toContainText('完成');
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
    await shot(page, 'fuota-status-zh-CN-390');

    await page.goto('/application/fuota/firm-upgrade-list');
    const firmware = page.getByTestId('fuota-firmware-table').getByRole('row').filter({ hasText: FIRMWARE_NAME });
    await expect(firmware).toHaveCount(1);
    await expect(page.getByText('固件升级', { exact: true })).toBeVisible();
    await expect(firmware).toContainText('1.2.3 → 1.3.0');
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
    await shot(page, 'fuota-firmware-zh-CN-390');
  } finally {
    await sim?.stop();
    await page.evaluate(() => localStorage.setItem('lns.lang', 'en-US'));
  }
});
