import { licenseApi } from '@lns/contract/api/license';
import { platformApi } from '@lns/contract/api/platform';
import { C } from '@lns/contract/codes';
import type { LicenseStatus } from '@lns/contract/license';
import { PLATFORM_CONFIG_DEFAULTS, type PlatformConfig } from '@lns/contract/platform';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { renderWithProviders, setupI18n, stubFetch } from '../../../test/render';
import { i18n } from '../../lib/i18n';
import { session } from '../../lib/session';
import { toast } from '../../lib/toast';
import Authentication from './pages/Authentication';

const config: PlatformConfig = { ...PLATFORM_CONFIG_DEFAULTS, enableDevDlData: false, dataExpireDay: 7 };
const account = { username: 'root', deviceCount: 12_345, gatewayCount: 3, nwID: '00001a' };
const license: LicenseStatus = {
  mode: 'unlimited',
  state: 'none',
  problem: null,
  licensee: null,
  nwID: null,
  quotas: null,
  issuedAt: null,
  expiresAt: null,
  netID: '00001a',
  usage: { devices: 12_345, gateways: 3 },
  tokenSet: false,
};
const ok = (data: unknown) => ({ code: 0, data });
const bodyOf = (calls: ReturnType<typeof stubFetch>, path: string) =>
  JSON.parse(String(calls.findLast((c) => c.url.pathname === path)?.init?.body));
const stub = (update: Parameters<typeof stubFetch>[0][string] = ok(null)) =>
  stubFetch({
    [platformApi.config.path]: ok(config),
    [platformApi.updateConfig.path]: update,
    [platformApi.account.path]: ok(account),
    [licenseApi.status.path]: ok(license),
  });
const open = () => renderWithProviders(<Authentication />, { route: '/platform/authentication' });
const LABELS = {
  enableGwData: 'Gateway history',
  enableDevAppData: 'Application history',
  enableDevMacData: 'MAC history',
  enableDevDlData: 'Downlink history',
  enableWebsocket: 'WebSocket live streams',
};
const toggle = (field: keyof typeof LABELS) => screen.getByRole('switch', { name: LABELS[field] });
const slider = () => screen.getByRole('slider', { name: 'Data retention' });
const slideTo = (days: number) => fireEvent.change(slider(), { target: { value: days } });

describe('/platform/authentication', () => {
  beforeAll(async () => {
    await setupI18n('en-US');
    await i18n.loadNamespaces(['platform', 'license']);
  });
  afterAll(() => i18n.changeLanguage('en-US'));
  beforeEach(() => {
    toast.clear();
    session.signIn({ token: 'tok-1', name: 'root', userID: 1, admin: 1 });
  });

  it('shows the loaded switches and retention, and the account', async () => {
    stub();
    open();
    expect(await screen.findByTestId('platform-expiry-value')).toHaveTextContent('7 days');
    expect(slider()).toHaveValue('7');
    for (const field of ['enableGwData', 'enableDevAppData', 'enableDevMacData', 'enableWebsocket'] as const) {
      expect(toggle(field)).toBeChecked();
    }
    expect(toggle('enableDevDlData')).not.toBeChecked();
    expect(screen.getByRole('switch', { name: 'WebSocket live streams' })).toHaveAccessibleDescription(
      /open streams are closed/,
    );
    expect(await screen.findByTestId('platform-account-username')).toHaveTextContent('root');
    expect(screen.getByTestId('platform-account-deviceCount')).toHaveTextContent('12,345');
    expect(screen.getByTestId('platform-account-gatewayCount')).toHaveTextContent('3');
    expect(screen.getByTestId('platform-account-nwID')).toHaveTextContent('00001a');
    // The license panel sits below the account card.
    expect(await screen.findByTestId('license-panel')).toBeInTheDocument();
  });

  it('saves all six fields once something changed, then is off again', async () => {
    const calls = stub();
    open();
    await screen.findByTestId('platform-expiry-value');
    const save = screen.getByTestId('platform-save');
    expect(save).toBeDisabled();
    fireEvent.click(toggle('enableWebsocket'));
    expect(save).toBeEnabled();
    // Switching it back is no change at all.
    fireEvent.click(toggle('enableWebsocket'));
    expect(save).toBeDisabled();

    fireEvent.click(toggle('enableGwData'));
    slideTo(14);
    expect(screen.getByTestId('platform-expiry-value')).toHaveTextContent('14 days');
    fireEvent.click(save);
    await waitFor(() => expect(toast.current).toMatchObject({ kind: 'success', message: 'Saved' }));
    expect(bodyOf(calls, platformApi.updateConfig.path)).toEqual({
      enableGwData: false,
      enableDevAppData: true,
      enableDevMacData: true,
      enableDevDlData: false,
      enableWebsocket: true,
      dataExpireDay: 14,
    });
    await waitFor(() => expect(screen.getByTestId('platform-save')).toBeDisabled());
  });

  it('shows a refused retention (1007 naming dataExpireDay) under the slider', async () => {
    stub({ code: C.PARAM_FORMAT, msg: 'parameter format error: dataExpireDay', field: 'dataExpireDay' });
    open();
    await screen.findByTestId('platform-expiry-value');
    slideTo(30);
    fireEvent.click(screen.getByTestId('platform-save'));
    await waitFor(() =>
      expect(screen.getByTestId('platform-expiry-helper')).toHaveTextContent(
        "The server did not accept this retention: a whole number of days within the slider's range",
      ),
    );
    expect(toast.current).toMatchObject({ kind: 'error' });
    // Nothing was saved: the change is still there to fix.
    expect(screen.getByTestId('platform-save')).toBeEnabled();
  });

  it('reads in Chinese', async () => {
    await i18n.changeLanguage('zh-CN');
    await i18n.loadNamespaces(['platform', 'license', 'common']);
    stub();
    open();
    expect(await screen.findByText('数据存储与实时推送')).toBeInTheDocument();
    for (const label of ['网关历史数据', '应用历史数据', 'MAC 历史数据', '下行历史数据', 'WebSocket 实时推送']) {
      expect(screen.getByRole('switch', { name: label })).toBeInTheDocument();
    }
    expect(screen.getByText('数据保留天数')).toBeInTheDocument();
    expect(screen.getByTestId('platform-expiry-value')).toHaveTextContent('7 天');
    expect(await screen.findByText('设备数')).toBeInTheDocument();
    expect(screen.getByTestId('platform-save')).toHaveTextContent('保存');
    await i18n.changeLanguage('en-US');
  });
});
