import { createHash } from 'node:crypto';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../lib/session';
import { toast } from '../lib/toast';
import { renderWithProviders, setupI18n } from '../test/render';
import { HIDE_PROGRESS_MS, UploadWidget } from './UploadWidget';

/** A fake XMLHttpRequest answering with `reply`, reporting upload progress first. */
let reply: { status: number; body: unknown } = { status: 200, body: { code: 0 } };
const sent: { url: string; headers: Record<string, string>; form: FormData }[] = [];
class FakeXhr {
  upload: { onprogress?: (e: { lengthComputable: boolean; loaded: number; total: number }) => void } = {};
  onload?: () => void;
  onerror?: () => void;
  responseText = '';
  private url = '';
  private headers: Record<string, string> = {};
  open(_m: string, url: string) {
    this.url = url;
  }
  setRequestHeader(k: string, v: string) {
    this.headers[k] = v;
  }
  send(form: FormData) {
    sent.push({ url: this.url, headers: this.headers, form });
    setTimeout(() => {
      this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
      if (reply.status === 0) return this.onerror?.();
      this.responseText = JSON.stringify(reply.body);
      this.onload?.();
    }, 10);
  }
}

const pick = (file: File) => fireEvent.change(screen.getByTestId('upload-input'), { target: { files: [file] } });

describe('UploadWidget', () => {
  beforeAll(() => setupI18n());
  beforeEach(() => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    sent.length = 0;
    toast.clear();
    session.signIn({ token: 'tok-up', name: 'a', userID: 1, admin: 1 });
  });

  it('posts the file with its SHA-256 digest and the token; code 0 gives data.fileUrl; progress hides after 500 ms', async () => {
    reply = { status: 200, body: { code: 0, data: { fileUrl: 'store/abc.bin' } } };
    const onUploaded = vi.fn();
    renderWithProviders(<UploadWidget accept=".bin" onUploaded={onUploaded} fields={{ kind: 'fw' }} />);
    const content = 'firmware-bytes';
    pick(new File([content], 'fw_1.bin'));
    await waitFor(() => expect(onUploaded).toHaveBeenCalledWith('store/abc.bin', expect.any(File)));
    expect(sent[0]!.url).toBe('/api/file/upload');
    expect(sent[0]!.headers['x-access-token']).toBe('tok-up');
    expect(sent[0]!.form.get('digest')).toBe(createHash('sha256').update(content).digest('hex'));
    expect(sent[0]!.form.get('kind')).toBe('fw');
    expect((sent[0]!.form.get('file') as File).name).toBe('fw_1.bin');
    expect(screen.getByTestId('upload-progress')).toHaveTextContent('100%');
    expect(toast.current?.message).toBe('fw_1.bin uploaded successfully');
    await act(() => new Promise((r) => setTimeout(r, HIDE_PROGRESS_MS + 50)));
    expect(screen.queryByTestId('upload-progress')).toBeNull();
  });

  it('6002 (file exists) is a success notice', async () => {
    reply = { status: 409, body: { code: 6002, msg: 'file exists' } };
    const onUploaded = vi.fn();
    renderWithProviders(<UploadWidget onUploaded={onUploaded} />);
    pick(new File(['x'], 'a.bin'));
    await waitFor(() => expect(onUploaded).toHaveBeenCalled());
    expect(toast.current).toMatchObject({ kind: 'success', message: 'a.bin already exists' });
  });

  it('an error resets the progress and shows "{file} failed"', async () => {
    reply = { status: 400, body: { code: 6004, msg: 'file signature error' } };
    renderWithProviders(<UploadWidget />);
    pick(new File(['x'], 'b.bin'));
    await waitFor(() => expect(toast.current?.message).toBe('b.bin failed'));
    expect(screen.queryByTestId('upload-progress')).toBeNull();
    reply = { status: 0, body: null };
    pick(new File(['x'], 'c.bin'));
    await waitFor(() => expect(toast.current?.message).toBe('c.bin failed'));
  });

  it('refuses a wrong format and a file over the limit without uploading', async () => {
    renderWithProviders(<UploadWidget accept=".xlsx,.xls" maxBytes={4} />);
    pick(new File(['x'], 'a.csv'));
    expect(toast.current).toMatchObject({ message: 'Wrong file format', duration: 3000 });
    pick(new File(['12345'], 'a.xlsx'));
    expect(toast.current?.message).toBe('a.xlsx is too large (max 0 M)');
    expect(sent).toHaveLength(0);
  });
});
