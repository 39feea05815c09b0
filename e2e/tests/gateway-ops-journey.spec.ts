import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { gatewayApi } from '../../packages/contract/src/api/gateways';
import { getRegion } from '../../packages/lorawan/src/regions';
import { type Agent, startAgent } from '../../tools/gateway-agent/src/agent';
import { parseConfig } from '../../tools/gateway-agent/src/config';
import { simulatedScanner } from '../../tools/simulator/src/sim-scanner';
import { E2E_ADMIN_PASSWORD } from '../global-setup';
import { signIn } from '../helpers';

/**
 * The commands, command record, log file and noise scan pages against a real gateway agent running
 * in-process on the e2e server's broker, with harmless stand-in commands and the simulator's
 * simulated concentrator for the scan; both languages at 1280 and 390 px.
 */

async function shot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

test('commands, records, log files and a noise scan on a running gateway agent', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, 'admin', E2E_ADMIN_PASSWORD);
  const token = (await page.evaluate(() => localStorage.getItem('lns.token')))!;
  const headers = { 'x-access-token': token };
  const gwID = randomBytes(8).toString('hex');
  const gwName = `ops-${gwID.slice(-6)}`;
  const created = await page.request.post(gatewayApi.create.path, {
    headers,
    data: { gwID, gwName, region: 'eu868', subnet: 'eu868-default', gwType: 'generic', txPower: 0 },
  });
  expect((await created.json()).code).toBe(0);
  const cred = (await (await page.request.get(gatewayApi.mqttInfo.path, { headers, params: { gwID } })).json()).data;

  const dir = mkdtempSync(join(os.tmpdir(), 'e2e-gw-ops-'));
  mkdirSync(join(dir, 'log'));
  const logBytes = randomBytes(200 * 1024);
  writeFileSync(join(dir, 'log', 'lora-pkt-fwd.log'), logBytes);
  writeFileSync(join(dir, 'log', 'messages'), 'boot ok\n');
  const channels = getRegion('EU868').defaultChannels.map((c) => c.frequency);
  let agent: Agent | undefined;
  try {
    agent = await startAgent(
      parseConfig({
        gatewayId: gwID,
        server: `mqtt://127.0.0.1:${process.env.E2E_MQTT_PORT}`,
        username: cred.username,
        password: cred.password,
        prefix: cred.topicPrefix,
        udpPort: 0,
        logDir: dir,
        logDirs: { log: join(dir, 'log'), rlog: null },
        rssh: null,
        // Stand-ins: nothing on this machine is rebooted or restarted.
        commands: { reboot: 'echo "reboot requested"', openSSH: 'exit 100' },
      }),
      { echoLog: false, scanner: simulatedScanner(channels, { durationMs: 1500 }) },
    );
    const q = `gwID=${gwID}&gwName=${encodeURIComponent(gwName)}`;

    // Commands: a sync, a reboot behind its confirm with the gateway's output, SSH already running.
    await page.goto(`/gateway/cmd-operation?${q}`);
    await expect(page.getByTestId('cmd-offline')).toHaveCount(0, { timeout: 15_000 });
    await page.getByTestId('cmd-syncSystemInfo').click();
    await expect(page.getByTestId('cmd-result')).toContainText('Done', { timeout: 15_000 });
    await page.getByTestId('cmd-reboot').click();
    await page.getByTestId('confirm-ok').click();
    await expect(page.getByTestId('shell-stdout')).toContainText('reboot requested', { timeout: 15_000 });
    await page.getByTestId('cmd-openSSH').click();
    await expect(page.getByTestId('op-error')).toContainText(/need not run/i, { timeout: 15_000 });
    await shot(page, 'cmd-operation-1280-en-US');

    // The record: the three commands, newest first, by the admin.
    await page.goto(`/gateway/cmd-operation-record?${q}`);
    const records = page.getByTestId('records-table');
    await expect(records).toContainText('Open SSH');
    await expect(records).toContainText('Reboot');
    await expect(records).toContainText('admin');

    // Log files: listed in KB, one downloaded byte for byte.
    await page.goto(`/gateway/log-list?${q}`);
    const logs = page.getByTestId('logs-table');
    await expect(logs).toContainText('lora-pkt-fwd.log');
    await expect(logs).toContainText('200');
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: /lora-pkt-fwd\.log/ }).click();
    const file = await (await download).path();
    expect(readFileSync(file).equals(logBytes)).toBe(true);

    // Noise scan: the region's band, progress, then the chart of the simulated concentrator.
    await page.goto(`/gateway/noise-scan?${q}`);
    await page.getByTestId('scan-start').click();
    await expect(page.getByTestId('scan-chart')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('scan-history')).toContainText('admin');
    await shot(page, 'noise-scan-1280-en-US');

    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.evaluate(() => localStorage.setItem('lns.lang', 'zh-CN'));
      // Each page with what shows it is there (the pages load lazily).
      const pages = {
        'cmd-operation': 'cmd-reboot',
        'cmd-operation-record': 'records-table',
        'log-list': 'logs-table',
        'noise-scan': 'scan-chart',
      };
      for (const [path, shown] of Object.entries(pages)) {
        await page.goto(`/gateway/${path}?${q}`);
        await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
        await expect(page.getByTestId(shown)).toBeVisible({ timeout: 15_000 });
        await shot(page, `${path}-${width}-zh-CN`);
      }
      await page.evaluate(() => localStorage.setItem('lns.lang', 'en-US'));
      await page.goto(`/gateway/noise-scan?${q}`);
      await expect(page.getByTestId('scan-chart')).toBeVisible({ timeout: 15_000 });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(1);
      await shot(page, `noise-scan-${width}-en-US`);
    }
  } finally {
    await agent?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});
