import { C } from '@lns/contract/codes';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { bandList } from '../../../../test/fixtures';
import { renderWithProviders, setupI18n, stubFetch } from '../../../../test/render';
import { i18n } from '../../../lib/i18n';
import { GroupFormDialog } from './GroupFormDialog';

const LISTS = {
  '/api/band/list': bandList,
};
const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });
const choose = async (label: RegExp, option: string | RegExp) => {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
};
const combo = (label: RegExp) => screen.queryByRole('combobox', { name: label });

describe('GroupFormDialog', () => {
  beforeAll(async () => {
    await setupI18n('en-US');
    await i18n.loadNamespaces(['multicast']);
  });

  it('class B shows the ping period (32 s when chosen), class C hides it again', async () => {
    stubFetch(LISTS);
    renderWithProviders(<GroupFormDialog onClose={() => {}} />);
    await screen.findByTestId('mc-mcName');
    expect(combo(/Ping period/)).toBeNull();
    await choose(/^Class/, 'Class B');
    expect(combo(/Ping period/)).toHaveTextContent('32 s');
    await choose(/^Class/, 'Class C');
    expect(combo(/Ping period/)).toBeNull();
  });

  it('remote setup resets the group ID to 0, drops "None", hides the session keys; the extension resets the slot length', async () => {
    stubFetch(LISTS);
    renderWithProviders(<GroupFormDialog onClose={() => {}} />);
    await screen.findByTestId('mc-mcName');
    expect(combo(/Group ID/)).toHaveTextContent('None');
    fireEvent.click(screen.getByTestId('mc-enableMCRemote'));
    expect(combo(/Group ID/)).toHaveTextContent('0');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: /Group ID/ }));
    expect(screen.queryByRole('option', { name: 'None' })).toBeNull();
    fireEvent.keyDown(screen.getByRole('listbox'), { key: 'Escape' });
    expect(screen.queryByTestId('mc-mcAppSKey')).toBeNull();
    expect(screen.getByTestId('mc-derived-keys')).toBeInTheDocument();

    fireEvent.click(screen.getByTestId('mc-enableMCExt'));
    await choose(/Time slot length/, '3 (900 ms)');
    expect(combo(/Time slot length/)).toHaveTextContent('3 (900 ms)');
    fireEvent.click(screen.getByTestId('mc-enableMCExt'));
    expect(combo(/Time slot length/)).toHaveTextContent('0 (0 ms)');
  });

  it('sends exactly the group the form shows, and puts a taken name on the name field', {
    timeout: 20_000,
  }, async () => {
    const calls = stubFetch({
      ...LISTS,
      '/api/mcgroup/create': { code: C.MC_NAME_EXISTS, msg: 'multicast group name exists: mcName', field: 'mcName' },
    });
    renderWithProviders(<GroupFormDialog onClose={() => {}} />);
    await screen.findByTestId('mc-mcName');
    type('mc-mcName', 'Lights');
    type('mc-mcEUI', 'AA-00-00-00-00-00-00-01');
    await choose(/Region/, 'EU868');
    type('mc-genAppKey', '11'.repeat(16));
    type('mc-mcAddr', '01abcdef');
    type('mc-mcAppSKey', '22'.repeat(16));
    type('mc-mcNwkSKey', '33'.repeat(16));
    fireEvent.click(screen.getByTestId('mc-save'));
    expect(await screen.findByText('Multicast group name already exists')).toBeInTheDocument();
    const sent = calls.find((c) => c.url.pathname === '/api/mcgroup/create');
    expect(JSON.parse(String(sent?.init?.body))).toEqual({
      mcName: 'Lights',
      mcEUI: 'aa00000000000001',
      region: 'eu868',
      autoSubnet: true,
      mcClass: 'C',
      pingSlotPeriod: 0,
      enableMCRemote: false,
      groupID: 256,
      genAppKey: '11'.repeat(16),
      enableMCExt: false,
      timeSlotLength: 0,
      mcAddr: '01abcdef',
      mcAppSKey: '22'.repeat(16),
      mcNwkSKey: '33'.repeat(16),
      enableMQTT: false,
      pushUrls: [],
      headers: {},
    });
  });

  it('refuses a group without its keys before sending anything', async () => {
    const calls = stubFetch(LISTS);
    renderWithProviders(<GroupFormDialog onClose={() => {}} />);
    await screen.findByTestId('mc-mcName');
    fireEvent.click(screen.getByTestId('mc-save'));
    for (const text of [
      'Group name cannot be empty',
      'McEUI cannot be empty',
      'GenAppKey cannot be empty',
      'McAppSKey cannot be empty',
    ])
      expect(await screen.findByText(text)).toBeInTheDocument();
    await waitFor(() => expect(calls.some((c) => c.url.pathname === '/api/mcgroup/create')).toBe(false));
  });
});
