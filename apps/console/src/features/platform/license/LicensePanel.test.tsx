import { licenseApi } from '@lns/contract/api/license';
import { C } from '@lns/contract/codes';
import type { LicenseStatus } from '@lns/contract/license';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { renderWithProviders, setupI18n, stubFetch } from '../../../../test/render';
import { i18n } from '../../../lib/i18n';
import { session } from '../../../lib/session';
import LicensePanel from './LicensePanel';

const status = (over: Partial<LicenseStatus> = {}): LicenseStatus => ({
  mode: 'licensed',
  state: 'none',
  problem: null,
  licensee: null,
  nwID: null,
  quotas: null,
  issuedAt: null,
  expiresAt: null,
  netID: '00001a',
  usage: { devices: 120, gateways: 3 },
  tokenSet: false,
  ...over,
});
const valid = status({
  state: 'valid',
  licensee: 'ACME Networks',
  nwID: '00001a',
  quotas: { devices: 1000, gateways: 4 },
  issuedAt: Date.UTC(2026, 0, 1),
  expiresAt: Date.UTC(2028, 0, 1),
  tokenSet: true,
});
const LICENSE = 'LNS1.eyJ2IjoxfQ.c2ln';
const TOKEN = 'audit-token-0123456789';

const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });
const helper = (testId: string) =>
  screen.getByTestId(testId).closest('.MuiFormControl-root')?.querySelector('.MuiFormHelperText-root')?.textContent;

describe('license panel', () => {
  beforeAll(async () => {
    await setupI18n('en-US');
    await i18n.loadNamespaces(['license']);
  });
  beforeEach(() => session.signIn({ token: 'tok-1', name: 'root', userID: 1, admin: 1 }));

  it('installs a license with its token: the exact body, then the state the answer carries', async () => {
    const calls = stubFetch({
      [licenseApi.status.path]: { code: 0, data: status() },
      [licenseApi.update.path]: { code: 0, data: valid },
    });
    renderWithProviders(<LicensePanel />);
    expect(await screen.findByTestId('license-state')).toHaveTextContent('No license');
    expect(screen.getByTestId('license-alert')).toHaveTextContent('No license is installed');
    expect(screen.getByTestId('license-devices')).toHaveTextContent('120 in use');
    expect(screen.getByTestId('license-token-state')).toHaveTextContent('Not set');

    type('license-text', ` ${LICENSE}\n`);
    type('license-token', TOKEN);
    fireEvent.click(screen.getByTestId('license-save'));
    await waitFor(() => expect(screen.getByTestId('license-state')).toHaveTextContent('Valid'));
    const sent = calls.filter((c) => c.url.pathname === licenseApi.update.path);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.init?.method).toBe('POST');
    expect(JSON.parse(String(sent[0]!.init?.body))).toEqual({ license: LICENSE, token: TOKEN });

    expect(screen.getByTestId('license-licensee')).toHaveTextContent('ACME Networks');
    expect(screen.getByTestId('license-nwid')).toHaveTextContent('00001a');
    expect(screen.getByTestId('license-devices')).toHaveTextContent('120 / 1000');
    expect(screen.getByTestId('license-gateways')).toHaveTextContent('3 / 4');
    expect(screen.getByRole('progressbar', { name: 'Gateways in use against the license' })).toHaveAttribute(
      'aria-valuenow',
      '75',
    );
    expect(screen.getByTestId('license-token-state')).toHaveTextContent('Set');
    expect(screen.queryByTestId('license-alert')).toBeNull();
    // The token is write-only: the fields are empty again.
    expect(screen.getByTestId('license-token')).toHaveValue('');
    expect(screen.getByTestId('license-text')).toHaveValue('');
  });

  it('wants both fields (the token of 16 characters) before it sends anything', async () => {
    const calls = stubFetch({ [licenseApi.status.path]: { code: 0, data: status() } });
    renderWithProviders(<LicensePanel />);
    fireEvent.click(await screen.findByTestId('license-save'));
    await waitFor(() => expect(helper('license-text')).toBe('License cannot be empty'));
    expect(helper('license-token')).toBe('Token cannot be empty');
    type('license-text', LICENSE);
    type('license-token', 'short');
    await waitFor(() => expect(helper('license-token')).toBe('The token is at least 16 characters'));
    expect(calls.some((c) => c.url.pathname === licenseApi.update.path)).toBe(false);
  });

  it('shows a refused license on its field', async () => {
    stubFetch({
      [licenseApi.status.path]: { code: 0, data: status() },
      [licenseApi.update.path]: { code: C.LICENSE_EXPIRED, msg: 'licence expired', field: 'license' },
    });
    renderWithProviders(<LicensePanel />);
    await screen.findByTestId('license-text');
    type('license-text', LICENSE);
    type('license-token', TOKEN);
    fireEvent.click(screen.getByTestId('license-save'));
    await waitFor(() => expect(helper('license-text')).toBe('This license has expired'));
  });

  it('says why a stored license does not hold', async () => {
    stubFetch({
      [licenseApi.status.path]: {
        code: 0,
        data: status({ ...valid, state: 'invalid', problem: 'network', nwID: '000013' }),
      },
    });
    renderWithProviders(<LicensePanel />);
    expect(await screen.findByTestId('license-alert')).toHaveTextContent(
      "It is for NetID 000013, this server's NetID is 00001a.",
    );
    // Quotas of a license that does not hold are not counted against.
    expect(screen.getByTestId('license-gateways')).toHaveTextContent('3 in use');
  });

  it('without a public key: the platform is unlimited and the form is off', async () => {
    stubFetch({ [licenseApi.status.path]: { code: 0, data: status({ mode: 'unlimited' }) } });
    renderWithProviders(<LicensePanel />);
    expect(await screen.findByTestId('license-unlimited')).toHaveTextContent(
      'No public key is configured (LICENSE_PUBLIC_KEY): the platform is unlimited',
    );
    expect(screen.queryByTestId('license-state')).toBeNull();
    expect(screen.getByTestId('license-save')).toBeDisabled();
    expect(screen.getByTestId('license-text')).toBeDisabled();
  });
});
