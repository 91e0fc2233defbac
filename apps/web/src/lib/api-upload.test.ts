import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '@indicata/contracts';
import { api, retryPolicies } from './api.ts';
import { UPLOAD_RETRY } from './retry.ts';

/** Answers queued per request: [status, body]. */
let answers: [number, unknown][] = [];
const sent: FakeXhr[] = [];

class FakeXhr {
  method = '';
  url = '';
  headers: Record<string, string> = {};
  withCredentials = false;
  responseType = '';
  status = 0;
  responseText = '';
  upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  getResponseHeader() {
    return null;
  }
  abort() {}
  send() {
    sent.push(this);
    const [status, body] = answers.shift() ?? [500, undefined];
    setTimeout(() => {
      this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
      this.status = status;
      this.responseText = body === undefined ? '' : JSON.stringify(body);
      this.onload?.();
    }, 0);
  }
}

describe('api.upload', () => {
  beforeEach(() => {
    answers = [];
    sent.length = 0;
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    // Retries 1 ms apart, within a budget no test here reaches: with 200 ms, a loaded machine (four Vitest workers on
    // two cores) once took longer than that between the 503 and the retry, and the upload gave up.
    retryPolicies.upload = { budgetMs: 10_000, baseDelayMs: 1, maxBackoffFactor: 64 };
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    retryPolicies.upload = UPLOAD_RETRY;
  });

  it('posts the form with the CSRF header and cookies, and reports progress', async () => {
    answers = [[201, { id: 'up1' }]];
    const progress: number[] = [];
    const form = new FormData();
    form.append('file', new Blob(['a;b\n1;2']), 'data.csv');
    await expect(api.upload<{ id: string }>('/api/uploads', form, (fraction) => progress.push(fraction))).resolves.toEqual({ id: 'up1' });
    expect(sent[0].method).toBe('POST');
    expect(sent[0].url).toBe('/api/uploads');
    expect(sent[0].headers[CSRF_HEADER]).toBe(CSRF_HEADER_VALUE);
    expect(sent[0].withCredentials).toBe(true);
    expect(progress).toEqual([0.5, 1]);
  });

  it('retries on 503 within the upload budget, but not on 400', async () => {
    answers = [[503, { error: { code: 'unavailable', message: 'The service is unavailable' } }], [201, { id: 'up2' }]];
    await expect(api.upload('/api/uploads', new FormData())).resolves.toEqual({ id: 'up2' });
    expect(sent).toHaveLength(2);

    sent.length = 0;
    answers = [[400, { error: { code: 'csvNotCsv', message: 'Please select a .csv file' } }]];
    await expect(api.upload('/api/uploads', new FormData())).rejects.toMatchObject({ status: 400, code: 'csvNotCsv' });
    expect(sent).toHaveLength(1);
  });
});
