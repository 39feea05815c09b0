import { gatewayCommandApi } from '@lns/contract/api/gateway-commands';
import { gatewayApi } from '@lns/contract/api/gateways';
import { C } from '@lns/contract/codes';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { gatewayRow } from '../../../test/fixtures';
import { renderWithProviders, setupI18n, stubFetch } from '../../../test/render';
import { i18n } from '../../lib/i18n';
import { session } from '../../lib/session';
import CmdOperation from './pages/CmdOperation';
import { commandRecordOf, ok, refused } from './testFixtures';

// A loaded machine (the whole suite in parallel) can take seconds to render a page.

const gw = gatewayRow({ gwID: 'a840411b2c3d4e01', gwName: 'roof', online: true });
const gatewayAnswers = (online = true) => ({
  [gatewayApi.statusInfo.path]: ok({ ...gw, online, report: {} }),
  [gatewayApi.list.path]: { code: 0, amount: 1, data: [{ ...gw, online }] },
});
const open = () =>
  renderWithProviders(<CmdOperation />, { route: `/gateway/cmd-operation?gwID=${gw.gwID}&gwName=roof` });
const callsTo = (calls: ReturnType<typeof stubFetch>, path: string) => calls.filter((c) => c.url.pathname === path);
const bodyOf = (call: { init?: RequestInit }) => JSON.parse(String(call.init?.body));
/** The command's button once the gateway's row is in (buttons wait for it). */
const button = async (cmd: string) => {
  const b = await screen.findByTestId(`cmd-${cmd}`);
  await waitFor(() => expect(b).toBeEnabled());
  return b;
};

describe('gateway commands page', () => {
  beforeAll(async () => {
    await setupI18n();
    await i18n.loadNamespaces(['gatewayOps']);
  });
  beforeEach(() => session.signIn({ token: 'tok-1', name: 'root', userID: 1, admin: 1 }));

  it('runs a command and shows its state and output', async () => {
    const calls = stubFetch({
      ...gatewayAnswers(),
      [gatewayCommandApi.getBridgeLogs.path]: ok(
        commandRecordOf({ result: { code: 0, stdout: 'agent started\nconnected', stderr: '', truncated: false } }),
      ),
    });
    open();
    fireEvent.click(await button('getBridgeLogs'));
    const result = await screen.findByTestId('cmd-result');
    expect(within(result).getByTestId('state-done')).toHaveTextContent('Done');
    expect(within(result).getByTestId('shell-stdout')).toHaveTextContent('agent started connected');
    expect(bodyOf(callsTo(calls, gatewayCommandApi.getBridgeLogs.path)[0]!)).toEqual({ gatewayId: gw.gwID });
    // The result shows in the card that asked.
    expect(within(screen.getByTestId('cmd-group-logs')).getByTestId('cmd-result')).toBe(result);
  });

  it('shows the reverse tunnel with the ssh command that reaches the gateway', async () => {
    const calls = stubFetch({
      ...gatewayAnswers(),
      [gatewayCommandApi.queryRssh.path]: ok(
        commandRecordOf({
          cmdType: 'queryRssh',
          result: { running: true, host: 'relay.example.com', port: 22, user: 'tunnel', remotePort: 20001 },
        }),
      ),
    });
    open();
    fireEvent.click(await button('queryRssh'));
    expect(await screen.findByTestId('tunnel-state')).toHaveTextContent(
      'Tunnel up to tunnel@relay.example.com, port 22. On relay.example.com, ssh -p 20001 <gateway user>@localhost reaches the gateway.',
    );
    const call = callsTo(calls, gatewayCommandApi.queryRssh.path)[0]!;
    expect(call.init?.method).toBe('GET');
    expect(call.url.searchParams.get('gatewayId')).toBe(gw.gwID);
  });

  it('starts the tunnel with the fields given only; a bad user name is refused before sending', async () => {
    const calls = stubFetch({
      ...gatewayAnswers(),
      [gatewayCommandApi.startRssh.path]: ok(commandRecordOf({ cmdType: 'startRssh', result: { running: true } })),
    });
    open();
    const start = await button('startRssh');
    fireEvent.change(screen.getByTestId('rssh-user'), { target: { value: 'Root!' } });
    fireEvent.click(start);
    expect(
      await screen.findByText('Must be a Unix user name (lower-case letters, digits, _ and -)'),
    ).toBeInTheDocument();
    expect(callsTo(calls, gatewayCommandApi.startRssh.path)).toHaveLength(0);

    fireEvent.change(screen.getByTestId('rssh-user'), { target: { value: 'tunnel' } });
    fireEvent.change(screen.getByTestId('rssh-remotePort'), { target: { value: '20001' } });
    fireEvent.click(start);
    await waitFor(() => expect(callsTo(calls, gatewayCommandApi.startRssh.path)).toHaveLength(1));
    expect(bodyOf(callsTo(calls, gatewayCommandApi.startRssh.path)[0]!)).toEqual({
      gatewayId: gw.gwID,
      extra: { user: 'tunnel', remotePort: 20001 },
    });
  });

  it.each([
    [C.GATEWAY_OFFLINE, 'Gateway offline'],
    [C.GATEWAY_BUSY, 'Gateway busy'],
    [C.GATEWAY_TIMEOUT, 'The gateway did not answer in time'],
  ])('a refusal with code %i shows its words', async (code, words) => {
    stubFetch({ ...gatewayAnswers(), [gatewayCommandApi.syncSystemInfo.path]: refused(code, 'server words') });
    open();
    fireEvent.click(await button('syncSystemInfo'));
    const error = await screen.findByTestId('op-error');
    expect(error).toHaveTextContent(words);
    expect(error).not.toHaveTextContent('server words');
  });

  it('a failure on the gateway shows its own words and the output it left', async () => {
    const failed = commandRecordOf({
      cmdType: 'openSSH',
      state: 'error',
      error: 'exit code 1: dropbear: not installed',
      result: { code: 1, stdout: '', stderr: 'dropbear: not installed', truncated: false },
    });
    stubFetch({
      ...gatewayAnswers(),
      // As the server words it: "<code text>: (<the gateway's words>)", with the record as data.
      [gatewayCommandApi.openSSH.path]: refused(
        C.GATEWAY_ERROR,
        'gateway error: (exit code 1: dropbear: not installed)',
        failed,
      ),
    });
    open();
    fireEvent.click(await button('openSSH'));
    expect(await screen.findByTestId('op-error')).toHaveTextContent('Gateway error');
    expect(screen.getByTestId('op-error-gateway')).toHaveTextContent(
      'The gateway said: exit code 1: dropbear: not installed',
    );
    const result = screen.getByTestId('cmd-result');
    expect(await within(result).findByTestId('shell-stderr')).toHaveTextContent('dropbear: not installed');
    expect(within(result).getByTestId('state-error')).toHaveTextContent('Failed');
  });

  it('an offline or busy refusal left no record: only the words show', async () => {
    stubFetch({ ...gatewayAnswers(), [gatewayCommandApi.closeSSH.path]: refused(C.GATEWAY_BUSY) });
    open();
    fireEvent.click(await button('closeSSH'));
    await screen.findByTestId('op-error');
    expect(within(screen.getByTestId('cmd-result')).queryByTestId('state-error')).toBeNull();
  });

  it('reboots only after the confirm; the other buttons wait while it runs', async () => {
    const calls = stubFetch(gatewayAnswers());
    // The reboot's answer comes when the test says so.
    let answer: (r: Response) => void = () => {};
    const stubbed = globalThis.fetch;
    globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname !== gatewayCommandApi.reboot.path) return stubbed(input, init);
      calls.push({ url, init });
      return new Promise<Response>((r) => {
        answer = r;
      });
    }) as typeof fetch;
    open();
    fireEvent.click(await button('reboot'));
    expect(await screen.findByText(/Reboot roof\? It stops forwarding packets/)).toBeInTheDocument();
    expect(callsTo(calls, gatewayCommandApi.reboot.path)).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByTestId('confirm-ok')).toBeNull());
    expect(callsTo(calls, gatewayCommandApi.reboot.path)).toHaveLength(0);

    fireEvent.click(screen.getByTestId('cmd-reboot'));
    fireEvent.click(await screen.findByTestId('confirm-ok'));
    await waitFor(() => expect(callsTo(calls, gatewayCommandApi.reboot.path)).toHaveLength(1));
    expect(await screen.findByTestId('cmd-waiting')).toHaveTextContent('Reboot: waiting for the gateway');
    expect(screen.getByTestId('cmd-openSSH')).toBeDisabled();
    answer(
      new Response(
        JSON.stringify(ok(commandRecordOf({ cmdType: 'reboot', result: { code: 0, stdout: '', stderr: '' } }))),
      ),
    );
    expect(await screen.findByTestId('cmd-result')).toHaveTextContent('Reboot');
    await waitFor(() => expect(screen.getByTestId('cmd-openSSH')).toBeEnabled());
  });

  it('an offline gateway takes no command and says why', async () => {
    stubFetch(gatewayAnswers(false));
    open();
    expect(await screen.findByTestId('cmd-offline')).toHaveTextContent('The gateway is offline');
    expect(screen.getByTestId('cmd-reboot')).toBeDisabled();
    expect(screen.getByTestId('cmd-syncSystemInfo')).toBeDisabled();
  });
});
