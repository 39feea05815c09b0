import { relayDeviceApi } from '@lns/contract/api/relay';
import { LADTP_CONFIG_DEFAULTS } from '@lns/contract/relay';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { none, requestRow } from '../../../test/relay';
import { renderWithProviders, setupI18n, stubFetch } from '../../../test/render';
import { i18n } from '../../lib/i18n';
import LadtpConfig from './pages/LadtpConfig';

const LADTP_EUI = '70b3d50000000c01';

const helperOf = (testId: string) => {
  const input = screen.getByTestId(testId);
  const text = document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent ?? '';
  return text.replace(/\u200b/g, '').trim();
};

function open(config: Record<string, unknown> | null) {
  const calls = stubFetch({
    [relayDeviceApi.configGet.path]: (init) =>
      init?.method === 'POST'
        ? { code: 0, data: requestRow({ devEUI: LADTP_EUI, kind: 'configSet' }) }
        : { code: 0, data: { productType: 'rhf3m485', config, pending: null } },
    [relayDeviceApi.configInfo.path]: none,
  });
  renderWithProviders(<LadtpConfig />, { route: `/x?devEUI=${LADTP_EUI}` });
  return calls;
}
const posted = (calls: ReturnType<typeof stubFetch>) =>
  calls.filter((c) => c.url.pathname === relayDeviceApi.configGet.path && c.init?.method === 'POST');

describe('ladtp configuration form', () => {
  beforeAll(async () => {
    await setupI18n('en-US');
    await i18n.loadNamespaces(['relay']);
  });

  it('starts from the defaults before the device confirmed any, and sends them', { timeout: 20_000 }, async () => {
    const calls = open(null);
    await screen.findByTestId('ladtp-config-form');
    expect(screen.getByTestId('ladtp-period')).toHaveValue(String(LADTP_CONFIG_DEFAULTS.period));
    expect(screen.getByTestId('ladtp-baudrate')).toHaveValue(String(LADTP_CONFIG_DEFAULTS.baudrate));
    fireEvent.click(screen.getByTestId('cfg-send'));
    await waitFor(() => expect(posted(calls)).toHaveLength(1));
    expect(JSON.parse(String(posted(calls)[0]!.init!.body))).toEqual({
      devEUI: LADTP_EUI,
      config: LADTP_CONFIG_DEFAULTS,
    });
  });

  it('names the period out of 1–65535 minutes and sends nothing', { timeout: 20_000 }, async () => {
    const calls = open(null);
    await screen.findByTestId('ladtp-config-form');
    fireEvent.change(screen.getByTestId('ladtp-period'), { target: { value: '65536' } });
    fireEvent.click(screen.getByTestId('cfg-send'));
    await waitFor(() => expect(helperOf('ladtp-period')).toBe('Heartbeat period is 1 to 65535 minutes'));
    fireEvent.change(screen.getByTestId('ladtp-period'), { target: { value: '0' } });
    await waitFor(() => expect(helperOf('ladtp-period')).toBe('Heartbeat period is 1 to 65535 minutes'));
    expect(posted(calls)).toHaveLength(0);
  });

  it('shows the configuration in effect, a timeout outside the offered choices included', {
    timeout: 20_000,
  }, async () => {
    open({ ...LADTP_CONFIG_DEFAULTS, period: 30, parity: 2, timeout: 40, isSubPacket: true });
    const effect = await screen.findByTestId('config-in-effect');
    await waitFor(() => expect(effect).toHaveTextContent('30 min'));
    expect(effect).toHaveTextContent('Even');
    expect(effect).toHaveTextContent('40 seconds');
    expect(await screen.findByTestId('ladtp-timeout')).toHaveValue('40');
  });
});
