import { expect, test } from '@playwright/test';

test('the console index is served with history-mode fallback', async ({ page, request }) => {
  await page.goto('/some/deep/route');
  await expect(page).toHaveTitle(/LNS/);
  const api = await request.get('/api/nope');
  expect(api.status()).toBe(404);
  expect((await api.json()).code).toBe(404);
});
