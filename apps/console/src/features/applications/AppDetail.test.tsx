import { applicationApi } from '@lns/contract/api/applications';
import { screen } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { appDetail } from '../../../test/fixtures';
import { renderWithProviders, setupI18n, stubFetch } from '../../../test/render';
import { i18n } from '../../lib/i18n';
import { toast } from '../../lib/toast';
import AppDetail from './pages/AppDetail';

// A stale bookmark or a hand-written link: the page says what is wrong instead of staying blank.
describe('application detail page', () => {
  beforeAll(async () => {
    await setupI18n();
    await i18n.loadNamespaces(['applications']);
  });
  beforeEach(() => toast.clear());

  it('shows the application', async () => {
    stubFetch({ [applicationApi.info.path]: { code: 0, data: appDetail({ appID: 7, appName: 'farm' }) } });
    renderWithProviders(<AppDetail />, { route: '/x?appID=7' });
    expect(await screen.findByTestId('app-detail')).toBeTruthy();
    expect(screen.getByText('farm', { selector: 'h6' })).toBeTruthy();
  });

  it('says the application is gone, with the way back to the list, and no toast', async () => {
    stubFetch({ [applicationApi.info.path]: { code: 3001, msg: 'application missing', field: 'appID' } });
    renderWithProviders(<AppDetail />, { route: '/x?appID=99' });
    const alert = await screen.findByTestId('app-missing');
    expect(alert.textContent).toContain('No application 99');
    expect(alert.querySelector('a')?.getAttribute('href')).toBe('/application/list');
    expect(toast.current).toBeNull();
  });

  it.each(['/x?appID=abc', '/x'])('%s: says the link names no application, and asks nothing', async (route) => {
    const calls = stubFetch({});
    renderWithProviders(<AppDetail />, { route });
    const alert = await screen.findByTestId('app-invalid');
    expect(alert.textContent).toContain('This link names no valid application');
    expect(alert.querySelector('a')?.getAttribute('href')).toBe('/application/list');
    expect(calls).toHaveLength(0);
  });
});
