import { txLutApi } from '@lns/contract/api/frequency-plans';
import { gatewayTypeApi } from '@lns/contract/api/gateway-types';
import { regionApi } from '@lns/contract/api/regions';
import { C } from '@lns/contract/codes';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { renderWithProviders, setupI18n, stubFetch } from '../../../test/render';
import { i18n } from '../../lib/i18n';
import { session } from '../../lib/session';
import { toast } from '../../lib/toast';
import FrequencyPlans from './pages/FrequencyPlans';
import { bodyOf, choose, FILE_URL, gwTypes, list, ok, regions, txLut, upload } from './testFixtures';

const ROUTE = '/platform/frequency-plan?tab=txLuts';
const gwTypeField = () => screen.getByTestId('txlut-gwType').closest('.MuiFormControl-root') as HTMLElement;

describe('/platform/frequency-plan: tx lookup tables', () => {
  beforeAll(async () => {
    await setupI18n('en-US');
    await i18n.loadNamespaces(['frequencyPlans']);
  });
  beforeEach(() => {
    toast.clear();
    session.signIn({ token: 'tok-1', name: 'root', userID: 1, admin: 1 });
  });

  it('lists the tables and adds one for a gateway type of the list', async () => {
    const calls = stubFetch({
      [regionApi.list.path]: regions,
      [gatewayTypeApi.list.path]: gwTypes,
      [txLutApi.list.path]: list([txLut]),
      [txLutApi.create.path]: ok({ txLutID: 4 }),
    });
    renderWithProviders(<FrequencyPlans />, { route: ROUTE });
    const table = await screen.findByTestId('txlut-table');
    expect(await within(table).findByText('txlut_rhf2s027.json')).toBeInTheDocument();
    expect(within(table).getByText('16')).toBeInTheDocument();

    fireEvent.click(screen.getByTestId('txlut-add'));
    await choose(/Gateway type/, /^rhf2s008$/);
    await choose(/Region/, /^CN470$/);
    upload('txlut-file', 'txlut.json');
    expect(await screen.findByText('txlut.json')).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('txlut-save'));
    await waitFor(() => expect(toast.current).toMatchObject({ kind: 'success', message: 'Created' }));
    expect(bodyOf(calls, txLutApi.create.path)).toEqual({ gwType: 'rhf2s008', region: 'cn470', filestore: FILE_URL });
  });

  it('shows 10002 on the gateway type, naming type and region, and 10001 as a toast', async () => {
    let answer: Record<string, unknown> = { code: C.TXLUT_EXISTS, msg: 'TxLut exists: gwType', field: 'gwType' };
    const calls = stubFetch({
      [regionApi.list.path]: regions,
      [gatewayTypeApi.list.path]: gwTypes,
      [txLutApi.list.path]: list([txLut]),
      [txLutApi.update.path]: () => answer,
    });
    renderWithProviders(<FrequencyPlans />, { route: ROUTE });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit rhf2s027 cn470' }));
    expect(await screen.findByText('Change the tx lookup table of rhf2s027 in CN470')).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('txlut-save'));
    await waitFor(() => expect(gwTypeField()).toHaveTextContent('rhf2s027 already has a tx lookup table for CN470'));
    expect(bodyOf(calls, txLutApi.update.path)).toEqual({
      txLutID: 3,
      gwType: 'rhf2s027',
      region: 'cn470',
      filestore: txLut.filestore,
    });

    answer = { code: C.TXLUT_MISSING, msg: 'TxLut missing: txLutID', field: 'txLutID' };
    fireEvent.click(screen.getByTestId('txlut-save'));
    await waitFor(() =>
      expect(toast.current).toMatchObject({ kind: 'error', message: 'TxLut does not exist: Tx lookup table' }),
    );
  });
});
