import { globalConfApi } from '@lns/contract/api/frequency-plans';
import { regionApi } from '@lns/contract/api/regions';
import { C } from '@lns/contract/codes';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { renderWithProviders, setupI18n, stubFetch } from '../../../test/render';
import { i18n } from '../../lib/i18n';
import { session } from '../../lib/session';
import { toast } from '../../lib/toast';
import FrequencyPlans from './pages/FrequencyPlans';
import { bodyOf, choose, FILE_URL, globalConf, list, ok, regions, slide, upload } from './testFixtures';

const ROUTE = '/platform/frequency-plan?tab=globalConfs';
const subnetField = () => screen.getByTestId('globalconf-subnet').closest('.MuiFormControl-root') as HTMLElement;

describe('/platform/frequency-plan: regions and global configurations', () => {
  beforeAll(async () => {
    await setupI18n('en-US');
    await i18n.loadNamespaces(['frequencyPlans']);
  });
  beforeEach(() => {
    toast.clear();
    session.signIn({ token: 'tok-1', name: 'root', userID: 1, admin: 1 });
  });

  it('opens on the region catalogue, and the tab shows the global configurations', async () => {
    stubFetch({ [regionApi.list.path]: regions, [globalConfApi.list.path]: list([globalConf]) });
    renderWithProviders(<FrequencyPlans />, { route: '/platform/frequency-plan' });
    expect(await screen.findByTestId('region-card-cn470')).toHaveTextContent('cn470-2 (8)');
    fireEvent.click(screen.getByTestId('fp-tab-globalConfs'));
    const table = await screen.findByTestId('globalconf-table');
    expect(await within(table).findByText('global_conf_cn470_1.json')).toBeInTheDocument();
    expect(within(table).getByText('SX130x')).toBeInTheDocument();
    expect(within(table).getByText('12')).toBeInTheDocument();
  });

  it('adds one: region, subnet and the uploaded file, sent as they are', async () => {
    const calls = stubFetch({
      [regionApi.list.path]: regions,
      [globalConfApi.list.path]: list([globalConf]),
      [globalConfApi.create.path]: ok({ globalConfID: 8 }),
    });
    renderWithProviders(<FrequencyPlans />, { route: ROUTE });
    fireEvent.click(await screen.findByTestId('globalconf-add'));
    await choose(/Region/, /^CN470$/);
    await choose(/Subnet/, /cn470-2/);
    upload('globalconf-file', 'global_conf.json');
    expect(await screen.findByText('global_conf.json')).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('globalconf-save'));
    await waitFor(() => expect(toast.current).toMatchObject({ kind: 'success', message: 'Created' }));
    expect(bodyOf(calls, globalConfApi.create.path)).toEqual({
      region: 'cn470',
      subnet: 'cn470-2',
      filestore: FILE_URL,
    });
  });

  it('shows 11002 on the subnet, naming it; 11003 on the file with its reason', async () => {
    let answer: Record<string, unknown> = {
      code: C.GLOBALCONF_EXISTS,
      msg: 'GlobalConf exists: subnet',
      field: 'subnet',
    };
    stubFetch({
      [regionApi.list.path]: regions,
      [globalConfApi.list.path]: list([globalConf]),
      [globalConfApi.update.path]: () => answer,
    });
    renderWithProviders(<FrequencyPlans />, { route: ROUTE });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit cn470 cn470-1' }));
    expect(await screen.findByText('Change the global configuration of cn470-1')).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('globalconf-save'));
    await waitFor(() => expect(subnetField()).toHaveTextContent('CN470 cn470-1 already has a global configuration'));
    expect(toast.current).toMatchObject({ kind: 'error' });

    answer = { code: C.GLOBALCONF_ENTRY_FAILED, msg: 'x: filestore (no SX130x_conf)', field: 'filestore' };
    fireEvent.click(screen.getByTestId('globalconf-save'));
    await waitFor(() =>
      expect(screen.getByTestId('globalconf-file-problem')).toHaveTextContent(
        'Not a packet-forwarder global configuration (no SX130x_conf or SX1301_conf section): no SX130x_conf',
      ),
    );
  });

  it('deletes one after the slide', async () => {
    const calls = stubFetch({
      [regionApi.list.path]: regions,
      [globalConfApi.list.path]: list([globalConf]),
      [globalConfApi.delete.path]: ok(null),
    });
    renderWithProviders(<FrequencyPlans />, { route: ROUTE });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete cn470 cn470-1' }));
    await slide();
    fireEvent.click(screen.getByTestId('delete-confirm'));
    expect(await screen.findByTestId('delete-deleted')).toHaveTextContent('1 item deleted');
    expect(bodyOf(calls, globalConfApi.delete.path)).toEqual({ globalConfID: 7 });
  });
});
