import { applicationApi } from '@lns/contract/api/applications';
import { screen } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { appDetail } from '../../../test/fixtures';
import { renderWithProviders, setupI18n, stubFetch } from '../../../test/render';
import { i18n } from '../../lib/i18n';
import { toast } from '../../lib/toast';
import DeviceBatch from './pages/DeviceBatch';

const info = { code: 0, data: appDetail({ appID: 7, appName: 'farm' }) };
const gone = { code: 3001, msg: 'application missing', field: 'appID' };

// An import into an application that is gone could only fail once a file is checked: the page says so first.
describe('device import page', () => {
  beforeAll(async () => {
    await setupI18n();
    await i18n.loadNamespaces(['devices']);
  });
  beforeEach(() => toast.clear());

  it("imports into the link's application when it exists", async () => {
    stubFetch({ [applicationApi.info.path]: info });
    renderWithProviders(<DeviceBatch />, { route: '/x?appID=7&appName=farm' });
    expect(await screen.findByText('Import devices into farm')).toBeTruthy();
    expect(screen.queryByTestId('dev-app-missing')).toBeNull();
  });

  it('says the application is gone, with the way back and no toast, even when the link names it', async () => {
    stubFetch({ [applicationApi.info.path]: gone });
    renderWithProviders(<DeviceBatch />, { route: '/x?appID=99&appName=old' });
    const alert = await screen.findByTestId('dev-app-missing');
    expect(alert.textContent).toContain('No application 99');
    expect(alert.querySelector('a')?.getAttribute('href')).toBe('/application/list');
    expect(screen.queryByText('Import devices into old')).toBeNull();
    expect(toast.current).toBeNull();
  });

  it('says the link names no application when its appID is not one, and asks nothing', async () => {
    const calls = stubFetch({ [applicationApi.info.path]: info });
    renderWithProviders(<DeviceBatch />, { route: '/x?appID=abc&appName=x' });
    expect((await screen.findByTestId('dev-app-invalid')).textContent).toContain(
      'This link names no valid application',
    );
    expect(calls).toHaveLength(0);
  });
});
