import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { type Agent, startAgent } from '../../tools/gateway-agent/src/agent';
import { DEFAULT_COMMANDS, parseConfig } from '../../tools/gateway-agent/src/config';
import { E2E_ADMIN_PASSWORD } from '../global-setup';
import { signIn } from '../helpers';

/**
 * The gateway report pages filled by a real gateway agent running in-process against the e2e
 * server's broker with the gateway's own MQTT credentials: the detail's MQTT link and credentials,
 * report info (system usages, kernel version), status history (rows and chart), and report info
 * in Chinese on a 390 px screen.
 */

/** Every shell command removed, as the simulator does: nothing on this machine is run. */
const NO_COMMANDS = Object.fromEntries(Object.keys(DEFAULT_COMMANDS).map((name) => [name, null]));

test('gateway report pages from a running gateway agent', async ({ page }) => {
  await signIn(page, 'admin', E2E_ADMIN_PASSWORD);
  const token = (await page.evaluate(() => localStorage.getItem('lns.token')))!;
  const headers = { 'x-access-token': token };
  const get = async (url: string, params: Record<string, string | number>) =>
    (await page.request.get(url, { headers, params })).json();

  const gwID = randomBytes(8).toString('hex');
  const gwName = `agent-${gwID.slice(-6)}`;
  const created = await page.request.post('/api/gateway/create', {
    headers,
    data: { gwID, gwName, region: 'eu868', subnet: 'eu868-default', gwType: 'generic', txPower: 0 },
  });
  expect((await created.json()).code).toBe(0);
  const cred = await get('/api/gateway/mqtt/info', { gwID });
  expect(cred.code).toBe(0);

  const logDir = mkdtempSync(join(os.tmpdir(), 'e2e-gw-agent-'));
  let agent: Agent | undefined;
  try {
    agent = await startAgent(
      parseConfig({
        gatewayId: gwID,
        server: `mqtt://127.0.0.1:${process.env.E2E_MQTT_PORT}`,
        username: cred.data.username,
        password: cred.data.password,
        prefix: cred.data.topicPrefix,
        udpPort: 0,
        statInterval: 1,
        minStatInterval: 1,
        logDir,
        commands: NO_COMMANDS,
      }),
      { echoLog: false },
    );
    // The server has the agent's report (and a stored stat row) before the pages are opened.
    await expect
      .poll(async () => (await get('/api/gateway/status/system', { gwID })).data?.cpuUsage, { timeout: 15_000 })
      .toEqual(expect.any(Number));
    await expect
      .poll(async () => (await get('/api/gwstats/history', { gwID, pageNo: 1, pageSize: 10 })).amount ?? 0, {
        timeout: 15_000,
      })
      .toBeGreaterThan(0);

    // Detail: linked over MQTT; the credentials panel with user name = gateway ID, password masked.
    await page.goto(`/gateway/detail?gwID=${gwID}&gwName=${encodeURIComponent(gwName)}`);
    await expect(page.getByTestId('gw-summary-link')).toHaveText('MQTT');
    const mqtt = page.getByTestId('gw-mqtt');
    await expect(mqtt).toContainText(gwID);
    await expect(page.getByTestId('gw-mqtt-password')).toHaveText('••••••••••••');
    await expect(mqtt).not.toContainText(cred.data.password);

    // Report info: CPU and memory in percent, the kernel this machine runs.
    await page.goto(`/gateway/report-info?gwID=${gwID}&gwName=${encodeURIComponent(gwName)}`);
    await expect(page.getByTestId('gw-usage-cpuUsage-value')).toHaveText(/^\d+(\.\d+)?\s?%$/);
    await expect(page.getByTestId('gw-usage-memUsage-value')).toHaveText(/^\d+(\.\d+)?\s?%$/);
    const versions = page.getByTestId('gw-status-versions');
    await expect(versions.locator('dt', { hasText: /^Kernel$/ }).locator('xpath=following-sibling::dd[1]')).toHaveText(
      os.release(),
    );

    // Status history: rows with a CPU figure, and the chart's canvas.
    await page.goto(`/gateway/status-history?gwID=${gwID}&gwName=${encodeURIComponent(gwName)}`);
    const table = page.getByTestId('history-table');
    await expect(table.getByRole('columnheader', { name: 'CPU' })).toBeVisible();
    await expect(table.getByRole('cell', { name: /^\d+(\.\d)?%$/ }).first()).toBeVisible();
    await expect(page.getByTestId('status-chart').locator('canvas').first()).toBeVisible();

    // Chinese at 390 px: section titles in Chinese, nothing wider than the screen.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/gateway/report-info?gwID=${gwID}&gwName=${encodeURIComponent(gwName)}`);
    await page.getByTestId('open-sheet').click();
    await page.getByTestId('sheet-tools').getByTestId('language-menu').click();
    await page.getByRole('menuitem', { name: '简体中文' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('bottom-sheet')).toBeHidden();
    await expect(page.getByRole('heading', { name: '上报信息' })).toBeVisible();
    await expect(page.getByTestId('gw-status-system')).toContainText('系统');
    await expect(page.getByTestId('gw-status-network')).toContainText('网络');
    await expect(page.getByTestId('gw-status-versions')).toContainText('版本');
    await expect(page.getByTestId('gw-usage-cpuUsage')).toContainText('CPU 使用率');
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth))
      .toBeLessThanOrEqual(0);
    await page.screenshot({ path: test.info().outputPath('report-info-390-zh-CN.png'), fullPage: true });
    await agent.stop();
    agent = undefined;
  } finally {
    await agent?.stop();
    rmSync(logDir, { recursive: true, force: true });
  }
});
