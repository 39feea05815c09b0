import { pfConfApi } from '@lns/contract/api/frequency-plans';
import { C } from '@lns/contract/codes';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { windowOf } from '../../../test/media';
import { renderWithProviders, setupI18n, stubFetch } from '../../../test/render';
import { i18n } from '../../lib/i18n';
import { session } from '../../lib/session';
import { toast } from '../../lib/toast';
import FrequencyPlans from './pages/FrequencyPlans';
import { bodyOf, choose, list, ok, pfRow } from './testFixtures';

const ROUTE = '/platform/frequency-plan?tab=pfConfs';
const GW = '0102030405060708';
const enabled = ok({ enabled: true, reason: null });
const lists = (calls: ReturnType<typeof stubFetch>) => calls.filter((c) => c.url.pathname === pfConfApi.list.path);

describe('/platform/frequency-plan: packet-forwarder configurations', () => {
  beforeAll(async () => {
    await setupI18n('en-US');
    await i18n.loadNamespaces(['frequencyPlans']);
  });
  beforeEach(() => {
    toast.clear();
    session.signIn({ token: 'tok-1', name: 'root', userID: 1, admin: 1 });
  });
  const matchMedia = window.matchMedia;
  afterEach(() => {
    vi.restoreAllMocks();
    window.matchMedia = matchMedia;
  });

  it('lists each gateway with its state, digests and error; filters by state', async () => {
    const calls = stubFetch({
      [pfConfApi.enabled.path]: enabled,
      [pfConfApi.list.path]: list([
        pfRow(),
        pfRow({ gwID: '0a0b0c0d0e0f1011', gwName: 'hill-gw', state: 'error', error: 'restart failed' }),
      ]),
    });
    renderWithProviders(<FrequencyPlans />, { route: ROUTE });
    const table = await screen.findByTestId('pf-table');
    expect(await within(table).findByText('roof-gw')).toBeInTheDocument();
    expect(within(table).getByText('Out of date')).toBeInTheDocument();
    expect(within(table).getByText('restart failed')).toBeInTheDocument();
    expect(within(table).getAllByText('111111111111')).toHaveLength(2);
    expect(within(table).getAllByText('222222222222')).toHaveLength(2);

    await choose(/State/, /^Error$/);
    await waitFor(() => expect(lists(calls).at(-1)?.url.searchParams.get('state')).toBe('error'));
  });

  it('pushes to a gateway: the button spins, then the row is read again', async () => {
    let pushed = false;
    const calls = stubFetch({
      [pfConfApi.enabled.path]: enabled,
      [pfConfApi.list.path]: () => list([pfRow(pushed ? { state: 'upToDate', appliedSha256: '11'.repeat(32) } : {})]),
      [pfConfApi.create.path]: () => {
        pushed = true;
        return ok({ state: 'upToDate', sha256: '11'.repeat(32) });
      },
    });
    // The push answers only when released: the agent restarts the forwarder meanwhile.
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const stubbed = globalThis.fetch;
    globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).includes(pfConfApi.create.path)) await gate;
      return stubbed(input, init);
    }) as typeof fetch;
    renderWithProviders(<FrequencyPlans />, { route: ROUTE });
    const button = await screen.findByTestId(`pf-push-${GW}`);
    const before = lists(calls).length;
    fireEvent.click(button);
    await waitFor(() => expect(button).toBeDisabled());
    expect(button.querySelector('.MuiCircularProgress-root')).not.toBeNull();
    release();
    await waitFor(() =>
      expect(toast.current).toMatchObject({ kind: 'success', message: 'roof-gw runs the new configuration' }),
    );
    expect(bodyOf(calls, pfConfApi.create.path)).toEqual({ gwID: GW, force: false });
    expect(await screen.findByText('Up to date')).toBeInTheDocument();
    expect(lists(calls).length).toBeGreaterThan(before);
  });

  it('asks before pushing again what a gateway runs (9002), then forces', async () => {
    const calls = stubFetch({
      [pfConfApi.enabled.path]: enabled,
      [pfConfApi.list.path]: list([pfRow({ state: 'upToDate' })]),
      [pfConfApi.create.path]: (init) =>
        JSON.parse(String(init?.body)).force
          ? ok({ state: 'upToDate', sha256: '11'.repeat(32) })
          : { code: C.PKTFWD_EXISTS, msg: 'Pktfwd exists: gwID', field: 'gwID' },
    });
    renderWithProviders(<FrequencyPlans />, { route: ROUTE });
    fireEvent.click(await screen.findByTestId(`pf-push-${GW}`));
    expect(await screen.findByText(/roof-gw runs this configuration already/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Push anyway' }));
    await waitFor(() => expect(toast.current).toMatchObject({ kind: 'success' }));
    expect(bodyOf(calls, pfConfApi.create.path)).toEqual({ gwID: GW, force: true });
  });

  it('says why nothing can be pushed when MQTT is unavailable; Download opens the signed address', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const url = `http://lns.example.com${pfConfApi.download.path.replace(':digest', '11'.repeat(32))}?gw=${GW}`;
    stubFetch({
      [pfConfApi.enabled.path]: ok({ enabled: false, reason: 'mqttUnavailable' }),
      [pfConfApi.list.path]: list([pfRow()]),
      [pfConfApi.sign.path]: ok({ url, sha256: '11'.repeat(32), size: 2048, expiresAt: 1_795_611_600_000 }),
    });
    renderWithProviders(<FrequencyPlans />, { route: ROUTE });
    expect(await screen.findByTestId('pf-unavailable')).toHaveTextContent('this server has no MQTT broker');
    await waitFor(() => expect(screen.getByTestId(`pf-push-${GW}`)).toBeDisabled());
    fireEvent.click(screen.getByRole('button', { name: 'Download roof-gw' }));
    await waitFor(() => expect(open).toHaveBeenCalledWith(url, '_blank', 'noopener'));
  });

  it.each([
    [390, ['Gateway', 'State', 'Actions']],
    [1280, ['Gateway', 'Region / subnet', 'State', 'Running', 'Expected', 'Actions']],
  ])('at %i px shows the columns %j', async (width, shown) => {
    windowOf(width);
    stubFetch({ [pfConfApi.enabled.path]: enabled, [pfConfApi.list.path]: list([pfRow()]) });
    renderWithProviders(<FrequencyPlans />, { route: ROUTE });
    const table = await screen.findByTestId('pf-table');
    await within(table).findByText('roof-gw');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(shown);
  });
});
