import { gatewayApi } from '@lns/contract/api/gateways';
import { screen, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, setupI18n, stubFetch } from '../../../test/render';
import { i18n } from '../../lib/i18n';
import GatewayReportInfo from './pages/GatewayReportInfo';

// ECharts needs a real canvas: the chart is replaced by its option, which is what this page decides.
vi.mock('../../components/EChart', () => ({
  EChart: ({ option, testId }: { option: unknown; testId?: string }) => (
    <pre data-testid={testId}>{JSON.stringify(option)}</pre>
  ),
}));

const gwID = 'a840411b2c3d4e01';
const AT = 1_795_608_000_000;
const HOUR = 3_600_000;

/** Answers of a gateway whose agent reported everything (docs/protocols/gateway-agent.md example). */
const full = {
  [gatewayApi.statusVersions.path]: {
    code: 0,
    data: {
      updatedAt: AT,
      info: {
        model: 'RHF2S027',
        firmwareVersion: '2.1.0',
        hardwareVersion: 'v3',
        kernelVersion: '5.10.0-21-arm64',
        bridgeVersion: 'agent 1.0.0',
        pktfwdVersion: '4.0.1',
        arch: 'arm64',
        hostname: 'gw-roof',
        uptime: 3 * 86_400 + 4 * 3_600 + 12 * 60 + 5,
        supportGPS: false,
        lte: false,
        wifi: true,
      },
      versions: [
        { name: 'kernel', version: '5.10.0-21-arm64' },
        { name: 'lora-pkt-fwd', version: '4.0.1-r7' },
      ],
    },
  },
  [gatewayApi.statusNetwork.path]: {
    code: 0,
    data: {
      updatedAt: AT,
      networkType: 'ethernet',
      wanIP: '203.0.113.7',
      lanIP: '192.168.1.20',
      nwkDelay: 23,
      interfaces: [{ name: 'eth0', mac: 'b8:27:eb:00:00:01', addresses: ['192.168.1.20/24'] }],
    },
  },
  [gatewayApi.statusSystem.path]: {
    code: 0,
    data: {
      updatedAt: AT,
      cpuUsage: 12.5,
      memUsage: 41.24,
      rootDiskUsage: 37,
      logDiskUsage: 92,
      temperature: 48.3,
      resetSource: 'watchdog',
      logName: 'agent.log',
      logSize: 128,
      load: [0.2, 0.3, 0.3],
    },
  },
  [gatewayApi.statusPacketForwarder.path]: {
    code: 0,
    data: {
      updatedAt: AT,
      running: true,
      udpPort: 1700,
      lastPushAt: AT - 10_000,
      rxReceived: 120,
      rxOk: 118,
      txReceived: 4,
      txEmitted: 3,
      stat: { rxnb: 120 },
    },
  },
  [gatewayApi.statusOnline.path]: {
    code: 0,
    data: { online: true, link: 'MQTT', lastSeen: AT, since: AT - HOUR, uptime: 3 * 86_400 + 4 * 3_600 + 12 * 60 },
  },
  [gatewayApi.statusFrame.path]: {
    code: 0,
    data: {
      uplinks24h: 7,
      downlinks24h: 2,
      lastUplink: AT - 60_000,
      lastDownlink: AT - 120_000,
      hourly: Array.from({ length: 24 }, (_, i) => ({
        hour: AT - (23 - i) * HOUR,
        up: i === 23 ? 5 : i === 22 ? 2 : 0,
        down: i === 23 ? 2 : 0,
      })),
    },
  },
};

/** A gateway registered, never connected, that nothing has reported for. */
const none = {
  [gatewayApi.statusVersions.path]: { code: 0, data: { updatedAt: null, info: {}, versions: [] } },
  [gatewayApi.statusNetwork.path]: { code: 0, data: { updatedAt: null } },
  [gatewayApi.statusSystem.path]: { code: 0, data: { updatedAt: null } },
  [gatewayApi.statusPacketForwarder.path]: { code: 0, data: { updatedAt: null, stat: null } },
  [gatewayApi.statusOnline.path]: {
    code: 0,
    data: { online: false, link: 'PFUDP', lastSeen: null, since: null, uptime: null },
  },
  [gatewayApi.statusFrame.path]: {
    code: 0,
    data: {
      uplinks24h: 0,
      downlinks24h: 0,
      lastUplink: null,
      lastDownlink: null,
      hourly: Array.from({ length: 24 }, (_, i) => ({ hour: AT - (23 - i) * HOUR, up: 0, down: 0 })),
    },
  },
};

const open = () => renderWithProviders(<GatewayReportInfo />, { route: `/x?gwID=${gwID}&gwName=roof` });

describe('gateway report info', () => {
  beforeAll(async () => {
    await setupI18n();
    await i18n.loadNamespaces(['gateways']);
  });
  afterAll(() => i18n.changeLanguage('en-US'));

  it('shows each section from the status calls, asking each for the gateway', async () => {
    const calls = stubFetch(full);
    open();
    const versions = await screen.findByTestId('gw-status-versions');
    expect(versions).toHaveTextContent('RHF2S027');
    expect(versions).toHaveTextContent('agent 1.0.0');
    expect(within(versions).getByRole('table', { name: 'Package versions' })).toHaveTextContent('lora-pkt-fwd4.0.1-r7');
    expect(within(versions).getByText('Wi-Fi: Yes')).toBeInTheDocument();
    expect(screen.getByTestId('gw-status-versions-reported')).toHaveTextContent('Reported at');

    const network = screen.getByTestId('gw-status-network');
    expect(network).toHaveTextContent('Ethernet');
    expect(network).toHaveTextContent('203.0.113.7');
    expect(network).toHaveTextContent('23 ms');
    expect(within(network).getByRole('table', { name: 'Network interfaces' })).toHaveTextContent('b8:27:eb:00:00:01');

    const system = screen.getByTestId('gw-status-system');
    expect(system).toHaveTextContent('48.3 °C');
    expect(system).toHaveTextContent('agent.log');
    expect(system).toHaveTextContent('128 KB');
    expect(system).toHaveTextContent('3 d 4 h 12 m');

    const pf = screen.getByTestId('gw-status-pf');
    expect(within(pf).getByTestId('gw-pf-running')).toHaveTextContent('Running');
    expect(pf).toHaveTextContent('1700');
    expect(pf).toHaveTextContent('118');

    expect(screen.getByTestId('gw-online-link')).toHaveTextContent('MQTT');
    expect(screen.getByTestId('gw-status-online')).toHaveTextContent('Online since');

    const frames = screen.getByTestId('gw-status-frames');
    expect(frames).toHaveTextContent('Uplinks (24 h)7');
    const chart = JSON.parse(within(frames).getByTestId('gw-frames-chart').textContent ?? '{}');
    expect(chart.series.map((s: { name: string }) => s.name)).toEqual(['Uplinks', 'Downlinks']);
    expect(chart.series[0].data.slice(-2)).toEqual([2, 5]);
    expect(chart.xAxis.data).toHaveLength(24);

    expect(screen.queryByText(/Not reported yet/)).toBeNull();
    const asked = calls.map((c) => [c.url.pathname, c.url.searchParams.get('gwID')]);
    for (const path of Object.keys(full)) expect(asked).toContainEqual([path, gwID]);
  });

  it('says "not reported yet" with the agent for each empty section', async () => {
    stubFetch(none);
    open();
    for (const id of ['versions', 'network', 'system', 'pf']) {
      expect(await screen.findByTestId(`gw-status-${id}-empty`)).toHaveTextContent(
        'Not reported yet — gateways report this through the gateway agent (tools/gateway-agent).',
      );
    }
    expect(screen.getByTestId('gw-online-link')).toHaveTextContent('PFUDP');
    expect(screen.getByTestId('gw-status-online')).toHaveTextContent('Never seen');
    expect(screen.getByTestId('gw-frames-none')).toHaveTextContent('No frames in the last 24 hours.');
    expect(screen.queryByTestId('gw-frames-chart')).toBeNull();
  });

  it('system bars show the reported percentages', async () => {
    stubFetch(full);
    open();
    await screen.findByTestId('gw-status-system');
    const expected = {
      cpuUsage: ['CPU usage', '12.5%', 12.5],
      memUsage: ['Memory usage', '41.2%', 41.24],
      rootDiskUsage: ['Root disk usage', '37%', 37],
      logDiskUsage: ['Log disk usage', '92%', 92],
    } as const;
    for (const [k, [label, text, now]] of Object.entries(expected)) {
      expect(screen.getByTestId(`gw-usage-${k}-value`)).toHaveTextContent(text);
      const bar = screen.getByRole('progressbar', { name: label });
      expect(bar).toHaveAttribute('aria-valuenow', String(Math.round(now)));
    }
    // From 90 % on a bar turns red.
    expect(screen.getByRole('progressbar', { name: 'Log disk usage' }).className).toMatch(/colorError/);
    expect(screen.getByRole('progressbar', { name: 'CPU usage' }).className).toMatch(/colorPrimary/);
  });

  it('a temperature the host cannot read says so', async () => {
    const system = full[gatewayApi.statusSystem.path].data;
    const { temperature: _t, ...noSensor } = system;
    stubFetch({ ...full, [gatewayApi.statusSystem.path]: { code: 0, data: noSensor } });
    open();
    expect(await screen.findByTestId('gw-status-system')).toHaveTextContent('TemperatureNot readable');
  });

  it.each([
    ['en-US', 'Watchdog', 'Ethernet'],
    ['zh-CN', '看门狗复位', '以太网'],
  ] as const)('names the reset source and network type in %s', async (lng, reset, network) => {
    await i18n.changeLanguage(lng);
    await i18n.loadNamespaces(['gateways']);
    stubFetch(full);
    open();
    expect(await screen.findByTestId('gw-status-system')).toHaveTextContent(reset);
    expect(screen.getByTestId('gw-status-network')).toHaveTextContent(network);
    expect(screen.getByTestId('gw-status-system')).not.toHaveTextContent('watchdog');
    await i18n.changeLanguage('en-US');
  });
});
