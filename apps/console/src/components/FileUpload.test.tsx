import { createHash } from 'node:crypto';
import { fileApi } from '@lns/contract/api/files';
import { C } from '@lns/contract/codes';
import { fileUrlOf } from '@lns/contract/files';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, setupI18n } from '../../test/render';
import { stubUpload } from '../../test/xhr';
import { session } from '../lib/session';
import { toast } from '../lib/toast';
import { FileUpload, type UploadedFile } from './FileUpload';

// A loaded machine (the whole suite in parallel) can take seconds to render a page.

const bytes = Uint8Array.from({ length: 300 }, (_, i) => i % 251);
const file = (name = 'fw.bin', content: Uint8Array<ArrayBuffer> = bytes) => new File([content], name);
const digest = createHash('sha256').update(bytes).digest('hex');
const stored = { fileUrl: fileUrlOf(digest), fileName: 'fw.bin', size: bytes.length, digest };

function renderWidget(props: Partial<Parameters<typeof FileUpload>[0]> = {}) {
  const onUploaded = vi.fn<(r: UploadedFile) => void>();
  const onRead = vi.fn();
  renderWithProviders(
    <FileUpload value={null} onUploaded={onUploaded} onRemove={() => {}} onRead={onRead} {...props} />,
  );
  return { onUploaded, onRead };
}
const choose = (f: File) => fireEvent.change(screen.getByTestId('upload-input'), { target: { files: [f] } });

describe('FileUpload', () => {
  beforeAll(() => setupI18n());
  beforeEach(() => {
    toast.clear();
    session.signIn({ token: 'tok-1', name: 'root', userID: 1, admin: 1 });
  });

  it('refuses a file over the limit before reading or sending it, in the words it is given', async () => {
    const sent = stubUpload(() => ({ body: { code: 0, data: stored } }));
    const { onRead, onUploaded } = renderWidget({
      maxBytes: 100,
      tooLargeText: () => 'Please upload a firmware file of 65536 bytes or less',
    });
    choose(file());
    expect(await screen.findByTestId('upload-problem')).toHaveTextContent(
      'Please upload a firmware file of 65536 bytes or less',
    );
    expect(toast.current).toMatchObject({ kind: 'warning' });
    expect(sent).toHaveLength(0);
    expect(onRead).not.toHaveBeenCalled();
    expect(onUploaded).not.toHaveBeenCalled();
  });

  it('refuses a file the form rule refuses before reading or sending it', async () => {
    const sent = stubUpload(() => ({ body: { code: 0, data: stored } }));
    const { onRead } = renderWidget({ refuse: (f) => (f.name.endsWith('.deb') ? undefined : 'A .deb file, please') });
    choose(file('fw.bin'));
    expect(await screen.findByTestId('upload-problem')).toHaveTextContent('A .deb file, please');
    expect(toast.current).toMatchObject({ kind: 'warning' });
    expect(sent).toHaveLength(0);
    expect(onRead).not.toHaveBeenCalled();
    choose(file('fw.deb'));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(screen.queryByTestId('upload-problem')).toBeNull();
  });

  it('names the file and the limit in M by default', async () => {
    stubUpload(() => ({ body: { code: 0, data: stored } }));
    renderWidget({ maxBytes: 1024 * 1024 });
    expect(screen.getByText('At most 1M')).toBeInTheDocument();
    choose(file('big.bin', new Uint8Array(1024 * 1024 + 1)));
    expect(await screen.findByTestId('upload-problem')).toHaveTextContent(
      'big.bin is too large: files of at most 1M are accepted',
    );
  });

  it('sends the SHA-256 digest before the file with the token, shows progress, hides it 500 ms after the end', async () => {
    const sent = stubUpload(() => ({ body: { code: 0, data: stored } }));
    const { onUploaded, onRead } = renderWidget();
    let doneAt = 0;
    onUploaded.mockImplementation(() => {
      doneAt = performance.now();
    });
    choose(file());
    const overlay = await screen.findByTestId('upload-progress');
    await waitFor(() => expect(overlay).toHaveAttribute('data-progress', '50'));
    await waitFor(() => expect(onUploaded).toHaveBeenCalledOnce());
    expect(onUploaded.mock.calls[0]![0]).toMatchObject({ stored, existed: false });
    expect(onRead.mock.calls[0]![1]).toEqual(bytes);
    expect(sent).toHaveLength(1);
    const { form, url, headers } = sent[0]!;
    expect(url).toBe(fileApi.upload.path);
    expect(headers['x-access-token']).toBe('tok-1');
    expect([...form.keys()]).toEqual(['digest', 'file']);
    expect(form.get('digest')).toBe(digest);
    expect((form.get('file') as File).name).toBe('fw.bin');
    expect(toast.current).toMatchObject({ kind: 'success', message: 'fw.bin uploaded' });
    // The overlay stays half a second after the end, then goes.
    await waitFor(() => expect(screen.queryByTestId('upload-progress')).toBeNull());
    expect(performance.now() - doneAt).toBeGreaterThanOrEqual(490);
  });

  it('6002 (already stored) is a success notice and hands on the stored reference', async () => {
    stubUpload(() => ({ status: 409, body: { code: C.FILE_EXISTS, msg: 'file exists', data: stored } }));
    const { onUploaded } = renderWidget();
    choose(file());
    await waitFor(() => expect(onUploaded).toHaveBeenCalledOnce());
    expect(onUploaded.mock.calls[0]![0]).toMatchObject({ stored: { fileUrl: stored.fileUrl }, existed: true });
    expect(toast.current).toMatchObject({
      kind: 'success',
      message: 'fw.bin is already stored: the stored file is used',
    });
    expect(screen.queryByTestId('upload-problem')).toBeNull();
  });

  it('a refused or failed upload resets the progress and says "<file> failed"', async () => {
    stubUpload(() => ({ status: 400, body: { code: C.FILE_SIGNATURE_ERROR, msg: 'file signature error' } }));
    const { onUploaded } = renderWidget();
    choose(file());
    const overlay = await screen.findByTestId('upload-progress');
    await waitFor(() => expect(overlay).toHaveAttribute('data-progress', '50'));
    expect(await screen.findByTestId('upload-problem')).toHaveTextContent('fw.bin failed');
    expect(screen.queryByTestId('upload-progress')).toBeNull();
    expect(toast.current).toMatchObject({ kind: 'error', title: 'fw.bin failed', message: 'File signature error' });
    expect(onUploaded).not.toHaveBeenCalled();

    // A network failure too; the next try starts again from 0 %.
    stubUpload(() => 'network', []);
    choose(file('other.bin'));
    expect(await screen.findByTestId('upload-progress')).toHaveAttribute('data-progress', '0');
    await waitFor(() => expect(screen.getByTestId('upload-problem')).toHaveTextContent('other.bin failed'));
    expect(screen.queryByTestId('upload-progress')).toBeNull();
  });
});
