import { gatewayTypeApi } from '@lns/contract/api/gateway-types';
import { gwSdkApi, picoFirmwareApi } from '@lns/contract/api/upgrades';
import { C } from '@lns/contract/codes';
import { fileUrlOf } from '@lns/contract/files';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { renderWithProviders, setupI18n, stubFetch } from '../../../test/render';
import { stubUpload } from '../../../test/xhr';
import { i18n } from '../../lib/i18n';
import { session } from '../../lib/session';
import { toast } from '../../lib/toast';
import PicoFirmware from './pages/PicoFirmware';
import SdkList from './pages/SdkList';
import { list, ok } from './testFixtures';

const DIGEST = 'ef'.repeat(32);
const FILE_URL = fileUrlOf(DIGEST);
const sdk = {
  sdkID: 3,
  version: 'sdk-1.0.2',
  filestore: FILE_URL,
  fileName: 'pico_sdk_1.0.2.bin',
  controlType: 'Pico',
  createdAt: 1_795_608_000_000,
  updatedAt: 1_795_608_000_000,
};
const bodyOf = (calls: ReturnType<typeof stubFetch>, path: string) =>
  JSON.parse(String(calls.findLast((c) => c.url.pathname === path)?.init?.body));
const upload = (testId: string, name: string) => {
  stubUpload(() => ({ body: ok({ fileUrl: FILE_URL, fileName: name, size: 64, digest: DIGEST }) }));
  fireEvent.change(screen.getByTestId(`${testId}-input`), {
    target: { files: [new File([new Uint8Array(64)], name)] },
  });
};

describe('SDK versions and pico firmware', () => {
  beforeAll(async () => {
    await setupI18n('en-US');
    await i18n.loadNamespaces(['upgrades']);
  });
  beforeEach(() => {
    toast.clear();
    session.signIn({ token: 'tok-1', name: 'root', userID: 1, admin: 1 });
  });

  it('adds an SDK version with its file and control type, and changes one', async () => {
    const calls = stubFetch({
      [gwSdkApi.list.path]: list([sdk]),
      [gwSdkApi.create.path]: ok({ sdkID: 4 }),
      [gwSdkApi.update.path]: ok(null),
    });
    renderWithProviders(<SdkList />, { route: '/gateway/sdk' });
    expect(await within(await screen.findByTestId('sdk-table')).findByText('pico_sdk_1.0.2.bin')).toBeInTheDocument();

    fireEvent.click(screen.getByTestId('sdk-add'));
    expect(screen.getByTestId('sdk-controlType')).toHaveValue('Pico');
    fireEvent.change(screen.getByTestId('sdk-version'), { target: { value: 'sdk-1.1.0' } });
    upload('sdk-file', 'pico_sdk_1.1.0.bin');
    expect(await screen.findByText('pico_sdk_1.1.0.bin')).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('sdk-save'));
    await waitFor(() => expect(toast.current).toMatchObject({ kind: 'success', message: 'Created' }));
    expect(bodyOf(calls, gwSdkApi.create.path)).toEqual({
      version: 'sdk-1.1.0',
      filestore: FILE_URL,
      controlType: 'Pico',
    });

    fireEvent.click(screen.getByRole('button', { name: 'Edit sdk-1.0.2' }));
    expect(await screen.findByText('Change SDK version sdk-1.0.2')).toBeInTheDocument();
    expect(screen.getByTestId('sdk-version')).toHaveValue('sdk-1.0.2');
    fireEvent.change(screen.getByTestId('sdk-version'), { target: { value: 'sdk-1.0.3' } });
    fireEvent.click(screen.getByTestId('sdk-save'));
    await waitFor(() => expect(toast.current).toMatchObject({ kind: 'success', message: 'Updated' }));
    expect(bodyOf(calls, gwSdkApi.update.path)).toEqual({
      sdkID: 3,
      version: 'sdk-1.0.3',
      filestore: FILE_URL,
      controlType: 'Pico',
    });
  });

  it('adds pico firmware for a gateway type of the list; an unknown type lands on its field', async () => {
    const types = ['rhf2sp01', 'rhf2s027'].map((gwType, i) => ({
      gwTypeID: i + 1,
      gwType,
      arch: 'arm',
      supportGPS: false,
      color: '#666666',
      submodels: [],
      gateways: 0,
      createdAt: 0,
      updatedAt: 0,
    }));
    const calls = stubFetch({
      [picoFirmwareApi.list.path]: list([]),
      [gatewayTypeApi.list.path]: list(types),
      [picoFirmwareApi.create.path]: { code: C.GWTYPE_MISSING, msg: 'gateway type missing', field: 'gwType' },
    });
    renderWithProviders(<PicoFirmware />, { route: '/gateway/pico-firmware' });
    fireEvent.click(await screen.findByTestId('pico-add'));
    fireEvent.mouseDown(screen.getByRole('combobox', { name: /Gateway type/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'rhf2sp01' }));
    fireEvent.change(screen.getByTestId('pico-version'), { target: { value: 'v2.0.1' } });
    upload('pico-file', 'pico_fw.bin');
    expect(await screen.findByText('pico_fw.bin')).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('pico-save'));
    const gwType = () => screen.getByTestId('pico-gwType').closest('.MuiFormControl-root') as HTMLElement;
    await waitFor(() => expect(gwType()).toHaveTextContent('This gateway type does not exist'));
    expect(bodyOf(calls, picoFirmwareApi.create.path)).toEqual({
      gwType: 'rhf2sp01',
      version: 'v2.0.1',
      fileUrl: FILE_URL,
    });
  });
});
