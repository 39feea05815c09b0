import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderWithProviders, setupI18n, stubFetch } from '../../../test/render';
import { i18n } from '../../lib/i18n';
import DeviceTags from './pages/DeviceTags';

describe('device tags on the shared tag page', () => {
  beforeAll(async () => {
    await setupI18n('en-US');
    await i18n.loadNamespaces(['devices']);
  });

  it('needs a group name, then adds the tags typed into the group chosen from its card', async () => {
    const calls = stubFetch({
      '/api/device/tags/list': {
        code: 0,
        data: { tags: [{ tagId: 1, name: 'roof', groupName: 'Site', deviceNums: 3, createtime: 1 }] },
      },
      '/api/device/tags/create': { code: 0 },
    });
    renderWithProviders(<DeviceTags />);
    expect(await screen.findByTestId('tag-roof')).toHaveTextContent('roof (3)');
    fireEvent.click(screen.getByTestId('tag-add'));
    fireEvent.change(await screen.findByTestId('tag-names'), { target: { value: 'cellar' } });
    fireEvent.click(screen.getByTestId('tag-save'));
    expect(await screen.findByText('Group name cannot be empty')).toBeInTheDocument();
    fireEvent.change(screen.getByTestId('tag-group'), { target: { value: 'Site' } });
    fireEvent.click(screen.getByTestId('tag-save'));
    const sent = await waitFor(() => {
      const call = calls.find((c) => c.url.pathname === '/api/device/tags/create');
      expect(call).toBeDefined();
      return call;
    });
    expect(JSON.parse(String(sent?.init?.body))).toEqual({ groupName: 'Site', tags: ['cellar'] });
  });
});
