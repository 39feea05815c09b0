import { chromium } from '@playwright/test';
const base = 'http://127.0.0.1:18081';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
for (const [lang, width] of [['en-US', 1280], ['zh-CN', 390]]) {
  const ctx = await browser.newContext({ viewport: { width, height: 800 } });
  const page = await ctx.newPage();
  const failed = [];
  page.on('response', (r) => { if (r.status() >= 400) failed.push(`${r.status()} ${r.url()}`); });
  page.on('pageerror', (e) => failed.push(`pageerror ${e.message}`));
  await page.goto(base + '/login');
  await page.evaluate((l) => localStorage.setItem('lns.lang', l), lang);
  await page.reload();
  await page.getByTestId('login-name').fill('admin');
  await page.getByTestId('login-password').fill('meadow-lantern-42');
  await page.getByTestId('login-submit').click();
  await page.waitForURL((u) => !u.pathname.startsWith('/login'), { timeout: 15000 });
  await page.goto(base + '/application/device/list');
  await page.waitForTimeout(2500);
  await page.screenshot({ path: `/tmp/shots/devices-${lang}-${width}.png` });
  // A deep link reloaded: the index comes back for any console page.
  await page.goto(base + '/gateway/list');
  await page.waitForTimeout(2000);
  await page.screenshot({ path: `/tmp/shots/gateways-${lang}-${width}.png` });
  console.log(lang, width, page.url(), 'failed responses:', failed);
  await ctx.close();
}
await browser.close();
