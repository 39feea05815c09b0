import { applicationApi } from '@lns/contract/api/applications';
import { appName, pushUrls } from '@lns/contract/applications';
import { C } from '@lns/contract/codes';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { renderWithProviders, setupI18n, stubFetch } from '../../test/render';
import { api } from '../lib/api';
import { useContractForm } from '../lib/form/useContractForm';
import type { RefusalTable } from '../lib/form/useFormSubmit';
import { i18n } from '../lib/i18n';
import { toast } from '../lib/toast';
import { FormDialog } from './FormDialog';

// A form over contract pieces: a name and one push URL, sent to the (stubbed) application create endpoint.
const schema = z.object({ appName, pushUrls });
type Values = { appName: string; pushUrls: string[] };
const CODES: RefusalTable<Values> = {
  [C.APP_EXISTS]: { field: 'appName', message: 'applications:errors.exists' },
  [C.PUSH_URL_PRIVATE]: { field: 'pushUrls.0', message: 'common:validation.httpUrl', detail: true },
};

function Harness({ onClose }: { onClose: () => void }) {
  const defaults: Values = { appName: '', pushUrls: [''] };
  const form = useContractForm({ schema, defaultValues: defaults });
  return (
    <FormDialog
      form={form}
      onClose={onClose}
      title="Test form"
      submitTestId="save"
      submit={(body) => api.data(applicationApi.create, body, { silent: true })}
      success="saved"
      codes={CODES}
    >
      <input aria-label="name" value={form.values.appName} onChange={(e) => form.set('appName', e.target.value)} />
      <p data-testid="name-error">{form.errorText('appName')}</p>
      <input
        aria-label="url"
        value={form.values.pushUrls[0]}
        onChange={(e) => form.set('pushUrls', [e.target.value])}
      />
      <p data-testid="url-error">{form.errorText('pushUrls')}</p>
    </FormDialog>
  );
}

function open(answer: Record<string, unknown>) {
  const calls = stubFetch({ [applicationApi.create.path]: answer });
  const onClose = vi.fn();
  renderWithProviders(<Harness onClose={onClose} />);
  return { calls, onClose };
}

async function fill(name: string, url = '') {
  fireEvent.change(await screen.findByLabelText('name'), { target: { value: name } });
  fireEvent.change(screen.getByLabelText('url'), { target: { value: url } });
  fireEvent.click(screen.getByTestId('save'));
}

describe('FormDialog', () => {
  beforeAll(async () => {
    await setupI18n('en-US');
    await i18n.loadNamespaces('applications');
  });
  beforeEach(() => toast.clear());

  it('checks the values with the schema and sends nothing while they are refused', async () => {
    const { calls, onClose } = open({ code: 0 });
    await fill(' ', 'ftp://x');
    expect(await screen.findByText('Application name cannot be empty')).toBeInTheDocument();
    expect(screen.getByTestId('url-error')).toHaveTextContent('Must be a valid http or https URL');
    expect(calls).toHaveLength(0);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('sends the checked body, toasts and closes on success', async () => {
    const { calls, onClose } = open({ code: 0 });
    await fill('  gateway-app ', 'https://push.example.com');
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(JSON.parse(String(calls[0]?.init?.body))).toEqual({
      appName: 'gateway-app',
      pushUrls: ['https://push.example.com'],
    });
    expect(toast.current).toMatchObject({ kind: 'success', message: 'saved' });
  });

  it("shows a refusal on the envelope's field in the code's words, and as a toast", async () => {
    const { onClose } = open({
      code: C.PARAM_FORMAT,
      msg: 'parameter format error: pushUrls.0 (bad)',
      field: 'pushUrls.0',
    });
    await fill('app', 'https://push.example.com');
    await waitFor(() => expect(screen.getByTestId('url-error')).toHaveTextContent('Invalid value'));
    expect(screen.getByTestId('name-error')).toBeEmptyDOMElement();
    expect(toast.current).toMatchObject({ kind: 'error', message: 'Invalid value: Push URLs' });
    expect(onClose).not.toHaveBeenCalled();
  });

  it("puts a code of the form's table on its field with the table's text, the server's detail when asked", async () => {
    open({ code: C.APP_EXISTS, msg: 'application exists: appName', field: 'appName' });
    await fill('app', 'https://push.example.com');
    await waitFor(() =>
      expect(screen.getByTestId('name-error')).toHaveTextContent('An application with this name exists'),
    );
    stubFetch({
      [applicationApi.create.path]: {
        code: C.PUSH_URL_PRIVATE,
        msg: 'push URL points to a private or internal address: pushUrls.0 (10.0.0.1 is private)',
        field: 'pushUrls.0',
      },
    });
    fireEvent.click(screen.getByTestId('save'));
    await waitFor(() =>
      expect(screen.getByTestId('url-error')).toHaveTextContent(
        'Must be a valid http or https URL: 10.0.0.1 is private',
      ),
    );
  });

  it('leaves a field the form does not hold to the toast', async () => {
    open({ code: C.PARAM_FORMAT, msg: 'parameter format error: headers (bad)', field: 'headers' });
    await fill('app', 'https://push.example.com');
    await waitFor(() => expect(toast.current).toMatchObject({ kind: 'error' }));
    expect(screen.getByTestId('name-error')).toBeEmptyDOMElement();
    expect(screen.getByTestId('url-error')).toBeEmptyDOMElement();
  });
});
