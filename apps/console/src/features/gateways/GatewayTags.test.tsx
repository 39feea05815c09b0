import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderWithProviders, setupI18n, stubFetch } from '../../../test/render';
import { i18n } from '../../lib/i18n';
import GatewayTags from './pages/GatewayTags';

const tag = (tagId: number, name: string, groupName: string, gateways: number, owner?: string) => ({
  tagId,
  name,
  groupName,
  gateways,
  createdAt: 1_700_000_000_000,
  ...(owner ? { ownerID: 2, owner } : {}),
});

describe('gateway tags on the shared tag page', () => {
  beforeAll(async () => {
    await setupI18n('en-US');
    await i18n.loadNamespaces(['gateways']);
  });

  it('groups tags by owner and group, with counts, "No group" and the owner named once per card', async () => {
    stubFetch({
      '/api/gateway/tags/list': {
        code: 0,
        data: {
          tags: [tag(1, 'roof', 'Site', 2, 'alice'), tag(2, 'mast', 'Site', 0, 'alice'), tag(3, 'spare', '', 1)],
        },
      },
    });
    renderWithProviders(<GatewayTags />);
    const site = await screen.findByTestId('tag-group-Site');
    expect(within(site).getByText('owner: alice')).toBeInTheDocument();
    expect(within(site).getByTestId('tag-roof')).toHaveTextContent('roof (2)');
    expect(within(screen.getByTestId('tag-group-')).getByText('No group')).toBeInTheDocument();
  });

  it('adds several tags without a group from the same dialog as devices', async () => {
    const calls = stubFetch({
      '/api/gateway/tags/list': { code: 0, data: { tags: [] } },
      '/api/gateway/tags/create': { code: 0 },
    });
    renderWithProviders(<GatewayTags />);
    expect(await screen.findByText('No tags yet')).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('tag-add'));
    fireEvent.change(await screen.findByTestId('tag-names'), { target: { value: 'roof, mast，cellar' } });
    fireEvent.click(screen.getByTestId('tag-save'));
    const sent = await waitFor(() => {
      const call = calls.find((c) => c.url.pathname === '/api/gateway/tags/create');
      expect(call).toBeDefined();
      return call;
    });
    expect(JSON.parse(String(sent?.init?.body))).toEqual({ groupName: '', tags: ['roof', 'mast', 'cellar'] });
  });
});
