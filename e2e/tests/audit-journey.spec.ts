import { expect, type Page, test } from '@playwright/test';
import { E2E_ADMIN_PASSWORD } from '../global-setup';
import { signIn } from '../helpers';

/**
 * The audit log as an admin: a failed sign-in and an application rename made through the API
 * show on Platform → Audit log, filterable, with the entry's before/after and the password
 * hidden; the page stays usable on a phone-sized screen.
 */
test.describe.configure({ mode: 'serial' });

const INTRUDER = 'e2e-intruder';
let page: Page;
let token = '';

const shot = (name: string) => page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });

async function api(url: string, data: Record<string, unknown>) {
  const res = await page.request.post(url, { headers: { 'x-access-token': token }, data });
  return res.json();
}

test.beforeAll(async ({ browser }) => {
  page = await browser.newPage();
  const tried = await page.request.post('/api/login', {
    data: { name: INTRUDER, password: 'guess-1234', digest: 'x' },
  });
  expect((await tried.json()).code).not.toBe(0);
  await signIn(page, 'admin', E2E_ADMIN_PASSWORD);
  token = (await page.evaluate(() => localStorage.getItem('lns.token')))!;
  const created = await api('/api/application/create', { appName: 'e2e-audited', productType: 'lorawan' });
  expect(created.code).toBe(0);
  const renamed = await api('/api/application/update', {
    appID: created.data.appID,
    appName: 'e2e-audited-2',
    productType: 'lorawan',
  });
  expect(renamed.code).toBe(0);
});

test.afterAll(async () => {
  await page?.close();
});

test('an admin finds the rename and the failed sign-in in the audit log', async () => {
  await page.goto('/home');
  // The header's Platform entry opens the first platform page that is built.
  await page.getByTestId('main-platform').click();
  await page.getByRole('link', { name: 'Audit log' }).first().click();
  await expect(page).toHaveURL(/\/platform\/audit-log/);
  const table = page.getByTestId('audit-table');
  await expect(table.getByText('application.update').first()).toBeVisible();

  await table.getByText('application.update').first().click();
  const detail = page.getByTestId('audit-detail');
  await expect(detail.getByTestId('audit-before')).toContainText('e2e-audited');
  await expect(detail.getByTestId('audit-after')).toContainText('e2e-audited-2');
  await shot('audit-detail');
  await page.getByRole('button', { name: 'Close' }).click();

  await page.getByTestId('audit-userName').fill(INTRUDER);
  await page.getByTestId('audit-search').click();
  await expect(page.getByTestId('list-total')).toHaveText('1 in total');
  await shot('audit-filtered');
  await table.getByText(INTRUDER).click();
  await expect(detail).toContainText('POST /api/login');
  await expect(detail.getByTestId('audit-body')).toContainText('***');
  await expect(detail.getByTestId('audit-body')).not.toContainText('guess-1234');
  await page.getByRole('button', { name: 'Close' }).click();
});

test('the audit page works on a phone-sized screen', async () => {
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto('/platform/audit-log');
  const table = page.getByTestId('audit-table');
  await expect(table.getByText('application.update').first()).toBeVisible();
  await expect(page.getByTestId('audit-search')).toBeVisible();
  await shot('audit-phone');
  // The filters take the full width instead of running off screen.
  const box = (await page.getByTestId('audit-userName').boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  await table.getByText('application.update').first().click();
  await expect(page.getByTestId('audit-detail')).toBeVisible();
});
