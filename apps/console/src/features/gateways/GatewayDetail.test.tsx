import { gatewayApi } from '@lns/contract/api/gateways';
import { systemApi } from '@lns/contract/api/system';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { gatewayRow } from '../../../test/fixtures';
import { renderWithProviders, setupI18n, stubFetch } from '../../../test/render';
import { i18n } from '../../lib/i18n';
import { session } from '../../lib/session';
import { toast } from '../../lib/toast';
import { MASK } from './components/status/MqttCredentials';
import GatewayDetail from './pages/GatewayDetail';

const gw = gatewayRow({ gwID: 'a840411b2c3d4e01', gwName: 'roof', mqtt: true, online: true });
const creds = (password: string) => ({
  code: 0,
  data: { username: gw.gwID, password, url: 'mqtt://lns.example:1883', topicPrefix: 'eu868' },
});
const AT = 1_795_608_000_000;

const answers = {
  [gatewayApi.statusInfo.path]: { code: 0, data: { ...gw, report: {} } },
  [gatewayApi.statusOnline.path]: {
    code: 0,
    data: { online: true, link: 'MQTT', lastSeen: AT, since: AT, uptime: 600 },
  },
  [gatewayApi.statusSystem.path]: {
    code: 0,
    data: { updatedAt: AT, cpuUsage: 12.5, memUsage: 41.2, rootDiskUsage: 37, resetSource: 'powerOn' },
  },
  [gatewayApi.statusVersions.path]: {
    code: 0,
    data: {
      updatedAt: AT,
      info: { model: 'RHF2S027', firmwareVersion: '2.1.0', bridgeVersion: 'agent 1.0.0', pktfwdVersion: '4.0.1' },
      versions: [],
    },
  },
  [gatewayApi.mqttInfo.path]: creds('Old-Secret-123'),
  [systemApi.webConfig.path]: {
    code: 0,
    data: {
      customIcon: '',
      customLogo: '',
      hideLogo: false,
      mapEnabled: false,
      mapType: 'google',
      gaodeMapKey: '',
      googleMapKey: '',
      docsUrl: '',
      mqtt: { available: true, reason: null, port: 1883 },
    },
  },
};

const open = () => renderWithProviders(<GatewayDetail />, { route: `/x?gwID=${gw.gwID}&gwName=roof` });
/** The StatusList row of a label (label, value, copy button). */
const row = (label: string) => screen.getByText(label, { selector: 'dt' }).parentElement as HTMLElement;

describe('gateway detail: status and MQTT credentials', () => {
  beforeAll(async () => {
    await setupI18n();
    await i18n.loadNamespaces(['gateways']);
  });
  beforeEach(() => session.signIn({ token: 'tok-1', name: 'alice', userID: 7, admin: 0 }));

  it('sums up the status: link, usage bars, temperature not readable, versions in a line', async () => {
    stubFetch(answers);
    open();
    const card = await screen.findByTestId('gw-status-summary');
    expect(await within(card).findByTestId('gw-summary-link')).toHaveTextContent('MQTT');
    expect(await within(card).findByTestId('gw-summary-cpuUsage-value')).toHaveTextContent('12.5%');
    expect(within(card).getByTestId('gw-summary-rootDiskUsage-value')).toHaveTextContent('37%');
    expect(card).toHaveTextContent('Temperature: Not readable');
    expect(within(card).getByTestId('gw-summary-versions')).toHaveTextContent(
      'RHF2S027 · Firmware 2.1.0 · Bridge (agent) agent 1.0.0 · Packet forwarder 4.0.1',
    );
    expect(within(card).getByTestId('gw-report-link')).toHaveAttribute(
      'href',
      `/gateway/report-info?gwID=${gw.gwID}&gwName=roof`,
    );
  });

  it('masks the password, shows and copies it on demand', async () => {
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    stubFetch(answers);
    open();
    const password = await screen.findByTestId('gw-mqtt-password');
    expect(password).toHaveTextContent(MASK);
    expect(screen.getByTestId('gw-mqtt')).not.toHaveTextContent('Old-Secret-123');
    expect(row('User name')).toHaveTextContent(gw.gwID);
    expect(row('Broker URL')).toHaveTextContent('mqtt://lns.example:1883');
    expect(row('Topic prefix')).toHaveTextContent('eu868');

    fireEvent.click(within(row('Password')).getByRole('button', { name: 'Copy' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('Old-Secret-123'));

    fireEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveTextContent('Old-Secret-123');
    fireEvent.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password).toHaveTextContent(MASK);
  });

  it('regenerates the password only after the confirmation, with the gateway ID', async () => {
    const calls = stubFetch({ ...answers, [gatewayApi.mqttRegenerate.path]: creds('New-Secret-456') });
    open();
    await screen.findByTestId('gw-mqtt-password');
    const regenerations = () => calls.filter((c) => c.url.pathname === gatewayApi.mqttRegenerate.path);

    fireEvent.click(screen.getByTestId('gw-mqtt-regenerate'));
    const dialog = await screen.findByRole('dialog', { name: 'Regenerate the MQTT password?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(regenerations()).toHaveLength(0);

    fireEvent.click(screen.getByTestId('gw-mqtt-regenerate'));
    fireEvent.click(await screen.findByTestId('confirm-ok'));
    await waitFor(() => expect(regenerations()).toHaveLength(1));
    const sent = regenerations()[0]!;
    expect(sent.init?.method).toBe('POST');
    expect(JSON.parse(String(sent.init?.body))).toEqual({ gwID: gw.gwID });
    await waitFor(() => expect(toast.current).toMatchObject({ kind: 'success', message: 'New MQTT password created' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(screen.getByTestId('gw-mqtt-password')).toHaveTextContent('New-Secret-456');
  });
});
