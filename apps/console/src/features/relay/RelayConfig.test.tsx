import { relayDeviceApi } from '@lns/contract/api/relay';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { none, RELAY_EUI, requestRow } from '../../../test/relay';
import { renderWithProviders, setupI18n, stubFetch } from '../../../test/render';
import { i18n } from '../../lib/i18n';
import RelayConfig from './pages/RelayConfig';

const VALID = {
  joinDelayMin: '1000',
  joinDelayMax: '5000',
  joinDelaySteps: '4',
  hbDelayMin: '1000',
  hbDelayMax: '2000',
  hbDelaySteps: '6',
  checkNetDelayMin: '100',
  checkNetDelayMax: '200',
  checkNetDelaySteps: '3',
  checkNetDelayNackMax: '5',
  checkNetDelayTimeout: '2',
};

/** The text under a field (its error or hint; MUI keeps the line with a zero-width space). */
const helperOf = (testId: string) => {
  const input = screen.getByTestId(testId);
  const text = document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent ?? '';
  return text.replace(/\u200b/g, '').trim();
};

function open(pending: ReturnType<typeof requestRow> | null = null) {
  const calls = stubFetch({
    [relayDeviceApi.configGet.path]: (init) =>
      init?.method === 'POST'
        ? { code: 0, data: requestRow({ id: 7, kind: 'configSet', body: JSON.parse(String(init.body)) }) }
        : { code: 0, data: { productType: 'rhf3mr01', config: null, modes: null, pending } },
    [relayDeviceApi.configInfo.path]: none,
  });
  renderWithProviders(<RelayConfig />, { route: `/x?devEUI=${RELAY_EUI}&appID=1` });
  return calls;
}

const fill = (values: Record<string, string>) => {
  for (const [k, v] of Object.entries(values))
    fireEvent.change(screen.getByTestId(`cfg-${k}`), { target: { value: v } });
};
const posted = (calls: ReturnType<typeof stubFetch>) =>
  calls.filter((c) => c.url.pathname === relayDeviceApi.configGet.path && c.init?.method === 'POST');

describe('relay configuration form', () => {
  beforeAll(async () => {
    await setupI18n('en-US');
    await i18n.loadNamespaces(['relay']);
  });

  it('names the field out of range with the contract’s message (1–255, 1–4294967295) and sends nothing', {
    timeout: 20_000,
  }, async () => {
    const calls = open();
    await screen.findByTestId('relay-config-form');
    fill({ ...VALID, joinDelaySteps: '256', hbDelayMin: '4294967296' });
    fireEvent.click(screen.getByTestId('cfg-send'));
    await waitFor(() => expect(helperOf('cfg-joinDelaySteps')).toBe('Please enter an integer from 1 to 255'));
    expect(helperOf('cfg-hbDelayMin')).toBe('Please enter an integer from 1 to 4294967295');
    // The fields in range say nothing.
    expect(helperOf('cfg-joinDelayMin')).toBe('');
    expect(posted(calls)).toHaveLength(0);
  });

  it('wants each Max above its Min, on the Max field', { timeout: 20_000 }, async () => {
    const calls = open();
    await screen.findByTestId('relay-config-form');
    fill({ ...VALID, hbDelayMin: '2000', hbDelayMax: '2000', checkNetDelayMax: '99' });
    fireEvent.click(screen.getByTestId('cfg-send'));
    await waitFor(() => expect(helperOf('cfg-hbDelayMax')).toBe('The maximum must be greater than the minimum'));
    expect(helperOf('cfg-checkNetDelayMax')).toBe('The maximum must be greater than the minimum');
    expect(helperOf('cfg-joinDelayMax')).toBe('');
    expect(posted(calls)).toHaveLength(0);
  });

  it('shows a Max below its Min while another field is still blank', { timeout: 20_000 }, async () => {
    const calls = open();
    await screen.findByTestId('relay-config-form');
    fill({ ...VALID, joinDelayMax: '999', checkNetDelayTimeout: '' });
    fireEvent.click(screen.getByTestId('cfg-send'));
    await waitFor(() => expect(helperOf('cfg-joinDelayMax')).toBe('The maximum must be greater than the minimum'));
    expect(helperOf('cfg-checkNetDelayTimeout')).toBe('Please enter an integer from 1 to 255');
    expect(posted(calls)).toHaveLength(0);
  });

  it('sends numbers and the modes, then says it is pending until the relay confirms', { timeout: 20_000 }, async () => {
    const calls = open();
    await screen.findByTestId('relay-config-form');
    fill(VALID);
    fireEvent.click(screen.getByTestId('cfg-send'));
    await waitFor(() => expect(posted(calls)).toHaveLength(1));
    expect(JSON.parse(String(posted(calls)[0]!.init!.body))).toEqual({
      devEUI: RELAY_EUI,
      config: Object.fromEntries(Object.entries(VALID).map(([k, v]) => [k, Number(v)])),
      workMode: 1,
      backwardMode: 1,
    });
  });

  it('shows the waiting request and that nothing is confirmed yet', { timeout: 20_000 }, async () => {
    open(requestRow({ kind: 'configSet', state: 'sent', attempts: 2 }));
    expect(await screen.findByTestId('config-pending')).toHaveTextContent(
      'in effect once the device confirms it (2 attempts)',
    );
    expect(screen.getByTestId('request-sent')).toHaveTextContent('Sent, waiting');
    expect(screen.getByTestId('config-in-effect')).toHaveTextContent(
      'The device has not confirmed a configuration yet',
    );
  });
});
