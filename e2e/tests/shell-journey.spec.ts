import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { gatewayApi } from '../../packages/contract/src/api/gateways';
import { userApi } from '../../packages/contract/src/api/users';
import { SHELL_STREAM_PATH } from '../../packages/contract/src/gateway-commands';
import { type Agent, startAgent } from '../../tools/gateway-agent/src/agent';
import { DEFAULT_COMMANDS, parseConfig } from '../../tools/gateway-agent/src/config';
import { E2E_ADMIN_PASSWORD } from '../global-setup';
import { signIn } from '../helpers';

/**
 * The web shell from the console to a real gateway agent running in-process against the e2e
 * server's broker (its pseudo-terminal runs /bin/sh on this machine): Chinese text and uname
 * through the terminal, the terminal's size following the window, Ctrl-C interrupting a command,
 * a session that ends and is opened again, both languages at 1280 and 390 px, and a common user
 * refused both the page and the socket.
 */

/** No platform command is run here: only the web shell's own shell. */
const NO_COMMANDS = Object.fromEntries(Object.keys(DEFAULT_COMMANDS).map((name) => [name, null]));
const COMMON = { name: 'e2e-shell-common', password: 'shell-common-1' };

const tokenOf = async (page: Page) => (await page.evaluate(() => localStorage.getItem('lns.token')))!;
/** From the top: focusing the terminal scrolls the page, and a full-page shot would show the header mid-page. */
async function shot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

/** The terminal's rows as the DOM renderer shows them (non-breaking spaces as spaces). */
const screenRows = async (page: Page) =>
  (await page.locator('.xterm-rows > div').allTextContents()).map((r) => r.replace(/\u00a0/g, ' ').trimEnd());

/** Types a command line into the focused terminal and presses Enter. */
async function run(page: Page, line: string) {
  await page.keyboard.type(line);
  await page.keyboard.press('Enter');
}

/** The numbers of `stty size` printed after `tag`: rows and columns of the gateway's terminal. */
async function sttySize(page: Page, tag: string): Promise<{ rows: number; cols: number }> {
  await run(page, `echo ${tag} $(stty size)`);
  const re = new RegExp(`^${tag} (\\d+) (\\d+)$`);
  let found: RegExpMatchArray | undefined;
  await expect
    .poll(async () => {
      found = (await screenRows(page)).map((r) => r.trim().match(re)).find((m) => m) ?? undefined;
      return Boolean(found);
    })
    .toBe(true);
  return { rows: Number(found![1]), cols: Number(found![2]) };
}

async function createGateway(request: APIRequestContext, token: string, prefix: string) {
  const gwID = randomBytes(8).toString('hex');
  const gwName = `${prefix}-${gwID.slice(-6)}`;
  const created = await request.post(gatewayApi.create.path, {
    headers: { 'x-access-token': token },
    data: { gwID, gwName, region: 'eu868', subnet: 'eu868-default', gwType: 'generic', txPower: 0 },
  });
  expect((await created.json()).code).toBe(0);
  return { gwID, gwName };
}

/** Opens the shell socket from the page with the page's own token: 'open' or how it closed. */
const rawSocket = (page: Page, gatewayId: string) =>
  page.evaluate(
    ({ path, gatewayId }) =>
      new Promise<string>((resolve) => {
        const token = localStorage.getItem('lns.token') ?? '';
        const url = `${location.origin.replace(/^http/, 'ws')}${path}?gatewayId=${gatewayId}&cols=80&rows=24`;
        const ws = new WebSocket(url, [token]);
        ws.onopen = () => {
          resolve('open');
          ws.close();
        };
        ws.onclose = (e) => resolve(`closed ${e.code}`);
        setTimeout(() => resolve('no answer'), 10_000);
      }),
    { path: SHELL_STREAM_PATH, gatewayId },
  );

test('web shell on a running gateway agent', async ({ page, browser }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, 'admin', E2E_ADMIN_PASSWORD);
  const token = await tokenOf(page);
  const headers = { 'x-access-token': token };
  const { gwID, gwName } = await createGateway(page.request, token, 'shell');
  const cred = await (await page.request.get(gatewayApi.mqttInfo.path, { headers, params: { gwID } })).json();
  expect(cred.code).toBe(0);

  const logDir = mkdtempSync(join(os.tmpdir(), 'e2e-shell-agent-'));
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
        webShell: { command: '/bin/sh', args: [], cwd: os.tmpdir() },
      }),
      { echoLog: false },
    );
    await expect
      .poll(
        async () =>
          (await (await page.request.get(gatewayApi.list.path, { headers, params: { keyword: gwID } })).json())
            .data?.[0]?.online,
        {
          timeout: 15_000,
        },
      )
      .toBe(true);

    // The page for this gateway: the picker shows it online; Connect opens a session.
    const address = `/gateway/shell-tool?gwID=${gwID}&gwName=${encodeURIComponent(gwName)}`;
    await page.goto(address);
    await expect(page.getByTestId('shell-gateway')).toHaveValue(new RegExp(gwName));
    await expect(page.locator('[data-online="true"]').first()).toBeVisible();
    await page.getByTestId('shell-connect').click();
    await expect(page.getByTestId('shell-state')).toHaveAttribute('data-state', '1');
    await expect(page.getByTestId('shell-session')).toBeVisible();
    await expect(page.locator('.xterm-rows')).toContainText(/[#$]/);

    // Chinese and uname through the terminal.
    await page.getByTestId('shell-terminal').click();
    await run(page, 'echo 你好 && uname -a');
    await expect.poll(async () => (await screenRows(page)).some((r) => r.trim() === '你好')).toBe(true);
    await expect(page.locator('.xterm-rows')).toContainText(`${os.type()} ${os.hostname()} ${os.release()}`);
    await shot(page, 'shell-1280-en-US');

    // The gateway's terminal follows the window: 40 rows, fewer columns in a narrower window.
    const wide = await sttySize(page, 'wide');
    expect(wide.rows).toBe(40);
    // The new size reaches the gateway a moment after the window changed: asked until it shows.
    let tries = 0;
    const sizeBelow = async (cols: number) => {
      let size = { rows: 0, cols: 0 };
      await expect
        .poll(async () => {
          size = await sttySize(page, `size${++tries}`);
          return size.cols;
        })
        .toBeLessThan(cols);
      return size;
    };
    await page.setViewportSize({ width: 900, height: 900 });
    const mid = await sizeBelow(wide.cols);
    expect(mid.rows).toBe(40);

    // Ctrl-C stops a long command: the next line runs at once.
    await run(page, 'sleep 100');
    await page.waitForTimeout(500);
    const interrupted = Date.now();
    await page.keyboard.press('Control+c');
    await run(page, 'echo back-$((6*7))');
    await expect
      .poll(async () => (await screenRows(page)).some((r) => r.trim() === 'back-42'), { timeout: 5_000 })
      .toBe(true);
    expect(Date.now() - interrupted).toBeLessThan(5_000);

    // A session that ends says why; Connect again opens a new one.
    await run(page, 'exit');
    await expect(page.getByTestId('shell-ended')).toHaveAttribute('data-reason', 'exited');
    await expect(page.getByTestId('shell-ended')).toContainText('the shell exited');
    await page.getByTestId('shell-connect-again').click();
    await expect(page.getByTestId('shell-state')).toHaveAttribute('data-state', '1');
    await expect(page.getByTestId('shell-ended')).toHaveCount(0);

    // 390 px: fewer columns, nothing wider than the screen.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByTestId('shell-terminal').click();
    await sizeBelow(mid.cols);
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth))
      .toBeLessThanOrEqual(0);
    await shot(page, 'shell-390-en-US');

    // Chinese: the page and the terminal.
    await page.evaluate(() => localStorage.setItem('lns.lang', 'zh-CN'));
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width > 400 ? 900 : 844 });
      await page.goto(address);
      await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
      await page.getByTestId('shell-connect').click();
      await expect(page.getByTestId('shell-state')).toHaveText('已连接');
      await expect(page.locator('.xterm-rows')).toContainText(/[#$]/);
      await page.getByTestId('shell-terminal').click();
      await run(page, 'echo 网关终端 $((40+2))');
      await expect.poll(async () => (await screenRows(page)).some((r) => r.trim() === '网关终端 42')).toBe(true);
      await shot(page, `shell-${width}-zh-CN`);
    }
    await page.evaluate(() => localStorage.setItem('lns.lang', 'en-US'));

    // The socket itself is refused to a common user, even for a gateway of its own; an admin's opens.
    expect(await rawSocket(page, gwID)).toBe('open');
    const made = await page.request.post(userApi.create.path, {
      headers,
      data: { name: COMMON.name, password: COMMON.password, admin: 0 },
    });
    expect([0, 2003]).toContain((await made.json()).code);
    const ctx = await browser.newContext();
    try {
      const user = await ctx.newPage();
      await signIn(user, COMMON.name, COMMON.password);
      await user.goto(address);
      await expect(user).toHaveURL(/\/401$/);
      const own = await createGateway(user.request, await tokenOf(user), 'own');
      expect(await rawSocket(user, gwID)).toMatch(/^closed/);
      expect(await rawSocket(user, own.gwID)).toMatch(/^closed/);
    } finally {
      await ctx.close();
    }
    await agent.stop();
    agent = undefined;
  } finally {
    await agent?.stop();
    rmSync(logDir, { recursive: true, force: true });
  }
});
