import * as XLSX from '@e965/xlsx';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { E2E_ADMIN_PASSWORD } from '../global-setup';
import { signIn } from '../helpers';

/**
 * Gateway journeys as a common user: tags, a gateway with tags and a location (coordinate
 * fields: the test server has no map key), a pico gateway, a batch update of three gateways,
 * an Excel import (a preview of the bad rows, then the fixed file), and the list filtered by region and tag.
 */
test.describe.configure({ mode: 'serial' });

const USER = 'e2e-gateways';
const PASSWORD = 'gateways-pass-1';
let page: Page;
let token = '';

const shot = (name: string) => page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });

async function api(method: 'GET' | 'POST', url: string, data?: Record<string, unknown>) {
  const res =
    method === 'GET'
      ? await page.request.get(url, { headers: { 'x-access-token': token }, params: data as Record<string, string> })
      : await page.request.post(url, { headers: { 'x-access-token': token }, data });
  return res.json();
}

async function select(label: RegExp, option: string | RegExp) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).click();
}

async function pickTag(testId: string, name: string) {
  await page.getByTestId(testId).click();
  await page.getByRole('option', { name: new RegExp(`/ ${name}$`) }).click();
}

test.beforeAll(async ({ browser }: { browser: Browser }) => {
  const adminPage = await browser.newPage();
  await signIn(adminPage, 'admin', E2E_ADMIN_PASSWORD);
  const adminToken = await adminPage.evaluate(() => localStorage.getItem('lns.token'));
  const r = await adminPage.request.post('/api/user/create', {
    headers: { 'x-access-token': adminToken! },
    data: { name: USER, password: PASSWORD, admin: 0 },
  });
  expect([0, 2003]).toContain((await r.json()).code);
  await adminPage.close();
  page = await browser.newPage();
  await signIn(page, USER, PASSWORD);
  token = (await page.evaluate(() => localStorage.getItem('lns.token')))!;
});

test.afterAll(async () => {
  await page?.close();
});

test('create gateway tags in a group', async () => {
  await page.goto('/gateway/tag');
  // The same tag page as devices: "Add tags" opens one dialog for a group and several names.
  await page.getByTestId('tag-add').click();
  await page.getByTestId('tag-group').fill('site');
  await page.getByTestId('tag-names').fill('roof, mast');
  await page.getByTestId('tag-save').click();
  await expect(page.getByTestId('tag-group-site')).toBeVisible();
  await expect(page.getByTestId('tag-roof')).toContainText('roof (0)');
  await expect(page.getByTestId('tag-mast')).toBeVisible();
  await shot('tags');
});

test('create a gateway with tags and a location', async () => {
  await page.goto('/gateway/list');
  await page.getByTestId('gw-add').click();
  // Empty required fields are named before anything is sent.
  await page.getByTestId('gw-save').click();
  await expect(page.getByText('Cannot be empty').first()).toBeVisible();
  await page.getByTestId('gw-name').fill('roof-gw');
  await page.getByTestId('gw-random').click();
  await expect(page.getByTestId('gw-id')).toHaveValue(/^([0-9A-F]{2}-){7}[0-9A-F]{2}$/);
  await page.getByTestId('gw-id').fill('a8-40-41-00-00-00-10-01');
  await select(/^Region/, /^EU868/);
  await select(/^Gateway type/, /^rhf2s027/);
  await select(/^Tx power/, /^14$/);
  await page.getByTestId('gw-keepalive').fill('61');
  await page.getByTestId('gw-save').click();
  await expect(page.getByText('Please enter 5~60')).toBeVisible();
  await page.getByTestId('gw-keepalive').fill('30');
  await pickTag('gw-tags', 'roof');
  // No map key on the test server: the picker falls back to coordinate fields.
  await expect(page.getByTestId('map-fallback')).toBeVisible();
  await page.getByTestId('map-lng').fill('121.4737');
  await page.getByTestId('map-lat').fill('31.2304');
  await shot('gateway-form');
  await page.getByTestId('gw-save').click();
  await expect(page.getByTestId('gw-link-roof-gw')).toBeVisible();
  const info = await api('GET', '/api/gateway/status/info', { gwID: 'a840410000001001' });
  expect(info.data).toMatchObject({
    gwName: 'roof-gw',
    region: 'eu868',
    txPower: 14,
    mqttKeepAlive: 30,
    latitude: 31.2304,
    longitude: 121.4737,
  });
  expect(info.data.tags.map((x: { name: string }) => x.name)).toEqual(['roof']);
  // The same ID again is refused with the code's text in the console's words.
  await page.getByTestId('gw-add').click();
  await page.getByTestId('gw-name').fill('dup-gw');
  await page.getByTestId('gw-id').fill('a840410000001001');
  await select(/^Region/, /^EU868/);
  await select(/^Gateway type/, /^generic/);
  await select(/^Tx power/, /^0$/);
  await page.getByTestId('gw-save').click();
  await expect(page.getByText('Gateway ID already exists').first()).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();
});

test('create a pico gateway: channel fields appear with their defaults; region is fixed on update', async () => {
  await page.goto('/gateway/list');
  await page.getByTestId('gw-add').click();
  await page.getByTestId('gw-name').fill('pico-1');
  await page.getByTestId('gw-id').fill('a840410000002001');
  await expect(page.getByTestId('gw-pico')).toHaveCount(0);
  await select(/^Region/, /^CN470ALID/);
  await select(/^Gateway type/, /^rhf2sp01/);
  await expect(page.getByTestId('gw-pico')).toBeVisible();
  await expect(page.getByRole('combobox', { name: /^Public channel/ })).toHaveText('CH8');
  await expect(page.getByRole('combobox', { name: /^Public data rate/ })).toHaveText('DR2');
  await expect(page.getByRole('combobox', { name: /^Data channel/ })).toHaveText('CH9');
  await expect(page.getByRole('combobox', { name: /^Data rate/ })).toHaveText('DR2');
  await select(/^Data channel/, 'CH12');
  await page.getByTestId('gw-pico-heartbeat').fill('16');
  await select(/^Tx power/, /^10$/);
  await page.getByTestId('gw-save').click();
  await expect(page.getByText('Please enter 1~15')).toBeVisible();
  await page.getByTestId('gw-pico-heartbeat').fill('10');
  await shot('pico-form');
  await page.getByTestId('gw-save').click();
  await page.getByTestId('gw-link-pico-1').click();
  await expect(page.getByTestId('gw-detail-pico')).toContainText('CH12 / DR2');
  await expect(page.getByTestId('gw-detail-pico')).toContainText('CH8 / DR2');
  await page.getByTestId('gw-detail-edit').click();
  await expect(page.getByRole('combobox', { name: /^Region/ })).toHaveAttribute('aria-disabled', 'true');
  await expect(page.getByRole('combobox', { name: /^Subnet/ })).toHaveAttribute('aria-disabled', 'true');
  await page.getByRole('button', { name: 'Cancel' }).click();
  // The detail frame: side menu to the reported information.
  await page
    .getByRole('link', { name: /Report/i })
    .first()
    .click();
  // Nothing reported yet: the system card says so (and where reports come from).
  await expect(page.getByTestId('gw-status-system-empty')).toBeVisible();
});

test('batch-update three gateways: only the remark typed changes', async () => {
  for (const n of [1, 2, 3]) {
    const r = await api('POST', '/api/gateway/create', {
      gwID: `a84041000000300${n}`,
      gwName: `batch-${n}`,
      region: 'us915',
      subnet: 'us915-2',
      gwType: 'rhf2s001',
      txPower: 20,
      mqttKeepAlive: 45,
      enableClassB: true,
    });
    expect(r.code).toBe(0);
  }
  await page.goto('/gateway/list');
  for (const n of [1, 2, 3]) {
    await page
      .getByRole('row', { name: new RegExp(`batch-${n}`) })
      .getByRole('checkbox')
      .check();
  }
  await page.getByTestId('gw-batch').click();
  await expect(page.getByText('3 gateways selected')).toBeVisible();
  await expect(page.getByTestId('gw-batch-hint')).toBeVisible();
  // Nothing is pre-filled, and nothing set means nothing to save.
  await expect(page.getByTestId('gw-batch-keepalive')).toHaveValue('');
  await expect(page.getByTestId('gw-batch-save')).toBeDisabled();
  await page.getByTestId('gw-batch-remarks').fill('on the mast');
  await shot('gateway-batch-update');
  await page.getByTestId('gw-batch-save').click();
  await expect(page.getByText('3 gateways updated')).toBeVisible();
  for (const n of [1, 2, 3]) {
    const info = await api('GET', '/api/gateway/status/info', { gwID: `a84041000000300${n}` });
    expect(info.data).toMatchObject({ remarks: 'on the mast', txPower: 20, mqttKeepAlive: 45, enableClassB: true });
  }
  // What the user sees: the edit form of one of them still shows its own Tx power and keep-alive.
  await page.getByTestId('gw-link-batch-2').click();
  await page.getByTestId('gw-detail-edit').click();
  await expect(page.getByTestId('gw-remarks')).toHaveValue('on the mast');
  await expect(page.getByTestId('gw-txpower')).toHaveValue('20');
  await expect(page.getByTestId('gw-keepalive')).toHaveValue('45');
  await page.getByRole('button', { name: 'Cancel' }).click();
});

function sheet(rows: unknown[][]): Buffer {
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(rows), 'gateways');
  return XLSX.write(wb, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}
const HEADER = ['gwID*', 'gwName*', 'gwType*', 'region*', 'subnet*', 'txPower*'];
/** The Chinese template's headers: a sheet filled in either language imports. */
const HEADER_ZH = ['网关 ID*', '网关名称*', '网关类型*', '区域*', '子网*', '发射功率*'];
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

test('import gateways: the preview lists every problem of each row and writes nothing; Import writes the fixed file', async () => {
  await page.goto('/gateway/batch');
  await expect(page.getByTestId('import-wizard')).toContainText('at most 1 MB');
  await page.getByTestId('import-file').setInputFiles({
    name: 'bad.xlsx',
    mimeType: XLSX_TYPE,
    buffer: sheet([
      HEADER,
      ['a840410000004001', 'imp-ok', 'generic', 'eu868', 'eu868-default', 0],
      ['a840410000004002', '', 'generic', 'eu868', 'eu868-default', 30],
      ['a840410000004001', 'imp-dup', 'generic', 'eu868', 'eu868-default', 0],
    ]),
  });
  const bad = page.getByTestId('import-row-3');
  await expect(bad).toContainText('Gateway name: Gateway name cannot be empty');
  await expect(bad).toContainText('Tx power: At most 27');
  await expect(page.getByTestId('import-row-4')).toContainText('Gateway ID:');
  await expect(page.getByTestId('import-row-4')).toContainText('(same as row 2)');
  await expect(page.getByTestId('import-submit')).toBeDisabled();
  await shot('import-errors');
  expect((await api('GET', '/api/gateway/list', { keyword: 'imp-' })).amount).toBe(0);
  await page.getByTestId('import-file').setInputFiles({
    name: 'good.xlsx',
    mimeType: XLSX_TYPE,
    buffer: sheet([
      HEADER_ZH,
      ['a840410000004001', 'imp-1', 'generic', 'eu868', 'eu868-default', 0],
      ['a840410000004002', 'imp-2', 'generic', 'as923-1', 'as923-1-default', 0],
    ]),
  });
  await expect(page.getByTestId('import-summary')).toContainText('2 rows checked, no problems');
  expect((await api('GET', '/api/gateway/list', { keyword: 'imp-' })).amount).toBe(0);
  await page.getByTestId('import-submit').click();
  await expect(page.getByTestId('import-done')).toContainText('2 rows imported');
  expect((await api('GET', '/api/gateway/list', { keyword: 'imp-' })).amount).toBe(2);
});

test('filter the list by region and tag', async () => {
  await page.goto('/gateway/list');
  await expect(page.getByTestId('gw-link-batch-1')).toBeVisible();
  await page.getByTestId('gw-filter-region').click();
  await page.getByRole('option', { name: 'EU868' }).click();
  await expect(page.getByTestId('gw-link-batch-1')).toHaveCount(0);
  await expect(page.getByTestId('gw-link-imp-1')).toBeVisible();
  await expect(page.getByTestId('gw-link-roof-gw')).toBeVisible();
  await pickTag('gw-filter-tag', 'roof');
  await expect(page.getByTestId('gw-link-roof-gw')).toBeVisible();
  await expect(page.getByTestId('gw-link-imp-1')).toHaveCount(0);
  await shot('filtered');
});
