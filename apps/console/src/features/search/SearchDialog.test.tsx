import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { renderWithProviders, stubFetch } from '../../../test/render';
import { BuiltPages } from '../../lib/builtPages';
import { i18n, initI18n } from '../../lib/i18n';
import { session } from '../../lib/session';
import SearchDialog from './SearchDialog';

/** Only the namespaces the console has when the dialog opens from the header of any page. */
async function language(lng: 'en-US' | 'zh-CN') {
  await initI18n(lng);
  await i18n.changeLanguage(lng);
  await i18n.loadNamespaces(['common', 'layout', 'errors', 'search']);
}

/** The table's data rows (the header row and the empty-table row left out). */
const dataRows = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .filter((r) => r.querySelectorAll('td').length > 1);

const search = (keyword: string) => {
  const kw = screen.getByTestId('search-keyword');
  fireEvent.change(kw, { target: { value: keyword } });
  fireEvent.keyDown(kw, { key: 'Enter' });
};

const chooseType = async (label: string) => {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: /Type|类型/ }));
  fireEvent.click(within(await screen.findByRole('listbox')).getByText(label));
};

describe('SearchDialog', () => {
  beforeAll(() => language('en-US'));
  afterEach(() => language('en-US'));

  it('sends the keyword as typed, runs on Enter, shows EUIs dashed; a type change clears it', async () => {
    session.signIn({ token: 't', name: 'bob', userID: 2, admin: 0 });
    const calls = stubFetch({
      '/api/search': {
        code: 0,
        amount: 1,
        data: [{ devEUI: 'aabbccddeeff0011', devName: 'meter-1', appName: 'water', appID: 3 }],
      },
    });
    renderWithProviders(<SearchDialog open onClose={() => {}} />);
    await screen.findByTestId('search-keyword');
    search(' AA:BB:CC:DD:EE:FF:00:11 ');
    const results = await screen.findByTestId('search-results');
    await waitFor(() => expect(results).toHaveTextContent('AA-BB-CC-DD-EE-FF-00-11'));
    const q = calls.at(-1)!.url.searchParams;
    // The server reads EUI-like keywords as hex; the console sends what was typed.
    expect(q.get('keyword')).toBe(' AA:BB:CC:DD:EE:FF:00:11 ');
    expect(q.get('category')).toBe('device');
    expect(q.get('pageSize')).toBe('50');

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Type' }));
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Application', 'Device', 'Multicast group', 'Gateway']);
    fireEvent.click(within(screen.getByRole('listbox')).getByText('Gateway'));
    expect(screen.getByTestId('search-keyword')).toHaveValue('');
    expect(screen.queryByTestId('search-results')).toBeNull();
  });

  it("never shows the previous type's rows while a search of another type loads", async () => {
    session.signIn({ token: 't', name: 'bob', userID: 2, admin: 0 });
    stubFetch({
      '/api/search': (_i, url) =>
        url.searchParams.get('category') === 'device'
          ? {
              code: 0,
              amount: 2,
              data: [
                { devEUI: '0000000000000001', devName: 'meter-1', appName: 'water', appID: 3 },
                { devEUI: '0000000000000002', devName: 'meter-2', appName: 'water', appID: 3 },
              ],
            }
          : {
              code: 0,
              amount: 1,
              data: [{ gwID: 'a840411f00e0c001', gwName: 'roof', gwType: 'generic', region: 'eu868' }],
            },
    });
    // The gateway answer waits until the test has looked at the table meanwhile.
    const answer = globalThis.fetch;
    let release = () => {};
    const gate = new Promise<void>((r) => {
      release = r;
    });
    globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).includes('category=gateway')) await gate;
      return answer(input, init);
    }) as typeof fetch;

    renderWithProviders(<SearchDialog open onClose={() => {}} />);
    await screen.findByTestId('search-keyword');
    search('meter');
    await waitFor(() => expect(dataRows(screen.getByTestId('search-results'))).toHaveLength(2));

    await chooseType('Gateway');
    search('roof');
    const loading = await screen.findByTestId('search-results');
    expect(dataRows(loading)).toHaveLength(0);
    expect(within(loading).getByTestId('list-total')).toHaveTextContent('0 in total');

    release();
    await waitFor(() => expect(dataRows(screen.getByTestId('search-results'))).toHaveLength(1));
    const table = screen.getByTestId('search-results');
    expect(table).toHaveTextContent('A8-40-41-1F-00-E0-C0-01');
    expect(table).toHaveTextContent('EU868');
    expect(table).not.toHaveTextContent('meter');
    expect(within(table).getByTestId('list-total')).toHaveTextContent('1 in total');
  });

  it.each([
    ['en-US', 'Application', 'LADTP (RHF3M485)', 'User', 'Common'],
    ['zh-CN', '应用', 'LADTP (RHF3M485)', '用户', '普通用户'],
    ['zh-CN', '应用', '中继 (RHF3MR01)', '用户', '管理员'],
  ] as const)('shows product types and roles by their names (%s)', async (lng, appType, product, userType, role) => {
    await language(lng);
    session.signIn({ token: 't', name: 'root', userID: 1, admin: 1 });
    const admin = role !== 'Common' && role !== '普通用户';
    stubFetch({
      '/api/search': (_i, url) =>
        url.searchParams.get('category') === 'application'
          ? {
              code: 0,
              amount: 1,
              data: [
                {
                  appID: 3,
                  appName: 'meters',
                  productType: product.startsWith('LADTP') ? 'rhf3m485' : 'rhf3mr01',
                  username: 'ops',
                  createtime: 0,
                },
              ],
            }
          : { code: 0, amount: 1, data: [{ userID: 4, name: 'ops', admin: admin ? 1 : 0, createtime: 0 }] },
    });
    renderWithProviders(<SearchDialog open onClose={() => {}} />);
    await screen.findByTestId('search-keyword');
    await chooseType(appType);
    search('m');
    await waitFor(() => expect(screen.getByTestId('search-results')).toHaveTextContent(product));
    await chooseType(userType);
    search('ops');
    await waitFor(() => expect(screen.getByTestId('search-results')).toHaveTextContent(role));
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
