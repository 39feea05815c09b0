import { networkServerApi, ntpApi } from '@lns/contract/api/network-servers';
import { regionApi } from '@lns/contract/api/regions';
import { C } from '@lns/contract/codes';
import type { NsRow } from '@lns/contract/network-servers';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { renderWithProviders, setupI18n, stubFetch } from '../../../test/render';
import { REARM_MS } from '../../components/DeleteDialog';
import { i18n } from '../../lib/i18n';
import { session } from '../../lib/session';
import { toast } from '../../lib/toast';
import Network from './pages/Network';

const regions = {
  code: 0,
  data: [
    {
      region: 'cn470',
      name: 'CN470',
      color: '#2196f3',
      plan: 'fixed',
      subnets: [
        { subnet: 'cn470-1', name: 'CN470 1', channels: 8 },
        { subnet: 'cn470-2', name: 'CN470 2', channels: 8 },
      ],
      createdAt: 0,
      updatedAt: 0,
    },
    {
      region: 'cn470alid',
      name: 'CN470 ALID pico',
      color: '#666666',
      plan: 'fixed',
      subnets: [{ subnet: 'pico-net', name: 'pico', channels: 32 }],
      createdAt: 0,
      updatedAt: 0,
    },
  ],
};
const row: NsRow = {
  nsID: 4,
  region: 'cn470',
  subnet: 'cn470-1',
  nsURL: 'ns.example.com:1700',
  color: '#666666',
  createdAt: 1_795_608_000_000,
  updatedAt: 1_795_608_000_000,
};
const ok = (data: unknown) => ({ code: 0, data });
const bodyOf = (calls: ReturnType<typeof stubFetch>, path: string) =>
  JSON.parse(String(calls.findLast((c) => c.url.pathname === path)?.init?.body));
const choose = async (label: RegExp, option: string) => {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name: new RegExp(option) }));
};
const slide = async () => {
  await act(() => new Promise((r) => setTimeout(r, REARM_MS + 50)));
  const handle = screen.getByTestId('slide-verify-handle');
  fireEvent.pointerDown(handle, { clientX: 0, pointerId: 1 });
  fireEvent.pointerMove(handle, { clientX: 150, pointerId: 1 });
  fireEvent.pointerMove(handle, { clientX: 400, pointerId: 1 });
  fireEvent.pointerUp(handle, { clientX: 400, pointerId: 1 });
};

describe('/platform/network', () => {
  beforeAll(async () => {
    await setupI18n('en-US');
    await i18n.loadNamespaces(['network']);
  });
  beforeEach(() => {
    toast.clear();
    session.signIn({ token: 'tok-1', name: 'root', userID: 1, admin: 1 });
  });

  it('lists entries and adds one: region then a free subnet, the URL and the default colour', async () => {
    const calls = stubFetch({
      [regionApi.list.path]: regions,
      [networkServerApi.list.path]: ok([row]),
      [networkServerApi.create.path]: ok({ nsID: 5 }),
      [ntpApi.info.path]: ok({ ntpHost: '', updatedAt: null }),
    });
    renderWithProviders(<Network />, { route: '/platform/network' });
    const table = await screen.findByTestId('ns-table');
    expect(await within(table).findByText('ns.example.com:1700')).toBeInTheDocument();
    expect(within(table).getByText('CN470')).toBeInTheDocument();

    fireEvent.click(screen.getByTestId('ns-add'));
    await choose(/Region/, 'CN470$');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: /Subnet/ }));
    // The subnet with an entry is offered disabled, with the address it has.
    const taken = await screen.findByRole('option', { name: /cn470-1/ });
    expect(taken).toHaveAttribute('aria-disabled', 'true');
    expect(taken).toHaveTextContent('Already pointed at ns.example.com:1700');
    fireEvent.click(screen.getByRole('option', { name: /cn470-2/ }));
    fireEvent.change(screen.getByTestId('ns-url'), { target: { value: 'mqtt://broker.example.com' } });
    expect(screen.getByTestId('ns-color')).toHaveValue('#666666');
    fireEvent.click(screen.getByTestId('ns-save'));
    await waitFor(() => expect(toast.current).toMatchObject({ kind: 'success', message: 'Created' }));
    expect(bodyOf(calls, networkServerApi.create.path)).toEqual({
      region: 'cn470',
      subnet: 'cn470-2',
      nsURL: 'mqtt://broker.example.com',
      color: '#666666',
    });
  });

  it('checks the URL before sending, shows 1012 on the subnet, and changes an entry', async () => {
    let refuse = true;
    const calls = stubFetch({
      [regionApi.list.path]: regions,
      [networkServerApi.list.path]: ok([row]),
      [networkServerApi.update.path]: () =>
        refuse ? { code: C.SUBNET_EXISTS, msg: 'subnet exists', field: 'subnet' } : ok(null),
      [ntpApi.info.path]: ok({ ntpHost: '', updatedAt: null }),
    });
    renderWithProviders(<Network />, { route: '/platform/network' });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit cn470 cn470-1' }));
    expect(await screen.findByText('Change the network server of cn470-1')).toBeInTheDocument();
    expect(screen.getByTestId('ns-url')).toHaveValue('ns.example.com:1700');
    fireEvent.change(screen.getByTestId('ns-url'), { target: { value: 'http://ns.example.com' } });
    fireEvent.click(screen.getByTestId('ns-save'));
    const urlField = () => screen.getByTestId('ns-url').closest('.MuiFormControl-root') as HTMLElement;
    await waitFor(() => expect(urlField()).toHaveTextContent('A host:port, or a udp, mqtt'));
    expect(calls.some((c) => c.url.pathname === networkServerApi.update.path)).toBe(false);

    fireEvent.change(screen.getByTestId('ns-url'), { target: { value: 'ns2.example.com:1700' } });
    fireEvent.change(screen.getByTestId('ns-color'), { target: { value: '#aabbcc' } });
    fireEvent.click(screen.getByTestId('ns-save'));
    const subnetField = () => screen.getByTestId('ns-subnet').closest('.MuiFormControl-root') as HTMLElement;
    await waitFor(() => expect(subnetField()).toHaveTextContent('This subnet already has a network server'));
    refuse = false;
    fireEvent.click(screen.getByTestId('ns-save'));
    await waitFor(() => expect(toast.current).toMatchObject({ kind: 'success', message: 'Updated' }));
    expect(bodyOf(calls, networkServerApi.update.path)).toEqual({
      nsID: 4,
      region: 'cn470',
      subnet: 'cn470-1',
      nsURL: 'ns2.example.com:1700',
      color: '#aabbcc',
    });
  });

  it('offers the pico subnet disabled', async () => {
    stubFetch({
      [regionApi.list.path]: regions,
      [networkServerApi.list.path]: ok([]),
      [ntpApi.info.path]: ok({ ntpHost: '', updatedAt: null }),
    });
    renderWithProviders(<Network />, { route: '/platform/network' });
    fireEvent.click(await screen.findByTestId('ns-add'));
    await choose(/Region/, 'ALID');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: /Subnet/ }));
    const pico = await screen.findByRole('option', { name: /pico-net/ });
    expect(pico).toHaveAttribute('aria-disabled', 'true');
    expect(pico).toHaveTextContent('Pico gateways carry their own server addresses');
  });

  it('deletes an entry after the slide', async () => {
    const calls = stubFetch({
      [regionApi.list.path]: regions,
      [networkServerApi.list.path]: ok([row]),
      [networkServerApi.delete.path]: ok(null),
      [ntpApi.info.path]: ok({ ntpHost: '', updatedAt: null }),
    });
    renderWithProviders(<Network />, { route: '/platform/network' });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete cn470 cn470-1' }));
    await slide();
    fireEvent.click(screen.getByTestId('delete-confirm'));
    expect(await screen.findByTestId('delete-deleted')).toHaveTextContent('1 item deleted');
    expect(bodyOf(calls, networkServerApi.delete.path)).toEqual({ nsID: 4 });
  });

  it('sets the NTP host: required, checked, then sent', async () => {
    const calls = stubFetch({
      [regionApi.list.path]: regions,
      [networkServerApi.list.path]: ok([]),
      [ntpApi.info.path]: ok({ ntpHost: '', updatedAt: null }),
      [ntpApi.update.path]: ok(null),
    });
    renderWithProviders(<Network />, { route: '/platform/network' });
    expect(await screen.findByTestId('ntp-current')).toHaveTextContent('Not set yet');
    const field = () => screen.getByTestId('ntp-host').closest('.MuiFormControl-root') as HTMLElement;
    fireEvent.click(screen.getByTestId('ntp-save'));
    await waitFor(() => expect(field()).toHaveTextContent('NTP host cannot be empty'));
    fireEvent.change(screen.getByTestId('ntp-host'), { target: { value: 'ntp/evil' } });
    await waitFor(() => expect(field()).toHaveTextContent('A host name or an IP address'));
    expect(calls.some((c) => c.url.pathname === ntpApi.update.path)).toBe(false);
    fireEvent.change(screen.getByTestId('ntp-host'), { target: { value: ' time.example.com ' } });
    fireEvent.click(screen.getByTestId('ntp-save'));
    await waitFor(() => expect(toast.current).toMatchObject({ kind: 'success' }));
    expect(bodyOf(calls, ntpApi.update.path)).toEqual({ ntpHost: 'time.example.com' });
  });
});
