/** What a stubbed upload answers: an envelope (HTTP 200 unless `status`), or a network failure. */
export type UploadAnswer = { status?: number; body: unknown } | 'network';

export interface SentUpload {
  url: string;
  headers: Record<string, string>;
  form: FormData;
}

/**
 * Replaces XMLHttpRequest (the transport of uploads, lib/http.ts) with a fake: each send reports
 * the given upload progress steps, then answers after `delayMs`. Returns the recorded sends.
 */
export function stubUpload(answer: (form: FormData, url: string) => UploadAnswer, steps = [50], delayMs = 30) {
  const sent: SentUpload[] = [];
  class FakeXhr {
    upload: { onprogress: ((e: Partial<ProgressEvent>) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    responseText = '';
    status = 0;
    private url = '';
    private headers: Record<string, string> = {};
    open(_method: string, url: string) {
      this.url = url;
    }
    setRequestHeader(k: string, v: string) {
      this.headers[k] = v;
    }
    send(form: FormData) {
      sent.push({ url: this.url, headers: this.headers, form });
      setTimeout(() => {
        for (const loaded of steps) this.upload.onprogress?.({ lengthComputable: true, loaded, total: 100 });
      }, 0);
      setTimeout(() => {
        const a = answer(form, this.url);
        if (a === 'network') return this.onerror?.();
        this.status = a.status ?? 200;
        this.responseText = JSON.stringify(a.body);
        this.onload?.();
      }, delayMs);
    }
  }
  globalThis.XMLHttpRequest = FakeXhr as unknown as typeof XMLHttpRequest;
  return sent;
}
