import { GATEWAY_LINK_NAMES } from '@lns/contract/gateways';
import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderWithProviders, setupI18n, stubFetch } from '../../../test/render';
import { i18n } from '../../lib/i18n';
import LinkHistory from './pages/LinkHistory';

describe('gateway link history', () => {
  beforeAll(async () => {
    await setupI18n();
    await i18n.loadNamespaces(['live', 'history']);
  });

  it('names a packet-forwarder link PFUDP, as the gateway detail does', async () => {
    const gwID = '0016c001ff10a235';
    stubFetch({
      '/api/gwconnection/history': {
        code: 0,
        amount: 2,
        data: [
          { gwID, online: true, mqtt: false, createtime: 1_700_000_000_000 },
          { gwID, online: false, mqtt: true, createtime: 1_700_000_100_000 },
        ],
      },
    });
    renderWithProviders(<LinkHistory />, { route: `/x?gwID=${gwID}` });
    expect(await screen.findByRole('cell', { name: GATEWAY_LINK_NAMES.udp })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: GATEWAY_LINK_NAMES.mqtt })).toBeInTheDocument();
    expect(GATEWAY_LINK_NAMES.udp).toBe('PFUDP');
    expect(screen.queryByRole('cell', { name: 'UDP' })).toBeNull();
  });
});
