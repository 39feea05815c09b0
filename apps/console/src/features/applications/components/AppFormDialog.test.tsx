import { C } from '@lns/contract/codes';
import { fireEvent, screen, waitFor } from '@testing-library/react';
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

  it('takes each error away once its field holds a valid value', async () => {
    const calls = stubFetch({
      '/api/application/create': (init) =>
        JSON.parse(String(init?.body)).appName === 'taken'
          ? { code: C.APP_EXISTS, msg: 'application exists: appName', field: 'appName' }
          : {
              code: C.PARAM_FORMAT,
              msg: 'parameter format error: decoder.content (SyntaxError: Unexpected end of input)',
              field: 'decoder.content',
            },
    });
    renderWithProviders(<AppFormDialog open onClose={() => {}} />);
    fireEvent.click(await screen.findByTestId('app-save'));
    expect(await screen.findByText('Application name cannot be empty')).toBeInTheDocument();
    fireEvent.change(screen.getByTestId('app-name'), { target: { value: 'taken' } });
    await waitFor(() => expect(screen.queryByText('Application name cannot be empty')).toBeNull());

    // A refusal from the server leaves as soon as the name changes.
    fireEvent.click(screen.getByTestId('app-save'));
    expect(await screen.findByText('An application with this name exists')).toBeInTheDocument();
    fireEvent.change(screen.getByTestId('app-name'), { target: { value: 'meters' } });
    await waitFor(() => expect(screen.queryByText('An application with this name exists')).toBeNull());

    // So does the script's, once the script is edited.
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Payload decoder' }));
    fireEvent.click(await screen.findByRole('option', { name: 'JavaScript' }));
    fireEvent.change(screen.getByTestId('app-decoder'), { target: { value: 'function decodeUplink(input) {' } });
    fireEvent.click(screen.getByTestId('app-save'));
    const refused = 'The script cannot be used: SyntaxError: Unexpected end of input';
    expect(await screen.findByText(refused)).toBeInTheDocument();
    fireEvent.change(screen.getByTestId('app-decoder'), {
      target: { value: 'function decodeUplink(input) { return { data: {} }; }' },
    });
    await waitFor(() => expect(screen.queryByText(refused)).toBeNull());
    expect(document.querySelectorAll('.Mui-error')).toHaveLength(0);
    expect(calls.filter((c) => c.url.pathname === '/api/application/create')).toHaveLength(2);
  });

  const noBroker = {
    code: 0,
    data: {
      customIcon: '',
      customLogo: '',
      hideLogo: false,
      mapEnabled: false,
      mapType: 'google',
      gaodeMapKey: '',
      googleMapKey: '',
      docsUrl: '',
      mqtt: { available: false, reason: 'portInUse', port: 1883 },
    },
  };

  it('says why MQTT is unavailable and will not switch it on', async () => {
    stubFetch({ '/api/webConfig': noBroker });
    renderWithProviders(<AppFormDialog open onClose={() => {}} app={{ ...APP, enableMQTT: false }} />);
    expect(await screen.findByTestId('mqtt-unavailable')).toHaveTextContent('port 1883 was already taken');
    const toggle = screen.getByTestId('app-mqtt').querySelector('input')!;
    expect(toggle).toBeDisabled();
  });

  it('lets an application that already has MQTT keep or drop it when the broker is missing', async () => {
    stubFetch({ '/api/webConfig': noBroker });
    renderWithProviders(<AppFormDialog open onClose={() => {}} app={{ ...APP, enableMQTT: true }} />);
    await screen.findByTestId('mqtt-unavailable');
    expect(screen.getByTestId('app-mqtt').querySelector('input')!).toBeEnabled();
  });
});
