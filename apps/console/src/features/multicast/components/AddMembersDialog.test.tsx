import { C } from '@lns/contract/codes';
import { fireEvent, screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderWithProviders, setupI18n, stubFetch } from '../../../../test/render';
import { i18n } from '../../../lib/i18n';
import { AddMembersDialog } from './AddMembersDialog';

const AVAILABLE = {
  code: 0,
  amount: 2,
  data: [
    { devEUI: '70b3d50000000001', devName: 'lamp-1', appName: 'lights', region: 'eu868', class: 'A' },
    { devEUI: '70b3d50000000002', devName: 'lamp-2', appName: 'lights', region: 'eu868', class: 'A' },
  ],
};

describe('AddMembersDialog', () => {
  beforeAll(async () => {
    await setupI18n('en-US');
    await i18n.loadNamespaces(['multicast']);
  });

  it('binds the chosen devices, and lists each one the server refused with its reason', async () => {
    const calls = stubFetch({
      '/api/mcdevice/available': AVAILABLE,
      '/api/mcdevice/create': {
        code: C.MC_BATCH_BIND,
        msg: 'multicast batch bind error: devEUIs',
        field: 'devEUIs',
        data: {
          done: [],
          failed: [{ id: '70b3d50000000002', code: C.MC_DEVICE_BOUND_OTHER, reason: 'in another group' }],
        },
      },
    });
    renderWithProviders(<AddMembersDialog kind="device" mcEUI="aa00000000000001" onClose={() => {}} />);
    const table = await screen.findByTestId('mc-available');
    expect(await within(table).findByText('70-B3-D5-00-00-00-00-01')).toBeInTheDocument();
    fireEvent.click(within(table).getAllByRole('checkbox')[0]!);
    fireEvent.click(screen.getByTestId('mc-bind'));
    const failed = await screen.findByTestId('mc-bind-failed');
    expect(failed).toHaveTextContent('70-B3-D5-00-00-00-00-02: Device already bound to another group');
    const sent = calls.find((c) => c.url.pathname === '/api/mcdevice/create');
    expect(JSON.parse(String(sent?.init?.body))).toEqual({
      mcEUI: 'aa00000000000001',
      devEUIs: ['70b3d50000000001', '70b3d50000000002'],
    });
  });
});
