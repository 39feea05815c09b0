import { agentUpgradeApi, debUpgradeApi, upgradeTaskApi } from '@lns/contract/api/upgrades';
import { C } from '@lns/contract/codes';
import { UPGRADE_TYPE } from '@lns/contract/upgrades';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, setupI18n, stubFetch } from '../../../test/render';
import { i18n } from '../../lib/i18n';
import { session } from '../../lib/session';
import { TaskFormDialog } from './components/TaskFormDialog';
import { list, ok, versionOf } from './testFixtures';

const agentArm = versionOf({ id: 21, versionName: 'agent-3.0.0', upgradeType: UPGRADE_TYPE.agent, arch: 'arm' });
const agentMips = versionOf({ id: 22, versionName: 'agent-3.0.0m', upgradeType: UPGRADE_TYPE.agent, arch: 'mipsle' });
const debV = versionOf({ id: 5, versionName: 'tools-1.0', upgradeType: UPGRADE_TYPE.deb });
const answers = {
  [agentUpgradeApi.listVersion.path]: list([agentArm, agentMips]),
  [debUpgradeApi.listVersion.path]: list([debV]),
  [upgradeTaskApi.listGatewayType.path]: ok([
    { gatewayType: 'rhf2s027', arch: 'arm', gateways: 3 },
    { gatewayType: 'rhf2s008', arch: 'mipsle', gateways: 1 },
    { gatewayType: 'rhf2s024', arch: 'arm', gateways: 0 },
  ]),
  [upgradeTaskApi.create.path]: ok({ taskId: 9 }),
};

const field = (testId: string) => screen.getByTestId(testId).closest('.MuiFormControl-root') as HTMLElement;
/** Picks an option of a select; a single choice waits for its menu to close. */
async function choose(label: RegExp, option: string | RegExp, multiple = false) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
  const listbox = await screen.findByRole('listbox');
  fireEvent.click(await within(listbox).findByRole('option', { name: option }));
  if (!multiple) await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
}
/** The gateway types offered now (the menu opened and closed again). */
async function offeredTypes() {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: /Gateway types/ }));
  const listbox = await screen.findByRole('listbox');
  const names = within(listbox)
    .getAllByRole('option')
    .map((o) => ({ name: o.textContent ?? '', disabled: o.getAttribute('aria-disabled') === 'true' }));
  await closeMenu();
  return names;
}
async function closeMenu() {
  fireEvent.keyDown(screen.getByRole('listbox'), { key: 'Escape' });
  await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
}
const created = (calls: ReturnType<typeof stubFetch>) =>
  calls.filter((c) => c.url.pathname === upgradeTaskApi.create.path);

describe('new upgrade task form', () => {
  beforeAll(async () => {
    await setupI18n('en-US');
    await i18n.loadNamespaces(['upgrades']);
  });
  beforeEach(() => session.signIn({ token: 'tok-1', name: 'root', userID: 1, admin: 1 }));

  it('a version names the task and sets the arch; only types of that arch are offered, with counts', async () => {
    const calls = stubFetch(answers);
    const onClose = vi.fn();
    renderWithProviders(<TaskFormDialog onClose={onClose} />);
    // Nothing to choose before the type.
    expect(await screen.findByRole('combobox', { name: /Version/ })).toHaveAttribute('aria-disabled', 'true');
    await choose(/Upgrade type/, 'Bridge');
    await choose(/Version/, 'agent-3.0.0 · arm');
    expect(screen.getByTestId('task-name')).toHaveValue('agent-3.0.0');
    expect(field('task-gatewayTypes')).toHaveTextContent("Only types of the version's architecture (arm) are offered");
    expect(await offeredTypes()).toEqual([
      { name: 'rhf2s027 · arm3 gateways', disabled: false },
      { name: 'rhf2s024 · arm0 gateways', disabled: true },
    ]);
    await choose(/Gateway types/, /rhf2s027/, true);
    await closeMenu();

    // Another version of another arch drops the types it does not have.
    await choose(/Version/, 'agent-3.0.0m · mipsle');
    expect(screen.getByTestId('task-name')).toHaveValue('agent-3.0.0m');
    expect(screen.getByTestId('task-gatewayTypes')).toHaveValue('');
    expect((await offeredTypes()).map((o) => o.name)).toEqual(['rhf2s008 · mipsle1 gateway']);
    await choose(/Gateway types/, /rhf2s008/, true);
    await closeMenu();

    fireEvent.change(screen.getByTestId('task-maxLimit'), { target: { value: '10' } });
    fireEvent.click(screen.getByTestId('task-save'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(JSON.parse(String(created(calls)[0]?.init?.body))).toEqual({
      name: 'agent-3.0.0m',
      gatewayTypes: ['rhf2s008'],
      upgradeType: UPGRADE_TYPE.agent,
      versionId: 22,
      maxLimit: 10,
    });
  });

  it('changing the upgrade type clears the form; deb offers every type', async () => {
    stubFetch(answers);
    renderWithProviders(<TaskFormDialog onClose={() => {}} />);
    await choose(/Upgrade type/, 'Bridge');
    await choose(/Version/, 'agent-3.0.0 · arm');
    fireEvent.change(screen.getByTestId('task-maxLimit'), { target: { value: '12' } });
    await choose(/Upgrade type/, 'Deb');
    expect(screen.getByTestId('task-name')).toHaveValue('');
    expect(screen.getByTestId('task-version')).toHaveValue('');
    expect(screen.getByTestId('task-maxLimit')).toHaveValue('5');
    expect((await offeredTypes()).map((o) => o.name)).toEqual([
      'rhf2s027 · arm3 gateways',
      'rhf2s008 · mipsle1 gateway',
      'rhf2s024 · arm0 gateways',
    ]);
    await choose(/Version/, 'tools-1.0');
    expect(screen.getByTestId('task-name')).toHaveValue('tools-1.0');
  });

  it('says what is missing before sending; a name taken lands on the name', async () => {
    const calls = stubFetch({
      ...answers,
      [upgradeTaskApi.create.path]: { code: C.FUOTA_TASK_EXISTS, msg: 'exists', field: 'name' },
    });
    renderWithProviders(<TaskFormDialog onClose={() => {}} />);
    fireEvent.click(await screen.findByTestId('task-save'));
    await waitFor(() => expect(field('task-upgradeType')).toHaveTextContent('Cannot be empty'));
    expect(field('task-version')).toHaveTextContent('Cannot be empty');
    expect(field('task-gatewayTypes')).toHaveTextContent('Choose at least one gateway type');
    expect(field('task-name')).toHaveTextContent('Task name cannot be empty');
    expect(created(calls)).toHaveLength(0);

    await choose(/Upgrade type/, 'Deb');
    await choose(/Version/, 'tools-1.0');
    await choose(/Gateway types/, /rhf2s008/, true);
    await closeMenu();
    fireEvent.click(screen.getByTestId('task-save'));
    await waitFor(() => expect(field('task-name')).toHaveTextContent('A task of this name already exists'));
    expect(created(calls)).toHaveLength(1);
  });
});
