import { expect, type Page, test } from '@playwright/test';
import { E2E_ADMIN_PASSWORD } from '../global-setup';
import { signIn } from '../helpers';

/**
 * A common user changes its own password from the account menu: a wrong current password is
 * shown on its field, a good change keeps this browser signed in, and the next sign-in takes
 * the new password.
 */
test.describe.configure({ mode: 'serial' });

const NAME = 'e2e-account';
const FIRST = 'copper-lantern-31';
const SECOND = 'willow-harbour-62';
let page: Page;

const shot = (name: string) => page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });

test.beforeAll(async ({ browser }) => {
  page = await browser.newPage();
  await signIn(page, 'admin', E2E_ADMIN_PASSWORD);
  const token = (await page.evaluate(() => localStorage.getItem('lns.token')))!;
  const created = await page.request.post('/api/user/create', {
    headers: { 'x-access-token': token },
    data: { name: NAME, password: FIRST, admin: 0 },
  });
  expect((await created.json()).code).toBe(0);
  await page.getByTestId('user-menu').click();
  await page.getByTestId('logout').click();
  await page.waitForURL('**/login');
});

test.afterAll(async () => {
  await page?.close();
});

test('a common user changes its password from the account menu and signs in with the new one', async () => {
  await signIn(page, NAME, FIRST);
  await page.getByTestId('user-menu').click();
  await page.getByTestId('change-password').click();
  const dialog = page.getByRole('dialog', { name: 'Change password' });
  await expect(dialog.getByText('At least 8 characters')).toBeVisible();

  await dialog.getByTestId('password-currentPassword').fill('not-my-password-1');
  await dialog.getByTestId('password-newPassword').fill(SECOND);
  await dialog.getByTestId('password-confirmPassword').fill(SECOND);
  await dialog.getByTestId('password-change-save').click();
  await expect(dialog.locator('p', { hasText: 'the current password is wrong' })).toBeVisible();
  await shot('change-password-refused');

  await dialog.getByTestId('password-currentPassword').fill(FIRST);
  await dialog.getByTestId('password-change-save').click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Password changed.')).toBeVisible();

  // The answered session replaced the old one: a reload stays signed in.
  await page.reload();
  await expect(page.getByTestId('user-menu')).toBeVisible();
  await expect(page).toHaveURL(/\/home/);

  await page.getByTestId('user-menu').click();
  await page.getByTestId('logout').click();
  await page.waitForURL('**/login');
  await signIn(page, NAME, SECOND);
  await expect(page.getByTestId('user-menu')).toBeVisible();
});
