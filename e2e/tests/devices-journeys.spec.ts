import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as XLSX from '@e965/xlsx';
import { EXPORT_FIELD_HEADERS, EXPORT_SHEETS } from '@lns/contract/export-headers';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { startSimulation } from '../../tools/simulator/src/sim';
import { E2E_ADMIN_PASSWORD } from '../global-setup';
import { signIn } from '../helpers';

/**
 * Application and device journeys as a common user: an application with push URLs and headers; OTAA and ABP
 * devices (bad keys refused in both languages); an import whose preview lists every problem, then the fixed file with tags; batch tags; move;
 * export; a device's details with the RSSI/SNR chart fed by a simulated device.
 */
test.describe.configure({ mode: 'serial' });

const USER = 'e2e-devices';
const PASSWORD = 'devices-pass-1';
let page: Page;
let token = '';
let appID = 0;
const APP = 'e2e-meters';
const listUrl = () => `/application/device/list?appID=${appID}&appName=${APP}`;

const shot = (name: string) => page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });

async function api(method: 'GET' | 'POST', url: string, data?: Record<string, unknown>) {
  const res =
    method === 'GET'
      ? await page.request.get(url, { headers: { 'x-access-token': token }, params: data as Record<string, string> })
      : await page.request.post(url, { headers: { 'x-access-token': token }, data });
  return res.json();
}

async function setLanguage(lng: '简体中文' | 'English') {
  await page.getByTestId('language-menu').click();
  await page.getByRole('menuitem', { name: lng }).click();
}

async function choose(label: string | RegExp, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByTestId(option).click();
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

test('create an application with push URLs and headers', async () => {
  await page.goto('/application/list');
  await page.getByTestId('app-add').click();
  await page.getByTestId('app-name').fill(APP);
  await expect(page.getByText(`${APP.length}/64`)).toBeVisible();
  // An invalid URL is refused and the header editor stays hidden.
  await page.getByTestId('app-push-url-0').fill('ftp://push.example.com');
  await expect(page.getByText('Must be a valid http or https URL')).toBeVisible();
  await expect(page.getByTestId('header-editor')).toHaveCount(0);
  await page.getByTestId('app-push-url-0').fill('https://push.example.com/lora/');
  await expect(page.getByLabel('Join URL')).toHaveValue('https://push.example.com/lora/join');
  await expect(page.getByLabel('Uplink URL')).toHaveValue('https://push.example.com/lora/uplink');
  await page.getByTestId('app-add-url').click();
  await page.getByTestId('app-push-url-1').fill('http://second.example.com/hook');
  await page.getByRole('button', { name: 'Add header' }).click();
  await page.getByRole('textbox', { name: 'Header', exact: true }).last().fill('Authorization');
  await page.getByRole('textbox', { name: 'Value', exact: true }).last().fill('Bearer e2e');
  await page.getByRole('button', { name: 'Add header' }).click(); // an empty row is dropped
  await page.getByTestId('app-mqtt').check();
  // A decoder script the server cannot compile is refused with its reason; the fixed one saves.
  await page.getByLabel('Payload decoder').click();
  await page.getByRole('option', { name: 'JavaScript' }).click();
  await page.getByTestId('app-decoder').fill('function decodeUplink(input) {\n  return { data: input.bytes[0] \n}');
  await page.getByTestId('app-save').click();
  await expect(page.getByText(/The script cannot be used: SyntaxError/)).toBeVisible();
  await page
    .getByTestId('app-decoder')
    .fill('function decodeUplink(input) {\n  return { data: { first: input.bytes[0] } };\n}');
  await shot('app-form');
  await page.getByTestId('app-save').click();
  await expect(page.getByTestId(`app-link-${APP}`)).toBeVisible();

  await page.getByTestId(`app-link-${APP}`).click();
  await page.waitForURL(/\/application\/detail\?appID=\d+/);
  appID = Number(new URL(page.url()).searchParams.get('appID'));
  const panel = page.getByTestId('app-push-panel');
  await expect(panel).toContainText('https://push.example.com/lora/join');
  await expect(panel).toContainText('http://second.example.com/hook/uplink');
  await expect(panel).toContainText('Authorization');
  await expect(panel).toContainText('Bearer e2e');
  await expect(page.getByText('MQTT user')).toBeVisible();
  const info = await api('GET', '/api/application/info', { appID: String(appID) });
  expect(info.data.headers).toEqual({ Authorization: 'Bearer e2e' });
  expect(info.data.mqName).toMatch(/^app-/);
  expect(info.data.decoder).toMatchObject({ type: 'javascript' });
  await shot('app-detail');
});

test('add OTAA and ABP devices; bad keys are refused with the right message in both languages', async () => {
  await page.goto(listUrl());
  await page.getByTestId('dev-add').click();
  await page.getByTestId('dev-devName').fill('otaa-1');
  await page.getByTestId('dev-devEUI').fill('70-B3-D5-7E-D0-00-00-01');
  await page.getByTestId('dev-appEUI').fill('70b3d57ed0000000');
  await page.getByTestId('dev-appKey').fill('0011');
  await choose('Region', 'dev-region-eu868');
  await choose('Subnet', 'dev-subnet-eu868-default');
  await page.getByTestId('dev-save').click();
  await expect(page.getByText('AppKey must be 32 hexadecimal digits')).toBeVisible();
  await page.getByTestId('dev-appKey').fill('');
  await page.getByTestId('dev-save').click();
  await expect(page.getByText('AppKey cannot be empty')).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();

  // The same refusals in Chinese.
  await setLanguage('简体中文');
  await page.getByTestId('dev-add').click();
  await page.getByTestId('dev-devName').fill('otaa-1');
  await page.getByTestId('dev-devEUI').fill('70b3d57ed0000001');
  await page.getByTestId('dev-appEUI').fill('70b3d57ed0000000');
  await page.getByTestId('dev-save').click();
  await expect(page.getByText('AppKey 不能为空')).toBeVisible();
  await page.getByTestId('dev-appKey').fill('0011');
  await page.getByTestId('dev-save').click();
  await expect(page.getByText('AppKey 必须是 32 位十六进制数')).toBeVisible();
  await shot('device-form-zh');
  await page.getByTestId('dev-appKey').fill('2b7e151628aed2a6abf7158809cf4f3c');
  await choose('频段', 'dev-region-eu868');
  await choose('子网', 'dev-subnet-eu868-default');
  await page.getByTestId('dev-save').click();
  await expect(page.getByTestId('dev-link-otaa-1')).toBeVisible();
  await setLanguage('English');

  // ABP: the session keys are required and checked.
  await page.getByTestId('dev-add').click();
  await page.getByTestId('dev-devName').fill('abp-1');
  await page.getByTestId('dev-devEUI').fill('70b3d57ed0000002');
  await page.getByTestId('dev-appEUI').fill('70b3d57ed0000000');
  await page.getByTestId('dev-auth-abp').check();
  await page.getByTestId('dev-devAddr').fill('2601');
  await page.getByTestId('dev-appSKey').fill('2b7e151628aed2a6abf7158809cf4f3c');
  await choose('Region', 'dev-region-eu868');
  await choose('Subnet', 'dev-subnet-eu868-default');
  await page.getByTestId('dev-save').click();
  await expect(page.getByText('DevAddr must be 8 hexadecimal digits')).toBeVisible();
  await expect(page.getByText('NetworkSessionKey cannot be empty')).toBeVisible();
  await page.getByTestId('dev-devAddr').fill('26011bda');
  await page.getByTestId('dev-nwkSKey').fill('3c4f9cf0885817f7a6d2ae2816157e2b');
  await page.getByTestId('dev-fCntUp').fill('12');
  await page.getByTestId('dev-save').click();
  await expect(page.getByTestId('dev-link-abp-1')).toBeVisible();
  await expect(page.getByTestId('list-total')).toHaveText('2 in total');
  const s = await api('GET', '/api/device/status', { devEUI: '70b3d57ed0000002' });
  expect(s.data).toMatchObject({ authType: 'abp', devAddr: '26011bda', fCntUp: 12, status: 'joined' });
  await shot('device-list');
});

function sheetFile(rows: Record<string, string>[]): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-import-')), 'devices.xlsx');
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.json_to_sheet(rows), 'devices');
  fs.writeFileSync(file, XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }));
  return file;
}

test('import: the preview lists every problem of each row and writes nothing; the fixed file imports with its tags', async () => {
  const row = (n: number, appKey = `${'0'.repeat(30)}${String(n).padStart(2, '0')}`, tags = '') => ({
    devEUI: `70b3d57ed00001${String(n).padStart(2, '0')}`,
    devName: `imported-${n}`,
    appEUI: '70b3d57ed0000000',
    appKey,
    class: 'A',
    macVersion: '1.0.3',
    productType: 'lorawan',
    region: 'eu868',
    subnet: 'eu868-default',
    autoSubnet: 'false',
    fCntUp: '0',
    fCntDown: '0',
    tags,
    remarks: 'imported',
  });
  expect((await api('POST', '/api/device/tags/create', { tags: ['dock'], groupName: 'e2e-import' })).code).toBe(0);
  await page.goto(listUrl());
  await page.getByTestId('dev-import').click();
  await page.waitForURL(/\/application\/device\/batch/);
  await expect(page.getByTestId('import-wizard')).toContainText('at most 1 MB');
  // Not an Excel file.
  await page
    .getByTestId('import-file')
    .setInputFiles({ name: 'devices.csv', mimeType: 'text/csv', buffer: Buffer.from('a,b') });
  await expect(page.getByTestId('import-problem')).toContainText('Choose an Excel file');

  // Sheet rows 2-5: row 3 has two problems, row 5 repeats row 2's DevEUI.
  await page.getByTestId('import-file').setInputFiles(sheetFile([row(1), row(2, 'abc', 'ghost'), row(3), row(1)]));
  const bad = page.getByTestId('import-row-3');
  await expect(bad).toContainText('AppKey: AppKey must be 32 hexadecimal digits');
  await expect(bad).toContainText('Tags: no tag named ghost');
  await expect(page.getByTestId('import-row-5')).toContainText('DevEUI:');
  await expect(page.getByTestId('import-row-5')).toContainText('(same as row 2)');
  await expect(page.getByTestId('import-summary')).toContainText('4 rows checked, 2 with problems');
  await expect(page.getByTestId('import-submit')).toBeDisabled();
  await shot('import-preview');
  expect((await api('GET', '/api/device/list', { appID: String(appID) })).amount).toBe(2);

  await page.getByTestId('import-file').setInputFiles(sheetFile([row(1, undefined, 'dock'), row(2), row(3)]));
  await expect(page.getByTestId('import-summary')).toContainText('3 rows checked, no problems');
  expect((await api('GET', '/api/device/list', { appID: String(appID) })).amount).toBe(2);
  await page.getByTestId('import-submit').click();
  await expect(page.getByTestId('import-done')).toContainText('3 rows imported');
  await expect(page.getByTestId('import-row-2')).toContainText('Imported');
  const first = await api('GET', '/api/device/status', { devEUI: '70b3d57ed0000101' });
  expect(first.data.tags).toEqual(['dock']);
  await page.goto(listUrl());
  await expect(page.getByTestId('list-total')).toHaveText('5 in total');
});

test('batch-tag devices and filter by the tag', async () => {
  await page.goto('/application/device/tag');
  await page.getByTestId('tag-add').click();
  await page.getByTestId('tag-group').fill('site');
  await page.getByTestId('tag-names').fill('roof, cellar');
  await page.getByTestId('tag-save').click();
  await expect(page.getByTestId('tag-roof')).toContainText('roof (0)');

  await page.goto(listUrl());
  const table = page.getByTestId('dev-table');
  await table
    .getByRole('row', { name: /imported-1/ })
    .getByRole('checkbox')
    .check();
  await table
    .getByRole('row', { name: /imported-2/ })
    .getByRole('checkbox')
    .check();
  await page.getByTestId('dev-batch-update').click();
  // Nothing is ticked at first: nothing to save.
  await expect(page.getByTestId('batch-update-hint')).toBeVisible();
  await expect(page.getByTestId('batch-update-save')).toBeDisabled();
  await page.getByTestId('batch-set-tags').check();
  await page.getByRole('combobox', { name: 'Tags' }).last().click();
  await page.getByTestId('tag-option-roof').click();
  await page.keyboard.press('Escape');
  await page.getByTestId('batch-update-save').click();
  await expect(table.getByRole('row', { name: /imported-2/ })).toContainText('roof');
  // Then only a remark: the tag set before stays.
  for (const name of [/imported-1/, /imported-2/]) await table.getByRole('row', { name }).getByRole('checkbox').check();
  await page.getByTestId('dev-batch-update').click();
  await page.getByTestId('batch-set-remarks').check();
  await page.getByTestId('batch-remarks').fill('up high');
  await page.getByTestId('batch-update-save').click();
  // Remarks give way to narrower windows in the list: read them from the device itself.
  await expect
    .poll(async () => (await api('GET', '/api/device/status', { devEUI: '70b3d57ed0000101' })).data.remarks)
    .toBe('up high');
  await expect(table.getByRole('row', { name: /imported-1/ })).toContainText('roof');

  await page.getByRole('combobox', { name: 'Tags' }).first().click();
  await page.getByTestId('tag-option-roof').click();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('list-total')).toHaveText('2 in total');
  await shot('filtered-by-tag');
  // Clear the filter again.
  await page.getByRole('combobox', { name: 'Tags' }).first().click();
  await page.getByTestId('tag-option-roof').click();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('list-total')).toHaveText('5 in total');
});

test('move a device to another application', async () => {
  const other = await api('POST', '/api/application/create', { appName: 'e2e-other' });
  expect(other.code).toBe(0);
  await page.goto(listUrl());
  const table = page.getByTestId('dev-table');
  await table
    .getByRole('row', { name: /imported-3/ })
    .getByRole('checkbox')
    .check();
  await page.getByTestId('dev-move').click();
  await page.getByRole('combobox', { name: 'Target application' }).click();
  await page.getByTestId('move-app-e2e-other').click();
  await page.getByTestId('move-save').click();
  await expect(page.getByTestId('list-total')).toHaveText('4 in total');
  const moved = await api('GET', '/api/device/status', { devEUI: '70b3d57ed0000103' });
  expect(moved.data.appID).toBe(other.data.appID);
});

test('export the selected devices to .xlsx', async () => {
  await page.goto(listUrl());
  const table = page.getByTestId('dev-table');
  await table
    .getByRole('row', { name: /otaa-1/ })
    .getByRole('checkbox')
    .check();
  await table.getByRole('row', { name: /abp-1/ }).getByRole('checkbox').check();
  await page.getByTestId('dev-export').click();
  await page.getByTestId('export-field-remarks').check();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-save').click()]);
  expect(download.suggestedFilename()).toMatch(/^devices-\d+\.xlsx$/);
  const book = XLSX.read(fs.readFileSync((await download.path())!), { type: 'buffer' });
  // The console asks in English: sheet and headers come in English.
  const h = (k: keyof typeof EXPORT_FIELD_HEADERS) => EXPORT_FIELD_HEADERS[k].en;
  const rows = XLSX.utils.sheet_to_json<Record<string, unknown>>(book.Sheets[EXPORT_SHEETS.devices.en]!);
  expect(rows.map((r) => r[h('devName')]).sort()).toEqual(['abp-1', 'otaa-1']);
  expect(rows.find((r) => r[h('devName')] === 'abp-1')).toMatchObject({
    [h('devAddr')]: '26011bda',
    [h('fCntUp')]: 12,
  });
  expect(Object.keys(rows[0]!)).toContain(h('remarks'));
});

test("open a device's details and see the RSSI/SNR chart", async () => {
  test.setTimeout(120_000);
  const sim = await startSimulation({
    url: process.env.E2E_BASE_URL!,
    token,
    udp: `127.0.0.1:${process.env.E2E_UDP_PORT}`,
    app: 'e2e-signal',
    gateways: 1,
    devices: 1,
    interval: 1,
    uplinks: 4,
    otaaShare: 0,
    confirmedShare: 0,
    prefix: 'e2e4',
  });
  try {
    await sim.done;
  } finally {
    await sim.stop();
  }
  const devEUI = sim.provisioned.devices[0]!.devEUI;
  await expect
    .poll(async () => (await api('GET', '/api/device/signal', { devEUI })).data?.length ?? 0, { timeout: 20_000 })
    .toBeGreaterThan(0);
  await page.goto(`/application/device/list?appID=${sim.appID}&appName=e2e-signal`);
  await page.getByTestId('dev-table').getByRole('link').first().click();
  await page.waitForURL(/\/application\/device\/detail\?/);
  await expect(page.getByTestId('dev-detail')).toContainText(devEUI.toUpperCase().match(/../g)!.join('-'));
  await expect(page.getByTestId('signal-chart').locator('canvas')).toBeVisible();
  await expect(page.getByText('No RSSI/SNR records')).toHaveCount(0);
  // Breadcrumbs and the device's side menu.
  await expect(page.getByRole('navigation', { name: /breadcrumb/i })).toContainText('e2e-signal');
  await shot('device-detail');
});
