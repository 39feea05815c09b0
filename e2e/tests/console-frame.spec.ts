import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { E2E_ADMIN_PASSWORD } from '../global-setup';
import { signIn } from '../helpers';

/** Journeys through the console frame: sign-in with the real captcha, roles, errors, users, search, narrow screens. */

const shot = (page: Page, name: string) =>
  page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });

async function tokenOf(page: Page): Promise<string> {
  return (await page.evaluate(() => localStorage.getItem('lns.token'))) ?? '';
}

async function ensureUser(request: APIRequestContext, token: string, name: string, password: string) {
  const r = await request.post('/api/user/create', {
    headers: { 'x-access-token': token },
    data: { name, password, admin: 0 },
  });
  const body = await r.json();
  expect([0, 2003]).toContain(body.code);
}

test('sign in through the captcha, switch language, see the admin menus and the version popup', async ({ page }) => {
  await signIn(page, 'admin', E2E_ADMIN_PASSWORD);
  await expect(page.getByTestId('main-user')).toHaveText(/Users/);
  await expect(page.getByTestId('main-platform')).toBeVisible();
  await page.getByTestId('language-menu').click();
  await page.getByRole('menuitem', { name: '简体中文' }).click();
  await expect(page.getByTestId('main-user')).toHaveText(/用户/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await shot(page, 'home-zh-CN');
  await page.reload();
  await expect(page.getByTestId('main-user')).toHaveText(/用户/); // remembered
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: '版本' }).click();
  await expect(page.getByText('前端版本')).toBeVisible();
  await expect(page.getByRole('dialog')).toContainText('4.0');
  await expect(page.getByRole('dialog')).toContainText('4.0.0'); // back-end version from /api/version
  await shot(page, 'version-zh-CN');
  await page.keyboard.press('Escape');
  await page.getByTestId('language-menu').click();
  await page.getByRole('menuitem', { name: 'English' }).click();
  await expect(page.getByTestId('main-user')).toHaveText(/Users/);
});

test('a common user sees fewer menus; a forbidden route lands on 401 and counts back', async ({ page, browser }) => {
  await signIn(page, 'admin', E2E_ADMIN_PASSWORD);
  await ensureUser(page.request, await tokenOf(page), 'e2e-common', 'common-pass-1');

  const ctx = await browser.newContext();
  const user = await ctx.newPage();
  await signIn(user, 'e2e-common', 'common-pass-1');
  await expect(user.getByTestId('main-gateway')).toBeVisible();
  await expect(user.getByTestId('main-user')).toHaveCount(0);
  await expect(user.getByTestId('main-platform')).toHaveCount(0);
  await user.getByTestId('user-menu').click();
  await expect(user.getByRole('menuitem', { name: 'Version' })).toHaveCount(0);
  // Own details: a common user may read its own status.
  await user.getByRole('menuitem', { name: 'My details' }).click();
  await expect(user.getByTestId('user-detail')).toContainText('e2e-common');
  await expect(user.getByTestId('api-token')).toHaveText(/^lns_/);
  await user.keyboard.press('Escape');

  await user.goto('/gateway/list');
  await user.goto('/user');
  await expect(user).toHaveURL(/\/401$/);
  await expect(user.getByTestId('error-401')).toContainText('No right to access');
  await expect(user.getByTestId('countdown')).toHaveText(/[1-5] s/);
  await shot(user, '401-en-US');
  // After 5 s: back one page.
  await expect(user).toHaveURL(/\/gateway\/list$/, { timeout: 8000 });

  await user.goto('/no/such/page');
  await expect(user.getByTestId('error-404')).toBeVisible();
  await user.getByRole('button', { name: 'Back to home' }).click();
  await expect(user).toHaveURL(/\/home$/);

  // A bad address as the tab's first console page: the countdown goes home, not to the blank tab.
  const tab = await ctx.newPage();
  await tab.goto('about:blank');
  await tab.goto('/no/such/page');
  await expect(tab.getByTestId('error-404')).toBeVisible();
  await expect(tab).toHaveURL(/\/home$/, { timeout: 8000 });
  await ctx.close();
});

test('create, update and delete a user; global search finds it', async ({ page }) => {
  await signIn(page, 'admin', E2E_ADMIN_PASSWORD);
  const name = `e2e-u${Date.now() % 100000}`;
  await page.getByTestId('main-user').click();
  await expect(page.getByTestId('user-table')).toBeVisible();
  await page.getByTestId('user-add').click();
  await page.getByTestId('user-save').click();
  await expect(page.getByText('User name cannot be empty')).toBeVisible();
  await expect(page.getByText('Password cannot be empty')).toBeVisible();
  await expect(page.getByText('Please choose a permission')).toBeVisible();
  await page.getByTestId('user-name').fill(name);
  // The password policy answers on the field before anything is sent.
  await page.getByTestId('user-password').fill('password123');
  await page.getByTestId('user-admin-0').check();
  await page.getByTestId('user-save').click();
  await expect(page.getByText('password too common or too easy to guess')).toBeVisible();
  await page.getByTestId('user-password').fill('pw-123456');
  await page.getByTestId('user-admin-0').check();
  await shot(page, 'user-form-en-US');
  await page.getByTestId('user-save').click();
  await expect(page.getByTestId(`user-link-${name}`)).toBeVisible();

  // Update: rename.
  await page.getByRole('button', { name: `Update user ${name}` }).click();
  await page.getByTestId('user-name').fill(`${name}x`);
  await page.getByTestId('user-save').click();
  await expect(page.getByTestId(`user-link-${name}x`)).toBeVisible();

  // Detail page.
  await page.getByTestId(`user-link-${name}x`).click();
  await expect(page.getByTestId('user-detail')).toContainText(`${name}x`);
  await expect(page.getByTestId('breadcrumbs')).toContainText('Users');
  await shot(page, 'user-detail-en-US');

  // Global search finds it.
  await page.getByTestId('open-search').click();
  await page.getByRole('combobox', { name: 'Type' }).click();
  await page.getByTestId('search-type-user').click();
  await page.getByTestId('search-keyword').fill(`${name}X`.toUpperCase());
  await page.getByTestId('search-keyword').press('Enter');
  await expect(page.getByTestId('search-results')).toContainText(`${name}x`);
  await shot(page, 'search-en-US');
  await page.getByTestId('search-results').getByText(`${name}x`).click();
  await expect(page).toHaveURL(/\/user\/detail\?userID=\d+/);

  // Delete through the slide-verified dialog.
  await page.goto('/user');
  await page.getByRole('button', { name: `Delete ${name}x` }).click();
  const handle = page.getByTestId('slide-verify-handle');
  await expect(handle).toHaveAttribute('tabindex', '0');
  const box = (await handle.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  for (let i = 1; i <= 10; i++) await page.mouse.move(box.x + box.width / 2 + i * 30, box.y + box.height / 2);
  await page.mouse.up();
  await expect(page.getByTestId('slide-verify')).toHaveAttribute('data-verified', 'true');
  await page.getByTestId('delete-confirm').click();
  await expect(page.getByTestId('delete-deleted')).toContainText(`${name}x`);
  await shot(page, 'delete-en-US');
  await page.getByTestId('delete-close').click();
  await expect(page.getByTestId(`user-link-${name}x`)).toHaveCount(0);
});

test('narrow screens: 900 px extension row, 600 px bottom sheet, 500 px tools in the sheet', async ({ page }) => {
  await signIn(page, 'admin', E2E_ADMIN_PASSWORD);
  await page.setViewportSize({ width: 900, height: 800 });
  await expect(page.getByTestId('extension-row')).toBeVisible();
  await page.getByTestId('toggle-nav').click();
  await expect(page.getByTestId('side-nav')).toBeVisible();
  await page.keyboard.press('Escape');
  await page.setViewportSize({ width: 600, height: 800 });
  await expect(page.getByTestId('extension-row')).toHaveCount(0);
  await page.getByTestId('open-sheet').click();
  await expect(page.getByTestId('bottom-sheet')).toBeVisible();
  await shot(page, 'sheet-600-en-US');
  await page.getByTestId('bottom-sheet').getByRole('link', { name: 'Users' }).first().click();
  await expect(page).toHaveURL(/\/user$/);
  await page.setViewportSize({ width: 500, height: 800 });
  await expect(page.getByTestId('open-search')).toHaveCount(0);
  await page.getByTestId('open-sheet').click();
  await expect(page.getByTestId('sheet-tools').getByTestId('open-search')).toBeVisible();
  await page.getByTestId('language-menu').click();
  await page.getByRole('menuitem', { name: '简体中文' }).click();
  await shot(page, 'sheet-500-zh-CN');
});

test('screenshots of the main pages in both languages', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByTestId('captcha-bg')).toBeVisible();
  await shot(page, 'login-en-US');
  await page.getByTestId('language-menu').click();
  await page.getByRole('menuitem', { name: '简体中文' }).click();
  await expect(page.getByText('账号不能为空')).toHaveCount(0);
  await page.getByTestId('login-submit').click();
  await expect(page.getByText('账号不能为空')).toBeVisible();
  await expect(page.getByText('密码不能为空')).toBeVisible();
  await shot(page, 'login-zh-CN');
  await signIn(page, 'admin', E2E_ADMIN_PASSWORD);
  for (const lang of ['zh-CN', 'en-US']) {
    await page.evaluate((l) => localStorage.setItem('lns.lang', l), lang);
    for (const [path, name] of [
      ['/user', 'users'],
      ['/application/device/detail?appID=1&appName=demo&devEUI=0102030405060708', 'device-detail'],
    ] as const) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      await shot(page, `${name}-${lang}`);
    }
  }
});
