import { gatewayDataApi } from '@lns/contract/api/gateway-data';
import { MAX_PAGE_SIZE } from '@lns/contract/paging';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, setupI18n, stubFetch } from '../../../test/render';
import { i18n } from '../../lib/i18n';
import StatusHistory from './pages/StatusHistory';
import { type StatusRow, statusChartOption, statusSeries } from './statusSeries';

// ECharts needs a real canvas: the chart is replaced by its option, which is what this page decides.
vi.mock('../../components/EChart', () => ({
  EChart: ({ option, testId }: { option: unknown; testId?: string }) => (
    <pre data-testid={testId}>{JSON.stringify(option)}</pre>
  ),
}));

const gwID = 'a840411b2c3d4e01';
const T = 1_795_608_000_000;
const labels = {
  cpuUsage: 'CPU',
  memUsage: 'Memory',
  rootDiskUsage: 'Root disk',
  logDiskUsage: 'Log disk',
  temperature: 'Temperature',
};

/** Newest first, as the list answers: two agent reports (one without a sensor) and a packet forwarder stat. */
const rows: (StatusRow & { gwID: string })[] = [
  {
    gwID,
    createtime: T + 600_000,
    stat: { cpuUsage: 20, memUsage: 42, rootDiskUsage: 37, nwkDelay: 25, rxnb: 130, rxok: 128, dwnb: 5, txnb: 5 },
  },
  { gwID, createtime: T + 300_000, stat: { rxnb: 12, rxok: 11, rxfw: 11, ackr: 100, dwnb: 1, txnb: 1 } },
  {
    gwID,
    createtime: T,
    stat: { cpuUsage: 12.5, memUsage: 41.2, rootDiskUsage: 37, temperature: 48.3, nwkDelay: 23, rxnb: 120 },
  },
];

describe('status history', () => {
  beforeAll(async () => {
    await setupI18n();
    await i18n.loadNamespaces(['live', 'history']);
  });

  it('builds one series per agent figure present, oldest first, and leaves out missing ones', () => {
    const series = statusSeries(rows, labels);
    expect(series.map((s) => s.key)).toEqual(['cpuUsage', 'memUsage', 'rootDiskUsage', 'temperature']);
    expect(series.find((s) => s.key === 'cpuUsage')!.data).toEqual([
      [T, 12.5],
      [T + 600_000, 20],
    ]);
    // A row without the figure leaves no point (no zero, no gap filler).
    expect(series.find((s) => s.key === 'temperature')!.data).toEqual([[T, 48.3]]);
    expect(series.find((s) => s.key === 'temperature')!.yAxisIndex).toBe(1);
    expect(series.find((s) => s.key === 'memUsage')!.yAxisIndex).toBe(0);
  });

  it('has no chart for packet forwarder rows alone, and no °C axis without a temperature', () => {
    expect(statusChartOption([rows[1]!], labels)).toBeNull();
    const noTemp = statusChartOption([rows[0]!], labels)!;
    expect(noTemp.yAxis).toHaveLength(1);
    expect(noTemp.dataZoom[0]).toMatchObject({ type: 'slider', start: 80, end: 100 });
    expect(noTemp.legend).toMatchObject({ top: 0, data: ['CPU', 'Memory', 'Root disk'] });
  });

  it('adds the agent columns the page has and draws the range above the table', async () => {
    const calls = stubFetch({ [gatewayDataApi.statsHistory.path]: { code: 0, amount: rows.length, data: rows } });
    renderWithProviders(<StatusHistory />, { route: `/x?gwID=${gwID}` });
    const table = await screen.findByTestId('history-table');
    expect(await within(table).findByRole('cell', { name: '48.3 °C' })).toBeInTheDocument();
    for (const col of ['Time', 'Received', 'CPU', 'Memory', 'Root disk', 'Temperature', 'Latency']) {
      expect(within(table).getByRole('columnheader', { name: col })).toBeInTheDocument();
    }
    expect(within(table).queryByRole('columnheader', { name: 'Log disk' })).toBeNull();
    expect(within(table).getByRole('cell', { name: '12.5%' })).toBeInTheDocument();
    expect(within(table).getByRole('cell', { name: '25 ms' })).toBeInTheDocument();

    const chart = JSON.parse((await screen.findByTestId('status-chart')).textContent ?? '{}');
    expect(chart.series.map((s: { name: string }) => s.name)).toEqual(['CPU', 'Memory', 'Root disk', 'Temperature']);
    // The chart asks for the whole range, not the page.
    const lists = calls
      .filter((c) => c.url.pathname === gatewayDataApi.statsHistory.path)
      .map((c) => c.url.searchParams);
    expect(lists.some((q) => q.get('pageSize') === String(MAX_PAGE_SIZE) && q.get('gwID') === gwID)).toBe(true);
  });

  it('a packet forwarder without the agent keeps the counters only, and no chart', async () => {
    stubFetch({ [gatewayDataApi.statsHistory.path]: { code: 0, amount: 1, data: [rows[1]] } });
    renderWithProviders(<StatusHistory />, { route: `/x?gwID=${gwID}` });
    const table = await screen.findByTestId('history-table');
    expect(await within(table).findByRole('cell', { name: '12' })).toBeInTheDocument();
    await waitFor(() => expect(within(table).queryByRole('columnheader', { name: 'CPU' })).toBeNull());
    expect(screen.queryByTestId('status-chart')).toBeNull();
  });
});
