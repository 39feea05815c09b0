import { usageApi } from '@lns/contract/api/usage';
import { type UsageDay, usageDays } from '@lns/contract/usage';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { renderWithProviders, setupI18n, stubFetch } from '../../../test/render';
import { i18n } from '../../lib/i18n';
import { session } from '../../lib/session';
import { trafficOption } from './charts';
import Powermeter from './pages/Powermeter';

const summary = {
  applications: 3,
  devices: 1250,
  gateways: 12,
  gatewaysOnline: 9,
  multicastGroups: 1,
  uplinksToday: 48_213,
  downlinksToday: 310,
  joinsToday: 7,
  storageBytes: 3 * 1024 * 1024 * 1024,
  fileBytes: 65_536,
};
const rows = (n: number): UsageDay[] =>
  usageDays(Date.UTC(2026, 10, 25), n).map((day, i) => ({
    day,
    uplinks: i * 10,
    downlinks: i,
    joins: 0,
    devices: i === 0 ? null : 100 + i,
    gateways: i === 0 ? null : 2,
    storageBytes: i === 0 ? null : 1024 * 1024 * i,
  }));

describe('power meter page', () => {
  beforeAll(async () => {
    await setupI18n('en-US');
    await i18n.loadNamespaces(['powermeter']);
  });
  beforeEach(() => session.signIn({ token: 'tok-1', name: 'root', userID: 1, admin: 1 }));

  it("shows the platform now and asks for the chosen range's days", async () => {
    const calls = stubFetch({
      [usageApi.summary.path]: { code: 0, data: summary },
      [usageApi.daily.path]: (_, url) => ({ code: 0, data: rows(Number(url.searchParams.get('days'))) }),
    });
    renderWithProviders(<Powermeter />, { route: '/platform/powermeter' });
    await waitFor(() => expect(screen.getByTestId('pm-devices-value')).toHaveTextContent('1.2K+'));
    expect(screen.getByTestId('pm-gateways')).toHaveTextContent('9 online');
    expect(screen.getByTestId('pm-uplinks-value')).toHaveTextContent('48.2K+');
    expect(screen.getByTestId('pm-db-value')).toHaveTextContent('3.00 GB');
    expect(screen.getByTestId('pm-files-value')).toHaveTextContent('64.0 KB');
    const days = () =>
      calls.filter((c) => c.url.pathname === usageApi.daily.path).map((c) => c.url.searchParams.get('days'));
    await waitFor(() => expect(days()).toContain('30'));
    fireEvent.click(screen.getByTestId('range-7'));
    await waitFor(() => expect(days()).toContain('7'));
    expect(screen.getByTestId('range-7')).toHaveAttribute('aria-pressed', 'true');
  });

  it('charts each day in order with its short date', () => {
    const option = trafficOption(rows(3), (k) => k);
    expect(option.xAxis.data).toEqual(['11-23', '11-24', '11-25']);
    expect(option.series.map((s) => s.data)).toEqual([
      [0, 10, 20],
      [0, 1, 2],
      [0, 0, 0],
    ]);
  });
});
