import { debUpgradeApi, packetForwarderUpgradeApi, upgradeRecordApi } from '@lns/contract/api/upgrades';
import { C } from '@lns/contract/codes';
import { fileUrlOf } from '@lns/contract/files';
import { UPGRADE_TYPE } from '@lns/contract/upgrades';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { renderWithProviders, setupI18n, stubFetch } from '../../../test/render';
import { stubUpload } from '../../../test/xhr';
import { REARM_MS } from '../../components/DeleteDialog';
import { formatTime } from '../../lib/format';
import { i18n } from '../../lib/i18n';
import { session } from '../../lib/session';
import { toast } from '../../lib/toast';
import DebVersions from './pages/DebVersions';
import PacketForwarderVersions from './pages/PacketForwarderVersions';
import { list, ok, recordOf, versionOf } from './testFixtures';

const DIGEST = 'cd'.repeat(32);
const stored = (fileName: string) => ({ fileUrl: fileUrlOf(DIGEST), fileName, size: 120, digest: DIGEST });
const deb = versionOf();
const used = versionOf({
  id: 2,
  versionName: 'bridge-1.1.0',
  fileName: 'bridge_1.1.0.deb',
  size: 900,
  restartAfterInstall: true,
});
const chooseFile = (name: string) =>
  fireEvent.change(screen.getByTestId('version-file-input'), {
    target: { files: [new File([new Uint8Array(120).fill(1)], name)] },
  });
const bodyOf = (calls: ReturnType<typeof stubFetch>, path: string) =>
  JSON.parse(String(calls.findLast((c) => c.url.pathname === path)?.init?.body));
const slide = async () => {
  await act(() => new Promise((r) => setTimeout(r, REARM_MS + 50)));
  const handle = screen.getByTestId('slide-verify-handle');
  fireEvent.pointerDown(handle, { clientX: 0, pointerId: 1 });
  fireEvent.pointerMove(handle, { clientX: 150, pointerId: 1 });
  fireEvent.pointerMove(handle, { clientX: 400, pointerId: 1 });
  fireEvent.pointerUp(handle, { clientX: 400, pointerId: 1 });
};

describe('version pages', () => {
  beforeAll(async () => {
    await setupI18n('en-US');
    await i18n.loadNamespaces(['upgrades']);
  });
  beforeEach(() => {
    toast.clear();
    session.signIn({ token: 'tok-1', name: 'root', userID: 1, admin: 1 });
  });

  it('lists deb versions: name, file and size, restart after install, created', async () => {
    stubFetch({ [debUpgradeApi.listVersion.path]: list([deb, used]) });
    renderWithProviders(<DebVersions />, { route: '/gateway/version/deb' });
    const table = await screen.findByTestId('versions-table');
    expect(await within(table).findByText('bridge-1.2.0')).toBeInTheDocument();
    expect(within(table).getByText('bridge_1.2.0_armhf.deb')).toBeInTheDocument();
    expect(within(table).getByText('240.0 KB')).toBeInTheDocument();
    expect(within(table).getByText('900 B')).toBeInTheDocument();
    expect(within(table).getByText('No restart')).toBeInTheDocument();
    expect(within(table).getByText('Restart')).toBeInTheDocument();
    expect(within(table).getAllByText(formatTime(deb.createdAt))).toHaveLength(2);
  });

  it('a deb version takes only a .deb file, refused before any upload; then sends name, file, restart', async () => {
    const calls = stubFetch({
      [debUpgradeApi.listVersion.path]: list([]),
      [debUpgradeApi.createNewVersion.path]: ok({ id: 3 }),
    });
    const sent = stubUpload((form) => ({ body: ok(stored((form.get('file') as File).name)) }));
    renderWithProviders(<DebVersions />, { route: '/gateway/version/deb' });
    fireEvent.click(await screen.findByTestId('version-add'));
    expect(await screen.findByText('New Deb version')).toBeInTheDocument();
    expect(screen.getByTestId('version-file-input')).toHaveAttribute('accept', '.deb');

    chooseFile('bridge.ipk');
    expect(await screen.findByTestId('version-file-problem')).toHaveTextContent('A deb version needs a .deb file');
    expect(sent).toHaveLength(0);

    // Nothing is sent while the form lacks the name and the file.
    fireEvent.click(screen.getByTestId('version-save'));
    expect(await screen.findByText('Version name cannot be empty')).toBeInTheDocument();

    chooseFile('bridge_1.3.0.deb');
    expect(await screen.findByText('bridge_1.3.0.deb')).toBeInTheDocument();
    expect(sent).toHaveLength(1);
    fireEvent.change(screen.getByTestId('version-name'), { target: { value: 'bridge-1.3.0' } });
    fireEvent.click(screen.getByTestId('version-restart'));
    fireEvent.click(screen.getByTestId('version-save'));
    await waitFor(() => expect(toast.current).toMatchObject({ kind: 'success', message: 'Created' }));
    expect(bodyOf(calls, debUpgradeApi.createNewVersion.path)).toEqual({
      name: 'bridge-1.3.0',
      fileUrl: fileUrlOf(DIGEST),
      restartAfterInstall: true,
    });
  });

  it('a packet-forwarder version has an arch instead; a name taken is shown on its field', async () => {
    const calls = stubFetch({
      [packetForwarderUpgradeApi.listVersion.path]: list([]),
      [packetForwarderUpgradeApi.createNewVersion.path]: { code: C.PKTFWD_EXISTS, msg: 'pktfwd exists', field: 'name' },
    });
    stubUpload((form) => ({ body: ok(stored((form.get('file') as File).name)) }));
    renderWithProviders(<PacketForwarderVersions />, { route: '/gateway/version/packet-forwarder' });
    fireEvent.click(await screen.findByTestId('version-add'));
    expect(screen.queryByTestId('version-restart')).toBeNull();
    expect(screen.getByTestId('version-file-input')).not.toHaveAttribute('accept');
    chooseFile('lora_pkt_fwd');
    expect(await screen.findByText('lora_pkt_fwd')).toBeInTheDocument();
    fireEvent.change(screen.getByTestId('version-name'), { target: { value: 'pf-2.1.0' } });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: /Architecture/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'mipsle' }));
    fireEvent.click(screen.getByTestId('version-save'));
    const name = () => screen.getByTestId('version-name').closest('.MuiFormControl-root') as HTMLElement;
    await waitFor(() => expect(name()).toHaveTextContent('A version of this name already exists'));
    expect(bodyOf(calls, packetForwarderUpgradeApi.createNewVersion.path)).toEqual({
      name: 'pf-2.1.0',
      fileUrl: fileUrlOf(DIGEST),
      arch: 'mipsle',
    });
  });

  it('deletes each version on its own: one a running task uses stays, in the words of 8101', async () => {
    const calls = stubFetch({
      [debUpgradeApi.listVersion.path]: list([deb, used]),
      [debUpgradeApi.deleteVersion.path]: (init) =>
        JSON.parse(String(init?.body)).versionId === used.id
          ? { code: C.VERSION_IN_USE, msg: 'version used by an upgrade task that is not over' }
          : { code: 0 },
    });
    renderWithProviders(<DebVersions />, { route: '/gateway/version/deb' });
    await screen.findByText('bridge-1.1.0');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all' }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await slide();
    fireEvent.click(screen.getByTestId('delete-confirm'));
    expect(await screen.findByTestId('delete-deleted')).toHaveTextContent('bridge-1.2.0');
    const failed = screen.getByTestId('delete-failed');
    expect(failed).toHaveTextContent('bridge-1.1.0');
    expect(failed).toHaveTextContent('Version used by an upgrade task that is not over');
    expect(calls.filter((c) => c.url.pathname === debUpgradeApi.deleteVersion.path)).toHaveLength(2);
  });

  it('a version opens its upgrade records', async () => {
    const calls = stubFetch({
      [debUpgradeApi.listVersion.path]: list([deb]),
      [upgradeRecordApi.listByVersionId.path]: list([
        recordOf({ upgradeType: UPGRADE_TYPE.deb, version: 'bridge-1.2.0', state: 'completed' }),
      ]),
    });
    renderWithProviders(<DebVersions />, { route: '/gateway/version/deb' });
    fireEvent.click(await screen.findByRole('button', { name: 'Records bridge-1.2.0' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Upgrade records of bridge-1.2.0')).toBeInTheDocument();
    expect(await within(dialog).findByText('pf-2.0.3 → bridge-1.2.0')).toBeInTheDocument();
    expect(within(dialog).getByTestId('record-state-completed')).toHaveTextContent('Completed');
    const q = calls.find((c) => c.url.pathname === upgradeRecordApi.listByVersionId.path)!.url.searchParams;
    expect(q.get('versionId')).toBe('1');
    expect(q.get('upgradeType')).toBe(String(UPGRADE_TYPE.deb));
  });
});
