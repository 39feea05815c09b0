import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderWithProviders, setupI18n, stubFetch } from '../../../../test/render';
import { i18n } from '../../../lib/i18n';
import { BatchUpdateDialog } from './BatchUpdateDialog';

const EUIS = ['70b3d50000000001', '70b3d50000000002'];
const ROUTES = {
  '/api/device/tags/list': { code: 0, data: { tags: [] } },
  '/api/device/updates': { code: 0, data: { updated: 2 } },
};

describe('device BatchUpdateDialog', () => {
  beforeAll(async () => {
    await setupI18n('en-US');
    await i18n.loadNamespaces(['devices']);
  });

  it('starts with nothing ticked and cannot save', async () => {
    stubFetch(ROUTES);
    renderWithProviders(<BatchUpdateDialog appID={7} devEUIs={EUIS} onClose={() => {}} />);
    expect(await screen.findByTestId('batch-update-hint')).toHaveTextContent('Only what you tick is changed');
    expect(screen.getByTestId('batch-set-tags').querySelector('input')).not.toBeChecked();
    expect(screen.getByTestId('batch-update-save')).toBeDisabled();
  });

  it('a remark alone sends only the remark: the devices keep their tags', async () => {
    const calls = stubFetch(ROUTES);
    renderWithProviders(<BatchUpdateDialog appID={7} devEUIs={EUIS} onClose={() => {}} />);
    fireEvent.click(await screen.findByTestId('batch-set-remarks'));
    fireEvent.change(screen.getByTestId('batch-remarks'), { target: { value: 'up high' } });
    fireEvent.click(screen.getByTestId('batch-update-save'));
    await waitFor(() => expect(calls.some((c) => c.url.pathname === '/api/device/updates')).toBe(true));
    const sent = calls.find((c) => c.url.pathname === '/api/device/updates');
    expect(JSON.parse(String(sent?.init?.body))).toEqual({ appID: 7, devEUIs: EUIS, remarks: 'up high' });
  });
});
