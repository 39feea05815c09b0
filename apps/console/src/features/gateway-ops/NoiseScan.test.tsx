import { frequencyScanApi } from '@lns/contract/api/gateway-commands';
import { gatewayApi } from '@lns/contract/api/gateways';
import { C } from '@lns/contract/codes';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { gatewayRow } from '../../../test/fixtures';
import { renderWithProviders, setupI18n, stubFetch } from '../../../test/render';
import { i18n } from '../../lib/i18n';
import { session } from '../../lib/session';
import NoiseScan from './pages/NoiseScan';
import { ok, refused, scanRecordOf } from './testFixtures';

// ECharts needs a real canvas: the chart is replaced by its option, which is what this page decides.
vi.mock('../../components/EChart', () => ({
  EChart: ({ option, testId }: { option: unknown; testId?: string }) => (
    <pre data-testid={testId}>{JSON.stringify(option)}</pre>
  ),
}));

const gw = gatewayRow({ gwID: 'a840411b2c3d4e01', gwName: 'roof', region: 'us915', online: true });
const points = [
  { frequency: 902_000_000, rssiAvg: -105, rssiMin: -112, rssiMax: -98 },
  { frequency: 902_200_000, rssiAvg: -101, rssiMin: -108, rssiMax: -90 },
];
const band = { frequencyMin: 902_000_000, frequencyMax: 902_200_000 };
const done = scanRecordOf({ id: 9, ...band, points });
const older = scanRecordOf({ id: 4, createdAt: 1_795_000_000_000, points: [points[0]!] });
const base = {
  [gatewayApi.statusInfo.path]: ok({ ...gw, report: {} }),
  [gatewayApi.list.path]: { code: 0, amount: 1, data: [gw] },
  [frequencyScanApi.status.path]: ok({ scanning: false, latest: null }),
  [frequencyScanApi.latestRecord.path]: ok(null),
  [frequencyScanApi.list.path]: { code: 0, amount: 0, data: [] },
};
const open = () => renderWithProviders(<NoiseScan />, { route: `/gateway/noise-scan?gwID=${gw.gwID}&gwName=roof` });
const startCalls = (calls: ReturnType<typeof stubFetch>) =>
  calls.filter((c) => c.url.pathname === frequencyScanApi.start.path);
const type = (field: string, value: string) =>
  fireEvent.change(screen.getByTestId(`scan-${field}`), { target: { value } });

describe('noise scan page', () => {
  beforeAll(async () => {
    await setupI18n();
    await i18n.loadNamespaces(['gatewayOps']);
  });
  beforeEach(() => session.signIn({ token: 'tok-1', name: 'alice', userID: 7, admin: 0 }));

  it('refuses a max not above the min and too many points, sending nothing', async () => {
    const calls = stubFetch(base);
    open();
    // The gateway's region gives the band.
    await waitFor(() => expect(screen.getByTestId('scan-min')).toHaveValue('902'));
    expect(screen.getByTestId('scan-max')).toHaveValue('928');
    expect(screen.getByTestId('scan-step')).toHaveValue('0.2');
    expect(screen.getByTestId('scan-points')).toHaveTextContent('131 frequencies');

    type('max', '900');
    fireEvent.click(screen.getByTestId('scan-start'));
    expect(await screen.findByText('Must be above the start frequency')).toBeInTheDocument();

    type('max', '928');
    type('step', '0.025');
    expect(await screen.findByText(/At most 500 frequencies: this range has 1041/)).toBeInTheDocument();
    expect(screen.queryByText('Must be above the start frequency')).toBeNull();
    fireEvent.click(screen.getByTestId('scan-start'));
    expect(startCalls(calls)).toHaveLength(0);
  });

  it('starts in Hz, follows the progress, then draws the scan', async () => {
    // Idle until started; then running at the first poll, done at the next.
    let polls = -1;
    const calls = stubFetch({
      ...base,
      [frequencyScanApi.start.path]: () => {
        polls = 0;
        return ok(scanRecordOf({ id: 9, ...band, state: 'running', progress: 0, finishedAt: null }));
      },
      [frequencyScanApi.status.path]: () =>
        polls < 0
          ? ok({ scanning: false, latest: null })
          : ++polls <= 1
            ? ok({
                scanning: true,
                latest: scanRecordOf({ id: 9, ...band, state: 'running', progress: 40, finishedAt: null }),
              })
            : ok({ scanning: false, latest: scanRecordOf({ id: 9, ...band }) }),
      [frequencyScanApi.latestRecord.path]: () => ok(polls > 1 ? done : null),
    });
    open();
    await waitFor(() => expect(screen.getByTestId('scan-min')).toHaveValue('902'));
    type('max', '902.2');
    fireEvent.click(screen.getByTestId('scan-start'));
    await waitFor(() => expect(startCalls(calls)).toHaveLength(1));
    expect(JSON.parse(String(startCalls(calls)[0]!.init?.body))).toEqual({
      gatewayId: gw.gwID,
      frequencyMin: 902_000_000,
      frequencyMax: 902_200_000,
      frequencyStep: 200_000,
    });
    await waitFor(() => expect(screen.getByTestId('scan-progress')).toHaveTextContent('Scanning 902–902.2 MHz: 40 %'));
    const chart = await screen.findByTestId('scan-chart', undefined, { timeout: 15_000 });
    const option = JSON.parse(chart.textContent ?? '{}');
    expect(option.series.map((s: { name: string }) => s.name)).toEqual(['Maximum', 'Average', 'Minimum']);
    expect(option.series[1].data).toEqual([
      [902, -105],
      [902.2, -101],
    ]);
    expect(screen.queryByTestId('scan-progress')).toBeNull();
  });

  it('a past scan from the list is drawn instead', async () => {
    const calls = stubFetch({
      ...base,
      [frequencyScanApi.latestRecord.path]: ok(done),
      [frequencyScanApi.list.path]: {
        code: 0,
        amount: 2,
        data: [
          { ...done, points: undefined },
          { ...older, points: undefined },
        ],
      },
      [frequencyScanApi.query.path]: ok(older),
    });
    open();
    await screen.findByTestId('scan-chart');
    const history = screen.getByTestId('scan-history');
    fireEvent.click(within(history).getAllByRole('row')[2]!);
    await waitFor(() => {
      const option = JSON.parse(screen.getByTestId('scan-chart').textContent ?? '{}');
      expect(option.series[1].data).toEqual([[902, -105]]);
    });
    expect(calls.find((c) => c.url.pathname === frequencyScanApi.query.path)?.url.searchParams.get('id')).toBe('4');
  });

  it.each([
    [C.GATEWAY_ERROR, 'no SX1302', 'Gateway error', 'The gateway said: no SX1302'],
    [C.GATEWAY_OFFLINE, 'gateway offline', 'Gateway offline', null],
    [C.GATEWAY_BUSY, 'gateway busy', 'Gateway busy', null],
  ])('a refused start (%i) says why', async (code, msg, words, gatewayWords) => {
    stubFetch({ ...base, [frequencyScanApi.start.path]: refused(code, msg) });
    open();
    await waitFor(() => expect(screen.getByTestId('scan-min')).toHaveValue('902'));
    fireEvent.click(screen.getByTestId('scan-start'));
    const error = await screen.findByTestId('scan-error');
    expect(error).toHaveTextContent(words);
    if (gatewayWords) expect(screen.getByTestId('scan-error-gateway')).toHaveTextContent(gatewayWords);
    else expect(screen.queryByTestId('scan-error-gateway')).toBeNull();
  });
});
