import { generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs';
import { gatewayDataApi } from '@lns/contract/api/gateway-data';
import { platformApi } from '@lns/contract/api/platform';
import { encodeLicense, rawPublicKey } from '@lns/contract/license-codec';
import { test as base, expect, type Page } from '@playwright/test';
import { type SimulationHandle, startSimulation } from '../../tools/simulator/src/sim';
import { signIn } from '../helpers';
import { type StartedServer, startServer } from '../server';

/**
 * The admin's platform area on a server of its own (its switches and license must not touch the
 * other journeys' server): a license pasted (a tampered one refused), each data switch changed and
 * seen working on live traffic from the simulator, a network server added, a global configuration
 * uploaded; then every platform page in Chinese at 390 px.
 */
const PASSWORD = 'platform-e2e-pass';
const NET_ID = '00000d';
const { privateKey } = generateKeyPairSync('ed25519');
const license = (licensee: string, devices: number) =>
  encodeLicense(
    {
      v: 1,
      licensee,
      nwID: NET_ID,
      devices,
      gateways: 10,
      issuedAt: Date.now(),
      expiresAt: Date.UTC(2099, 11, 31),
    },
    privateKey,
  );

/** The platform server, started once for this file; pages and requests go to it. */
const test = base.extend<object, { server: StartedServer }>({
  server: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
    async ({}, use) => {
      const server = await startServer({
        ADMIN_PASSWORD: PASSWORD,
        LOG_LEVEL: 'warn',
        NET_ID,
        LICENSE_PUBLIC_KEY: rawPublicKey(privateKey),
      });
      await use(server);
      await server.stop();
      fs.rmSync(server.dataDir, { recursive: true, force: true });
    },
    { scope: 'worker', timeout: 150_000 },
  ],
  baseURL: async ({ server }, use) => use(server.url),
});

const shot = (page: Page, name: string) =>
  page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test('license, data switches on live traffic, a network server, a global configuration (en-US, 1280 px)', async ({
  page,
  server,
}) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, 'admin', PASSWORD);
  const token = (await page.evaluate(() => localStorage.getItem('lns.token')))!;
  const api = async (path: string, query: Record<string, string> = {}) =>
    (
      await page.request.get(`${path}?${new URLSearchParams(query)}`, {
        headers: { 'x-access-token': token },
      })
    ).json();

  // License: none yet in licensed mode; a tampered one is refused (13001), a signed one shown.
  await page.goto(`/platform/authentication`);
  await expect(page.getByTestId('license-mode')).toHaveText(/Licensed/i);
  await expect(page.getByTestId('license-alert')).toBeVisible();
  await expect(page.getByTestId('platform-account-nwID')).toContainText(NET_ID.toUpperCase(), {
    ignoreCase: true,
  });
  const good = license('Harbour Lights e2e', 500);
  const [head, body, sig] = good.split('.');
  const tampered = `${head}.${Buffer.from(Buffer.from(body!, 'base64url').toString().replace('500', '900')).toString('base64url')}.${sig}`;
  await page.getByTestId('license-text').fill(tampered);
  await page.getByTestId('license-token').fill('platform-token-0123456789');
  await page.getByTestId('license-save').click();
  await expect(page.getByText(/licen[cs]e invalid/i).first()).toBeVisible();
  await expect(page.getByTestId('license-state')).not.toHaveText(/valid$/i);
  await page.getByTestId('license-text').fill(good);
  await page.getByTestId('license-save').click();
  await expect(page.getByTestId('license-licensee')).toContainText('Harbour Lights e2e');
  await expect(page.getByTestId('license-devices')).toContainText('500');
  await shot(page, 'platform-auth-en-US');

  let sim: SimulationHandle | undefined;
  try {
    sim = await startSimulation({
      url: server.url,
      token,
      udp: `127.0.0.1:${server.udpPort}`,
      app: 'e2e-platform',
      gateways: 1,
      devices: 1,
      interval: 1,
      otaaShare: 0,
      confirmedShare: 0,
      prefix: 'e2ea',
    });
    const gwID = sim.provisioned.gwIDs[0]!;
    const storedFrames = async () =>
      (await api(gatewayDataApi.history.path, { gwID, pageNo: '1', pageSize: '50' })).amount;
    const toggle = async (name: RegExp) => {
      await page.goto(`/platform/authentication`);
      await page.getByLabel(name).click();
      await page.getByTestId('platform-save').click();
      await expect(page.getByTestId('platform-save')).toBeDisabled();
    };

    // Gateway history off: the live page still shows frames, none is stored; on again: stored.
    await expect.poll(storedFrames, { timeout: 30_000 }).toBeGreaterThan(0);
    await toggle(/Gateway history/);
    const stored = await storedFrames();
    await page.goto(`/gateway/real-time?gwID=${gwID}`);
    await expect(page.getByTestId('live-row').first()).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId('live-row')).not.toHaveCount(1, { timeout: 20_000 });
    expect(await storedFrames()).toBe(stored);
    await toggle(/Gateway history/);
    await expect.poll(storedFrames, { timeout: 30_000 }).toBeGreaterThan(stored);

    // WebSocket off: the open live page is closed and says so; on again: it comes back by itself.
    const live = await page.context().newPage();
    await live.goto(`/gateway/real-time?gwID=${gwID}`);
    await expect(live.getByTestId('socket-state')).toHaveAttribute('data-state', '1');
    await toggle(/WebSocket/);
    await expect(live.getByTestId('live-switched-off')).toBeVisible();
    await shot(live, 'platform-live-switched-off-en-US');
    await toggle(/WebSocket/);
    await expect(live.getByTestId('live-switched-off')).toHaveCount(0, { timeout: 20_000 });
    await expect(live.getByTestId('socket-state')).toHaveAttribute('data-state', '1');
    await live.close();

    // Retention: the slider's whole days are saved and read back.
    await page.goto(`/platform/authentication`);
    const slider = page.getByRole('slider');
    await slider.focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByTestId('platform-expiry-value')).toContainText('8');
    await page.getByTestId('platform-save').click();
    await expect(page.getByTestId('platform-save')).toBeDisabled();
    expect((await api(platformApi.config.path)).data.dataExpireDay).toBe(8);
  } finally {
    await sim?.stop();
  }

  // A network server for the subnet of EU868.
  await page.goto(`/platform/network`);
  await page.getByTestId('ns-add').click();
  await page.getByTestId('ns-region').locator('..').click();
  await page.getByRole('option', { name: 'EU863-870' }).click();
  await page.getByTestId('ns-subnet').locator('..').click();
  await page.getByRole('option').first().click();
  await page.getByTestId('ns-url').fill('ns.example.net:1700');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('ns-table')).toContainText('ns.example.net:1700');
  await shot(page, 'platform-network-en-US');

  // A global configuration for that subnet: the packet forwarder's global_conf.json uploaded.
  await page.goto('/platform/frequency-plan?tab=globalConfs');
  await page.getByTestId('globalconf-add').click();
  await page.getByTestId('globalconf-region').locator('..').click();
  await page.getByRole('option', { name: 'EU863-870' }).click();
  await page.getByTestId('globalconf-subnet').locator('..').click();
  await page.getByRole('option').first().click();
  const conf = { SX130x_conf: { com_type: 'SPI', lorawan_public: true, radio_0: { enable: true } }, gateway_conf: {} };
  await page.getByTestId('globalconf-file-input').setInputFiles({
    name: 'global_conf.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(conf)),
  });
  await expect(page.getByTestId('globalconf-file-remove')).toBeVisible();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('globalconf-table')).toContainText('global_conf.json');
  await expect(page.getByTestId('globalconf-table')).toContainText('SX130x');
  await shot(page, 'platform-global-conf-en-US');
});

test('every platform page in Chinese at 390 px', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/login`);
  await page.evaluate(() => localStorage.setItem('lns.lang', 'zh-CN'));
  await signIn(page, 'admin', PASSWORD);
  const pages: [string, RegExp][] = [
    ['/platform/authentication', /网关历史数据/],
    ['/platform/network', /NTP/],
    ['/platform/powermeter', /设备/],
  ];
  for (const [path, text] of pages) {
    await page.goto(path);
    await expect(page.getByText(text).first()).toBeVisible();
    // The power meter's charts load their library lazily: shown once drawn.
    if (path.endsWith('powermeter')) await expect(page.getByTestId('pm-traffic').locator('canvas')).toBeVisible();
    await expect.poll(() => overflow(page)).toBeLessThanOrEqual(0);
    await shot(page, `platform${path.replaceAll('/', '-')}-zh-CN-390`);
  }
});
