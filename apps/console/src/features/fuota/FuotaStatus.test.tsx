import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fuotaDeviceRow, fuotaTaskRow, listEnvelope } from '../../../test/fuota';
import { renderWithProviders, setupI18n, stubFetch } from '../../../test/render';
import { i18n } from '../../lib/i18n';
import { session } from '../../lib/session';
import FuotaStatus from './pages/FuotaStatus';

// A loaded machine (the whole suite in parallel) can take seconds to render a page.

const ROUTE = '/multicast/fuota/status?fdID=7';
const stepStates = () => [0, 1, 2, 3, 4, 5, 6].map((s) => screen.getByTestId(`step-${s}`).getAttribute('data-state'));
const devices = listEnvelope([
  fuotaDeviceRow(),
  fuotaDeviceRow({ devEUI: '0102030405060709', devName: 'lamp-2', state: 0, error_message: 'did not join' }),
]);

describe('FUOTA status page', () => {
  beforeAll(async () => {
    await setupI18n('en-US');
    await i18n.loadNamespaces(['fuota']);
  });
  beforeEach(() => session.signIn({ token: 'tok-1', name: 'root', userID: 1, admin: 1 }));

  it('a running task: steps behind complete, its own active, the rest pending; progress, abort, devices', async () => {
    const calls = stubFetch({
      '/api/fuota/info': { code: 0, data: fuotaTaskRow({ state: 2, progress: 47 }) },
      '/api/fuota/devices': devices,
      '/api/fuota/abort': { code: 0 },
    });
    renderWithProviders(<FuotaStatus />, { route: ROUTE });
    expect(await screen.findByTestId('fuota-stepper')).toBeInTheDocument();
    expect(stepStates()).toEqual(['complete', 'complete', 'active', 'pending', 'pending', 'pending', 'pending']);
    expect(within(screen.getByTestId('step-2')).getByText('EnqueueFragment')).toBeInTheDocument();
    expect(screen.getByTestId('fuota-progress')).toHaveAttribute('aria-valuenow', '47');
    expect(screen.getByText('47 %')).toBeInTheDocument();
    expect(screen.getByText('100 × 48 bytes')).toBeInTheDocument();
    expect(screen.getByText('65 of 130')).toBeInTheDocument();
    expect(screen.getByTestId('status-upgrading')).toHaveTextContent('Upgrading');

    const table = await screen.findByTestId('fuota-devices');
    expect(await within(table).findByText('01-02-03-04-05-06-07-08')).toBeInTheDocument();
    expect(within(table).getByText('FragSessionSetupAns')).toBeInTheDocument();
    expect(within(table).getByText('MC Not Joined')).toBeInTheDocument();
    expect(within(table).getByText('did not join')).toBeInTheDocument();
    const listed = calls.find((c) => c.url.pathname === '/api/fuota/devices')!;
    expect(listed.url.searchParams.get('fdID')).toBe('7');

    fireEvent.click(screen.getByTestId('fuota-abort'));
    fireEvent.click(await screen.findByTestId('confirm-ok'));
    await waitFor(() => expect(calls.some((c) => c.url.pathname === '/api/fuota/abort')).toBe(true));
    const abort = calls.find((c) => c.url.pathname === '/api/fuota/abort')!;
    expect(JSON.parse(String(abort.init?.body))).toEqual({ fdID: 7 });
  });

  it('an aborted task: every step complete but the last, which failed; 100 %, its error, no abort', async () => {
    stubFetch({
      '/api/fuota/info': {
        code: 0,
        data: fuotaTaskRow({
          state: 6,
          status: 'abnormal',
          progress: 100,
          error_message: 'aborted',
          finishtime: 1_700_000_100_000,
        }),
      },
      '/api/fuota/devices': devices,
    });
    renderWithProviders(<FuotaStatus />, { route: ROUTE });
    expect(await screen.findByTestId('fuota-stepper')).toBeInTheDocument();
    expect(stepStates()).toEqual(['complete', 'complete', 'complete', 'complete', 'complete', 'complete', 'error']);
    expect(screen.getByTestId('fuota-progress')).toHaveAttribute('aria-valuenow', '100');
    expect(screen.getByTestId('fuota-error')).toHaveTextContent('aborted');
    expect(screen.getByTestId('status-abnormal')).toHaveTextContent('Abnormal');
    expect(screen.queryByTestId('fuota-abort')).toBeNull();
  });

  it('a completed task has every step complete; a missing one says so', async () => {
    stubFetch({
      '/api/fuota/info': { code: 0, data: fuotaTaskRow({ state: 6, status: 'completed', progress: 100 }) },
      '/api/fuota/devices': devices,
    });
    const { unmount } = renderWithProviders(<FuotaStatus />, { route: ROUTE });
    expect(await screen.findByTestId('fuota-stepper')).toBeInTheDocument();
    expect(stepStates().every((s) => s === 'complete')).toBe(true);
    unmount();

    stubFetch({ '/api/fuota/info': { code: 16004, msg: 'firmware upgrade task missing' } });
    renderWithProviders(<FuotaStatus />, { route: ROUTE });
    expect(await screen.findByText('This task does not exist or has been deleted.')).toBeInTheDocument();
  });
});
