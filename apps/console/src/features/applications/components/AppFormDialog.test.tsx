import { C } from '@lns/contract/codes';
import { fireEvent, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { appDetail } from '../../../../test/fixtures';
import { renderWithProviders, setupI18n, stubFetch } from '../../../../test/render';
import { i18n } from '../../../lib/i18n';
import { AppFormDialog } from './AppFormDialog';

const APP = appDetail({
  decoder: { name: 'meters', type: 'javascript', content: 'function decodeUplink(input) {' },
});

describe('AppFormDialog', () => {
  beforeAll(async () => {
    await setupI18n('en-US');
    await i18n.loadNamespaces(['applications', 'widgets']);
  });

  it("shows why the server refused the decoder script on the script's field", async () => {
    const calls = stubFetch({
      '/api/application/update': {
        code: C.PARAM_FORMAT,
        msg: 'parameter format error: decoder.content (SyntaxError: Unexpected end of input)',
        field: 'decoder.content',
      },
    });
    renderWithProviders(<AppFormDialog open onClose={() => {}} app={APP} />);
    fireEvent.click(await screen.findByTestId('app-save'));
    expect(
      await screen.findByText('The script cannot be used: SyntaxError: Unexpected end of input'),
    ).toBeInTheDocument();
    const sent = calls.find((c) => c.url.pathname === '/api/application/update');
    expect(JSON.parse(String(sent?.init?.body))).toMatchObject({
      appID: 3,
      appName: 'meters',
      decoder: { name: 'meters', type: 'javascript', content: APP.decoder?.content },
    });
  });

  it('shows a taken name on the name field', async () => {
    stubFetch({
      '/api/application/update': { code: C.APP_EXISTS, msg: 'application exists: appName', field: 'appName' },
    });
    renderWithProviders(<AppFormDialog open onClose={() => {}} app={APP} />);
    fireEvent.change(await screen.findByTestId('app-name'), { target: { value: 'taken' } });
    fireEvent.click(screen.getByTestId('app-save'));
    expect(await screen.findByText('An application with this name exists')).toBeInTheDocument();
  });
});
