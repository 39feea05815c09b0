import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { gatewayRow } from '../../../../test/fixtures';
import { renderWithProviders, setupI18n, stubFetch } from '../../../../test/render';
import { i18n } from '../../../lib/i18n';
import { BatchUpdateDialog } from './BatchUpdateDialog';

const GW = gatewayRow({ txPower: 14 });
const ROUTES = {
  '/api/gwtype/list': { code: 0, amount: 0, data: [] },
  '/api/gateway/tags/list': { code: 0, data: { tags: [] } },
  '/api/gateway/batchUpdate': { code: 0, data: { count: 1 } },
};

const sentBody = async (calls: ReturnType<typeof stubFetch>) => {
  await waitFor(() => expect(calls.some((c) => c.url.pathname === '/api/gateway/batchUpdate')).toBe(true));
  const sent = calls.find((c) => c.url.pathname === '/api/gateway/batchUpdate');
  return JSON.parse(String(sent?.init?.body));
};

const pick = (label: string, option: string) => {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
  fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: option }));
};

describe('gateway BatchUpdateDialog', () => {
  beforeAll(async () => {
    await setupI18n('en-US');
    await i18n.loadNamespaces(['gateways']);
  });

  it('starts with every field unchanged and cannot save until something is set', async () => {
    stubFetch(ROUTES);
    renderWithProviders(<BatchUpdateDialog gateways={[GW]} onClose={() => {}} />);
    expect(await screen.findByTestId('gw-batch-hint')).toHaveTextContent('Only the settings you change are sent');
    expect(screen.getByTestId('gw-batch-keepalive')).toHaveValue('');
    expect(screen.getByRole('combobox', { name: 'Tx power (dBm)' })).toHaveTextContent('Keep current');
    expect(screen.getByTestId('gw-batch-save')).toBeDisabled();
  });

  it('a remark alone sends only the remark', async () => {
    const calls = stubFetch(ROUTES);
    renderWithProviders(<BatchUpdateDialog gateways={[GW]} onClose={() => {}} />);
    fireEvent.change(await screen.findByTestId('gw-batch-remarks'), { target: { value: 'on the mast' } });
    fireEvent.click(screen.getByTestId('gw-batch-save'));
    expect(await sentBody(calls)).toEqual({ gwIDs: [GW.gwID], remarks: 'on the mast' });
  });

  it('sends a zero and an off that the user picked, and nothing else', async () => {
    const calls = stubFetch(ROUTES);
    renderWithProviders(<BatchUpdateDialog gateways={[GW]} onClose={() => {}} />);
    await screen.findByTestId('gw-batch-hint');
    pick('Tx power (dBm)', '0');
    pick('Class B', 'Off');
    expect(screen.getByTestId('gw-batch-save')).toBeEnabled();
    fireEvent.click(screen.getByTestId('gw-batch-save'));
    expect(await sentBody(calls)).toEqual({ gwIDs: [GW.gwID], txPower: 0, enableClassB: false });
  });

  it('picking "Keep current" again leaves nothing to save', async () => {
    stubFetch(ROUTES);
    renderWithProviders(<BatchUpdateDialog gateways={[GW]} onClose={() => {}} />);
    await screen.findByTestId('gw-batch-hint');
    pick('Bridge log', 'On');
    expect(screen.getByTestId('gw-batch-save')).toBeEnabled();
    pick('Bridge log', 'Keep current');
    expect(screen.getByTestId('gw-batch-save')).toBeDisabled();
  });
});
