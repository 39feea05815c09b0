import { applicationApi } from '@lns/contract/api/applications';
import { deviceTagApi } from '@lns/contract/api/device-tags';
import { deviceApi } from '@lns/contract/api/devices';
import { regionApi } from '@lns/contract/api/regions';
import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { appDetail } from '../../../test/fixtures';
import { renderWithProviders, setupI18n, stubFetch } from '../../../test/render';
import { i18n } from '../../lib/i18n';
import { toast } from '../../lib/toast';
import DeviceList from './pages/DeviceList';

const routes = {
  [applicationApi.info.path]: { code: 0, data: appDetail({ appID: 7, appName: 'farm' }) },
  [deviceApi.list.path]: { code: 0, amount: 0, data: [] },
  [deviceTagApi.list.path]: { code: 0, data: [] },
  [regionApi.list.path]: { code: 0, data: [] },
};

// Links inside the console carry the application's name; a bookmark or a link written by hand may not.
describe('device list title', () => {
  beforeAll(async () => {
    await setupI18n();
    await i18n.loadNamespaces(['devices']);
  });

  it('names the application, read from the server, when the link carries only its id', async () => {
    const calls = stubFetch(routes);
    renderWithProviders(<DeviceList />, { route: '/x?appID=7' });
    expect(await screen.findByText('Devices of farm')).toBeTruthy();
    expect(calls.some((c) => c.url.pathname === applicationApi.info.path)).toBe(true);
  });

  it("takes the link's name without asking the server", async () => {
    const calls = stubFetch(routes);
    renderWithProviders(<DeviceList />, { route: '/x?appID=7&appName=orchard' });
    expect(await screen.findByText('Devices of orchard')).toBeTruthy();
    expect(calls.some((c) => c.url.pathname === applicationApi.info.path)).toBe(false);
  });

  it('says the application is missing, instead of an empty list, when the link names one that is gone', async () => {
    stubFetch({ ...routes, [deviceApi.list.path]: { code: 3001, msg: 'application missing', field: 'appID' } });
    renderWithProviders(<DeviceList />, { route: '/x?appID=99&appName=old' });
    expect((await screen.findByTestId('dev-app-missing')).textContent).toContain('No application 99');
    expect(screen.queryByTestId('dev-add')).toBeNull();
  });

  // The page says it: a toast saying the same would be noise (the title's own read is quiet too).
  it('shows no toast beside the missing-application notice', async () => {
    toast.clear();
    stubFetch({
      ...routes,
      [applicationApi.info.path]: { code: 3001, msg: 'application missing', field: 'appID' },
      [deviceApi.list.path]: { code: 3001, msg: 'application missing', field: 'appID' },
    });
    renderWithProviders(<DeviceList />, { route: '/x?appID=99' });
    await screen.findByTestId('dev-app-missing');
    expect(toast.current).toBeNull();
  });

  it.each(['/x?appID=abc', '/x', '/x?appID=-3', '/x?appID=1.5'])(
    '%s: says the link names no application, with the way back, and asks nothing',
    async (route) => {
      const calls = stubFetch(routes);
      renderWithProviders(<DeviceList />, { route });
      const alert = await screen.findByTestId('dev-app-invalid');
      expect(alert.textContent).toContain('This link names no valid application');
      expect(alert.querySelector('a')?.getAttribute('href')).toBe('/application/list');
      expect(screen.queryByTestId('dev-add')).toBeNull();
      expect(calls.some((c) => c.url.pathname === deviceApi.list.path)).toBe(false);
    },
  );
});
