import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { fileApi } from '../../packages/contract/src/api/files';
import { gatewayTypeApi } from '../../packages/contract/src/api/gateway-types';
import { gatewayApi } from '../../packages/contract/src/api/gateways';
import { type Agent, startAgent } from '../../tools/gateway-agent/src/agent';
import { parseConfig } from '../../tools/gateway-agent/src/config';
import { E2E_ADMIN_PASSWORD } from '../global-setup';
import { signIn } from '../helpers';

/**
 * Gateway upgrades from the console, in each language: a packet-forwarder version uploaded with its
 * progress, a task over a gateway type of two gateways (made through the API), its detail followed
 * until the gateway with a real agent (in-process, stand-in restart and check commands) has
 * installed the file byte for byte and completed, while the offline one keeps waiting; then the
 * pages at 1280 and 390 px.
 */

const WORDS = {
  'en-US': { pktfwd: 'Packet forwarder', tasks: 'Upgrade tasks', completed: 'Completed', waiting: 'Waiting' },
  'zh-CN': { pktfwd: 'Packet Forwarder', tasks: '升级任务', completed: '已完成', waiting: '等待中' },
} as const;

async function shot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}
/** The page is no wider than the window: only a table may scroll sideways inside itself. */
const pageOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

for (const lang of ['en-US', 'zh-CN'] as const) {
  test(`a packet-forwarder upgrade task from the console (${lang})`, async ({ page }) => {
    test.setTimeout(180_000);
    const w = WORDS[lang];
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(page, 'admin', E2E_ADMIN_PASSWORD);
    await page.evaluate((l) => localStorage.setItem('lns.lang', l), lang);
    const token = (await page.evaluate(() => localStorage.getItem('lns.token')))!;
    const headers = { 'x-access-token': token };
    const post = async (url: string, data: Record<string, unknown>) => {
      const body = await (await page.request.post(url, { headers, data })).json();
      expect(body.code, `${url}: ${JSON.stringify(body)}`).toBe(0);
      return body;
    };

    // A gateway type of its own (arm) with two gateways: one runs an agent, one stays offline.
    const tag = randomBytes(3).toString('hex');
    const gwType = `up${tag}`;
    await post(gatewayTypeApi.create.path, { gwType, arch: 'arm' });
    const gateways = [0, 1].map((i) => ({ gwID: randomBytes(8).toString('hex'), gwName: `up-${tag}-${i}` }));
    for (const g of gateways) {
      await post(gatewayApi.create.path, { ...g, region: 'eu868', subnet: 'eu868-default', gwType, txPower: 0 });
    }
    const [online, offline] = gateways as [(typeof gateways)[0], (typeof gateways)[0]];
    const cred = (
      await (await page.request.get(gatewayApi.mqttInfo.path, { headers, params: { gwID: online.gwID } })).json()
    ).data;

    const dir = mkdtempSync(join(os.tmpdir(), 'e2e-upgrade-'));
    const program = join(dir, 'lora_pkt_fwd');
    writeFileSync(program, '#!/bin/sh\necho old forwarder\n');
    mkdirSync(join(dir, 'state'));
    mkdirSync(join(dir, 'work'));
    const pkg = Buffer.concat([Buffer.from('#!/bin/sh\necho new forwarder\n'), randomBytes(48 * 1024)]);
    const versionName = `pf-${tag}`;
    let agent: Agent | undefined;
    try {
      agent = await startAgent(
        parseConfig({
          gatewayId: online.gwID,
          server: `mqtt://127.0.0.1:${process.env.E2E_MQTT_PORT}`,
          username: cred.username,
          password: cred.password,
          prefix: cred.topicPrefix,
          udpPort: 0,
          logDir: dir,
          rssh: null,
          // Stand-ins: nothing on this machine is restarted; the "forwarder" is a file in dir.
          commands: { restartPacketForwarder: 'true', reboot: 'echo "reboot requested"' },
          upgrade: {
            workDir: join(dir, 'work'),
            stateDir: join(dir, 'state'),
            packetForwarderPath: program,
            packetForwarderCheck: 'true',
            checkS: 2,
          },
        }),
        { echoLog: false },
      );

      // The version: uploaded with its progress (the store is slowed down so the overlay is seen).
      await page.route(`**${fileApi.upload.path}`, async (route) => {
        await new Promise((r) => setTimeout(r, 800));
        await route.continue();
      });
      await page.goto('/gateway/version/packet-forwarder');
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await page.getByTestId('version-add').click();
      await page.getByTestId('version-name').fill(versionName);
      await page.getByTestId('version-file-input').setInputFiles({
        name: 'lora_pkt_fwd',
        mimeType: 'application/octet-stream',
        buffer: pkg,
      });
      await expect(page.getByTestId('version-file-progress')).toBeVisible();
      await expect(page.getByTestId('version-file-progress')).toHaveCount(0, { timeout: 15_000 });
      await expect(page.getByRole('dialog')).toContainText('lora_pkt_fwd');
      await page.getByTestId('version-arch').locator('..').click();
      await page.getByRole('option', { name: 'arm', exact: true }).click();
      await shot(page, `version-new-1280-${lang}`);
      await page.getByTestId('version-save').click();
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await expect(page.getByTestId('versions-table')).toContainText(versionName);
      await page.unroute(`**${fileApi.upload.path}`);

      // The task: the version names it, the type offers its two gateways.
      await page.goto('/gateway/task-list');
      await page.getByTestId('task-add').click();
      await page.getByTestId('task-upgradeType').locator('..').click();
      await page.getByRole('option', { name: w.pktfwd }).click();
      await page.getByTestId('task-version').locator('..').click();
      await page.getByRole('option', { name: `${versionName} · arm` }).click();
      await expect(page.getByTestId('task-name')).toHaveValue(versionName);
      await page.getByTestId('task-gatewayTypes').locator('..').click();
      await expect(page.getByTestId(`gwtype-option-${gwType}`)).toContainText('2');
      await page.getByTestId(`gwtype-option-${gwType}`).click();
      await page.keyboard.press('Escape');
      await shot(page, `task-new-1280-${lang}`);
      await page.getByTestId('task-save').click();
      await expect(page.getByRole('dialog')).toHaveCount(0);
      const row = page.getByTestId('tasks-table').getByRole('row').filter({ hasText: versionName });
      await expect(row).toBeVisible();
      await shot(page, `task-list-1280-${lang}`);

      // The detail: the agent's gateway goes through its steps to completed, the other waits.
      await row.getByRole('link', { name: versionName }).click();
      await expect(page).toHaveURL(/\/gateway\/upgrade\/task\/detail\?taskId=\d+/);
      const records = page.getByTestId('task-records-table');
      await expect(records.getByRole('row').filter({ hasText: online.gwName })).toBeVisible({ timeout: 15_000 });
      const onlineRow = records.getByRole('row').filter({ hasText: online.gwName });
      const offlineRow = records.getByRole('row').filter({ hasText: offline.gwName });
      await expect(offlineRow).toContainText(w.waiting);
      // A packet forwarder that passed its check counts as completed with the agent's answer.
      await expect(onlineRow).toContainText(w.completed, { timeout: 60_000 });
      expect(readFileSync(program).equals(pkg)).toBe(true);
      await expect(onlineRow.getByTestId(/^steps-/)).toHaveAttribute('data-step', 'completed');
      await expect(offlineRow.getByTestId(/^steps-/)).toHaveAttribute('data-step', 'waiting');
      await expect(page.getByTestId('count-completed')).toContainText('1');
      await expect(page.getByTestId('count-waiting')).toContainText('1');
      // The offline gateway keeps the task going: the page keeps following it.
      await expect(page.getByTestId('task-following')).toBeVisible();
      await offlineRow.getByTestId(/^steps-/).click();
      await expect(page.getByTestId(/^steps-\d+-overlay$/)).toBeVisible();
      await shot(page, `task-detail-overlay-1280-${lang}`);
      await page.keyboard.press('Escape');
      const detailUrl = page.url();

      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: 900 });
        // Each page, what shows it is there, and a text of this journey in it.
        const pages: [string, string, string, string][] = [
          ['/gateway/version/packet-forwarder', 'versions-table', versionName, 'versions'],
          ['/gateway/task-list', 'tasks-table', versionName, 'task-list'],
          [detailUrl, 'task-records-table', online.gwName, 'task-detail'],
          [
            `/gateway/upgrade-record?gwID=${online.gwID}&gwName=${online.gwName}`,
            'upgrade-records-table',
            versionName,
            'records',
          ],
        ];
        for (const [url, shown, text, name] of pages) {
          await page.goto(url);
          await expect(page.getByTestId(shown)).toBeVisible({ timeout: 15_000 });
          await expect(page.getByTestId(shown)).toContainText(text);
          expect(await pageOverflow(page), `${name} at ${width}`).toBeLessThanOrEqual(1);
          await shot(page, `${name}-${width}-${lang}`);
        }
      }
      // /gateway/upgrade opens the task list.
      await page.goto('/gateway/upgrade');
      await expect(page).toHaveURL(/\/gateway\/task-list$/);
      await expect(page.getByRole('heading', { name: w.tasks })).toBeVisible();
    } finally {
      await agent?.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
}
