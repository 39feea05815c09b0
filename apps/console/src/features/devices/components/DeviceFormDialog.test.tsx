import { C } from '@lns/contract/codes';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { bandList } from '../../../../test/fixtures';
import { renderWithProviders, setupI18n, stubFetch } from '../../../../test/render';
import { i18n } from '../../../lib/i18n';
import { DeviceFormDialog } from './DeviceFormDialog';

const LISTS = {
  '/api/band/list': bandList,
  '/api/device/tags/list': { code: 0, data: { tags: [] } },
};

const KEY = '2b7e151628aed2a6abf7158809cf4f3c';
const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });
const shown = (text: string) => screen.queryByText(text) !== null;
const gone = (text: string) => waitFor(() => expect(screen.queryByText(text)).toBeNull());
const choose = async (label: RegExp, option: string) => {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByTestId(option));
};

describe('DeviceFormDialog', () => {
  beforeAll(async () => {
    await setupI18n('en-US');
    await i18n.loadNamespaces(['devices']);
  });

  it('takes each error away once its field holds a valid value, cross-field rules included', async () => {
    const calls = stubFetch(LISTS);
    renderWithProviders(<DeviceFormDialog open onClose={() => {}} appID={3} />);
    await screen.findByTestId('dev-devName');
    type('dev-devEUI', '0102');
    type('dev-fCntUp', '');
    fireEvent.click(screen.getByTestId('dev-save'));
    // A frame counter left empty does not hide the activation and subnet rules.
    for (const text of [
      'Device name cannot be empty',
      'DevEUI must be 16 hexadecimal digits',
      'AppEUI cannot be empty',
      'AppKey cannot be empty',
      'Region cannot be empty',
      'Subnet cannot be empty',
      'Frame counter cannot be empty',
    ])
      expect(await screen.findByText(text)).toBeInTheDocument();

    type('dev-devName', 'meter-1');
    await gone('Device name cannot be empty');
    expect(shown('AppKey cannot be empty')).toBe(true);
    type('dev-devEUI', '70-B3-D5-7E-D0-00-00-01');
    await gone('DevEUI must be 16 hexadecimal digits');
    type('dev-appEUI', '70b3d57ed0000000');
    await gone('AppEUI cannot be empty');
    type('dev-appKey', KEY);
    await gone('AppKey cannot be empty');
    type('dev-fCntUp', '0');
    await gone('Frame counter cannot be empty');
    await choose(/Region/, 'dev-region-eu868');
    await gone('Region cannot be empty');
    expect(shown('Subnet cannot be empty')).toBe(true);
    await choose(/Subnet/, 'dev-subnet-eu868-default');
    await gone('Subnet cannot be empty');
    expect(document.querySelectorAll('.Mui-error')).toHaveLength(0);
    expect(calls.some((c) => c.url.pathname === '/api/device/create')).toBe(false);
  });

  it('moves the key errors with the activation type and clears them as the keys are filled', async () => {
    stubFetch(LISTS);
    renderWithProviders(<DeviceFormDialog open onClose={() => {}} appID={3} />);
    await screen.findByTestId('dev-devName');
    fireEvent.click(screen.getByTestId('dev-save'));
    expect(await screen.findByText('AppKey cannot be empty')).toBeInTheDocument();

    fireEvent.click(screen.getByTestId('dev-auth-abp'));
    expect(await screen.findByText('DevAddr cannot be empty')).toBeInTheDocument();
    expect(shown('AppKey cannot be empty')).toBe(false);
    type('dev-devAddr', '26000001');
    await gone('DevAddr cannot be empty');
    type('dev-appSKey', KEY);
    await gone('AppSessionKey cannot be empty');
    type('dev-nwkSKey', 'zz');
    expect(await screen.findByText('Please enter only hexadecimal characters')).toBeInTheDocument();
    type('dev-nwkSKey', KEY);
    await gone('NetworkSessionKey cannot be empty');
    expect(shown('Please enter only hexadecimal characters')).toBe(false);

    fireEvent.click(screen.getByTestId('dev-auth-otaa'));
    expect(await screen.findByText('AppKey cannot be empty')).toBeInTheDocument();
    type('dev-appKey', KEY);
    await gone('AppKey cannot be empty');
  });

  it('takes a refusal off the DevEUI once another EUI is typed', async () => {
    stubFetch({
      ...LISTS,
      '/api/device/create': { code: C.DEVICE_EXISTS, msg: 'device exists: devEUI', field: 'devEUI' },
    });
    renderWithProviders(<DeviceFormDialog open onClose={() => {}} appID={3} />);
    await screen.findByTestId('dev-devName');
    type('dev-devName', 'meter-1');
    type('dev-devEUI', '70b3d57ed0000001');
    type('dev-appEUI', '70b3d57ed0000000');
    type('dev-appKey', KEY);
    fireEvent.click(screen.getByTestId('dev-auto-subnet'));
    await choose(/Region/, 'dev-region-eu868');
    fireEvent.click(screen.getByTestId('dev-save'));
    const taken = await screen.findByText(i18n.t('devices:validation.devEUIExists'));
    expect(taken).toBeInTheDocument();
    type('dev-devEUI', '70b3d57ed0000002');
    await gone(i18n.t('devices:validation.devEUIExists'));
  });
});
