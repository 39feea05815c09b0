import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderWithProviders, setupI18n, stubFetch } from '../../../test/render';
import { BuiltPages } from '../../lib/builtPages';
import { session } from '../../lib/session';
import SearchDialog from './SearchDialog';

describe('SearchDialog', () => {
  beforeAll(() => setupI18n());

  it('normalises an EUI keyword, runs on Enter, clears on type change; user type for admins only', async () => {
    session.signIn({ token: 't', name: 'bob', userID: 2, admin: 0 });
    const calls = stubFetch({
      '/api/search': (_i, url) => ({
        code: 0,
        amount: 1,
        data: [{ devEUI: url.searchParams.get('keyword'), devName: 'meter-1', appName: 'water', appID: 3 }],
      }),
    });
    renderWithProviders(<SearchDialog open onClose={() => {}} />);
    const kw = await screen.findByTestId('search-keyword');
    fireEvent.change(kw, { target: { value: 'AA:BB:CC:DD:EE:FF:00:11' } });
    fireEvent.keyDown(kw, { key: 'Enter' });
    const results = await screen.findByTestId('search-results');
    await waitFor(() => expect(results).toHaveTextContent('AA-BB-CC-DD-EE-FF-00-11'));
    const q = calls.at(-1)!.url.searchParams;
    expect(q.get('keyword')).toBe('aabbccddeeff0011');
    expect(q.get('category')).toBe('device');
    expect(q.get('pageSize')).toBe('50');

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Type' }));
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Application', 'Device', 'Multicast group', 'Gateway']);
    fireEvent.click(within(screen.getByRole('listbox')).getByText('Gateway'));
    expect(screen.getByTestId('search-keyword')).toHaveValue('');
    expect(screen.queryByTestId('search-results')).toBeNull();
  });

  it('offers users to admins', async () => {
    session.signIn({ token: 't', name: 'root', userID: 1, admin: 1 });
    stubFetch({});
    renderWithProviders(<SearchDialog open onClose={() => {}} />);
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: 'Type' }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toContain('User');
  });

  it('offers only the types whose detail page exists', async () => {
    session.signIn({ token: 't', name: 'root', userID: 1, admin: 1 });
    stubFetch({});
    renderWithProviders(
      <BuiltPages.Provider value={(path) => path !== '/multicast/detail'}>
        <SearchDialog open onClose={() => {}} />
      </BuiltPages.Provider>,
    );
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: 'Type' }));
    const options = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(options).toEqual(['Application', 'Device', 'Gateway', 'User']);
  });
});
