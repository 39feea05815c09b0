import type { DeviceDetail as Detail } from '@lns/contract/devices';
import { fireEvent, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderWithProviders, setupI18n, stubFetch } from '../../../test/render';
import { i18n } from '../../lib/i18n';
import DeviceDetail from './pages/DeviceDetail';

const device: Detail = {
  devEUI: '0102030405060708',
  devName: 'meter-1',
  appID: 1,
  appName: 'meters',
  appEUI: '0000000000000001',
  authType: 'otaa',
  devAddr: '26011bda',
  class: 'A',
  supportClassB: false,
  supportClassC: false,
  macVersion: '1.0.3',
  productType: 'lorawan',
  region: 'eu868',
  subnet: null,
  autoSubnet: true,
  tagsId: [],
  tags: [],
  remarks: '',
  fCntUp: 12,
  fCntDown: 3,
  lastSeen: null,
  rssi: null,
  snr: null,
  status: 'joined',
  username: 'admin',
  createtime: 0,
  appKey: null,
  appSKey: null,
  nwkSKey: null,
  freq: null,
  dr: null,
  battery: null,
  margin: null,
  txPower: 1,
  txPowerDbm: 14,
  nbTrans: 1,
  fPort: null,
  updatetime: 0,
};

describe('device detail', () => {
  beforeAll(async () => {
    await setupI18n();
    await i18n.loadNamespaces(['devices']);
  });

  it('offers "Reset frame counters" as a button that opens its dialog', async () => {
    stubFetch({
      '/api/device/status': { code: 0, data: device },
      '/api/device/signal': { code: 0, data: [] },
    });
    renderWithProviders(<DeviceDetail />, { route: `/x?devEUI=${device.devEUI}` });
    const reset = await screen.findByRole('button', { name: 'Reset frame counters' });
    expect(reset.className).toMatch(/MuiButton-root/);
    expect(screen.getByText('14 dBm (TXPower 1, NbTrans 1)')).toBeInTheDocument();
    fireEvent.click(reset);
    expect(await screen.findByRole('dialog', { name: 'Reset frame counters' })).toBeInTheDocument();
  });
});
