import { C } from '@lns/contract/codes';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { listEnvelope, mcGroupRow } from '../../../../test/fuota';
import { renderWithProviders, setupI18n, stubFetch } from '../../../../test/render';
import { stubUpload } from '../../../../test/xhr';
import { i18n } from '../../../lib/i18n';
import { session } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { FuotaFormDialog } from './FuotaFormDialog';

// A loaded machine (the whole suite in parallel) can take seconds to render a page.

const DIGEST = 'cd'.repeat(32);
const stored = (size: number) => ({ fileUrl: `/api/file/${DIGEST}`, fileName: 'lamp.bin', size, digest: DIGEST });

/** An image with the LFW1 header: replaces 1.2.3, installs 1.3.0. */
const withHeader = Uint8Array.from([
  0x4c,
  0x46,
  0x57,
  0x31,
  1,
  2,
  3,
  0,
  1,
  3,
  0,
  0,
  0,
  0,
  0,
  0,
  ...new Array(200).fill(7),
]);
const plain = Uint8Array.from(new Array(120).fill(9));

const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });
const chooseFile = (bytes: Uint8Array<ArrayBuffer>, name = 'lamp.bin') =>
  fireEvent.change(screen.getByTestId('fuota-file-input'), { target: { files: [new File([bytes], name)] } });
async function chooseGroup() {
  type('fuota-mcEUI', 'Lig');
  fireEvent.click(await screen.findByRole('option', { name: /Lights/ }));
}
const created = (calls: ReturnType<typeof stubFetch>) => calls.filter((c) => c.url.pathname === '/api/fuota/create');

describe('FuotaFormDialog', () => {
  beforeAll(async () => {
    await setupI18n('en-US');
    await i18n.loadNamespaces(['fuota']);
  });
  beforeEach(() => {
    toast.clear();
    session.signIn({ token: 'tok-1', name: 'root', userID: 1, admin: 1 });
  });

  it('sends exactly the task the form shows, versions read from the image header', async () => {
    const calls = stubFetch({
      '/api/mcgroup/list': listEnvelope([mcGroupRow(), mcGroupRow({ mcEUI: 'aa00000000000002', mcName: 'Meters' })]),
      '/api/fuota/create': { code: 0, data: { fdID: 9 } },
    });
    const sent = stubUpload(() => ({ body: { code: 0, data: stored(withHeader.length) } }));
    const onClose = vi.fn();
    renderWithProviders(<FuotaFormDialog onClose={onClose} />);
    await chooseGroup();
    chooseFile(withHeader);
    expect(await screen.findByText('lamp.bin')).toBeInTheDocument();
    expect(screen.getByTestId('fuota-oldVersion')).toHaveValue('1.2.3');
    expect(screen.getByTestId('fuota-newVersion')).toHaveValue('1.3.0');
    expect(screen.getAllByText('Read from the firmware header')).toHaveLength(2);
    // The name starts from the file's; the redundancy from its default.
    expect(screen.getByTestId('fuota-firmwareName')).toHaveValue('lamp');
    expect(screen.getByTestId('fuota-redundancyPercent')).toHaveValue('30');
    type('fuota-firmwareName', 'Lamp firmware');
    fireEvent.click(screen.getByTestId('fuota-save'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent).toHaveLength(1);
    expect(JSON.parse(String(created(calls)[0]?.init?.body))).toEqual({
      mcEUI: 'aa00000000000001',
      firmwareName: 'Lamp firmware',
      redundancyPercent: 30,
      fileUrl: `/api/file/${DIGEST}`,
      oldVersion: '1.2.3',
      newVersion: '1.3.0',
    });
    expect(toast.current).toMatchObject({ kind: 'success', message: 'Created' });
  });

  it('without a header the versions are typed, and left out when empty', async () => {
    const calls = stubFetch({
      '/api/mcgroup/list': listEnvelope([mcGroupRow()]),
      '/api/fuota/create': { code: 0, data: { fdID: 9 } },
    });
    stubUpload(() => ({ status: 409, body: { code: C.FILE_EXISTS, msg: 'file exists', data: stored(plain.length) } }));
    const onClose = vi.fn();
    renderWithProviders(<FuotaFormDialog onClose={onClose} />);
    await chooseGroup();
    chooseFile(plain, 'meter.bin');
    expect(await screen.findByText('meter.bin')).toBeInTheDocument();
    expect(screen.getByTestId('fuota-oldVersion')).toHaveValue('');
    type('fuota-redundancyPercent', '50');
    fireEvent.click(screen.getByTestId('fuota-save'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(JSON.parse(String(created(calls)[0]?.init?.body))).toEqual({
      mcEUI: 'aa00000000000001',
      firmwareName: 'meter',
      redundancyPercent: 50,
      fileUrl: `/api/file/${DIGEST}`,
    });
  });

  it('refuses a redundancy out of 1~100 on its field, and an empty form, before sending', async () => {
    const calls = stubFetch({ '/api/mcgroup/list': listEnvelope([mcGroupRow()]) });
    renderWithProviders(<FuotaFormDialog onClose={() => {}} />);
    await screen.findByTestId('fuota-mcEUI');
    type('fuota-redundancyPercent', '0');
    fireEvent.click(screen.getByTestId('fuota-save'));
    const field = () => screen.getByTestId('fuota-redundancyPercent').closest('.MuiFormControl-root') as HTMLElement;
    await waitFor(() => expect(field()).toHaveTextContent('Please enter 1~100'));
    for (const text of ['McEUI cannot be empty', 'Firmware name cannot be empty', 'Please choose a firmware file'])
      expect(screen.getByText(text)).toBeInTheDocument();
    type('fuota-redundancyPercent', '101');
    await waitFor(() => expect(field()).toHaveTextContent('Please enter 1~100'));
    type('fuota-redundancyPercent', '100');
    await waitFor(() => expect(field()).not.toHaveTextContent('Please enter 1~100'));
    expect(created(calls)).toHaveLength(0);
  });

  it('a firmware file over 65536 bytes is refused; a running task of the group lands on the group', async () => {
    const calls = stubFetch({
      '/api/mcgroup/list': listEnvelope([mcGroupRow()]),
      '/api/fuota/create': { code: C.FUOTA_TASK_EXISTS, msg: 'firmware upgrade task exists', field: 'mcEUI' },
    });
    const sent = stubUpload(() => ({ body: { code: 0, data: stored(withHeader.length) } }));
    renderWithProviders(<FuotaFormDialog onClose={() => {}} />);
    await chooseGroup();
    chooseFile(new Uint8Array(65_537), 'huge.bin');
    expect(await screen.findByTestId('fuota-file-problem')).toHaveTextContent(
      'Please upload a firmware file of 65536 bytes or less',
    );
    expect(sent).toHaveLength(0);
    chooseFile(withHeader);
    expect(await screen.findByText('lamp.bin')).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('fuota-save'));
    const group = () => screen.getByTestId('fuota-mcEUI').closest('.MuiFormControl-root') as HTMLElement;
    await waitFor(() => expect(group()).toHaveTextContent('Firmware upgrade task already exists'));
    expect(created(calls)).toHaveLength(1);
  });
});
