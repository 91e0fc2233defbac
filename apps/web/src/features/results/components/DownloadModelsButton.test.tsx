import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithProviders } from '../../../test/render.tsx';
import { DownloadModelsButton } from './DownloadModelsButton.tsx';

const JOB = 'abcdefghij0123456789';

/** A response whose body arrives in chunks only when `release` is called, so the test sees the bar in between. */
function slowZip(parts: Uint8Array[]): { response: Response; release: () => void } {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
  controller.enqueue(parts[0]!);
  const total = parts.reduce((sum, part) => sum + part.byteLength, 0);
  return {
    response: new Response(body, { status: 200, headers: { 'content-type': 'application/zip', 'content-length': String(total) } }),
    release: () => {
      for (const part of parts.slice(1)) controller.enqueue(part);
      controller.close();
    },
  };
}

/** Captures what is handed to the browser as a file (the link's own click still runs in the DOM). */
function captureSaves(): { blobs: Blob[]; names: string[] } {
  const saved = { blobs: [] as Blob[], names: [] as string[] };
  const created = vi.spyOn(URL, 'createObjectURL').mockImplementation((blob: Blob | MediaSource) => (saved.blobs.push(blob as Blob), 'blob:zip'));
  const revoked = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.names.push(this.download);
  });
  onTestFinished(() => {
    created.mockRestore();
    revoked.mockRestore();
    clicked.mockRestore();
  });
  return saved;
}

describe('Download models', () => {
  it('shows a progress bar that follows the bytes received, then saves the zip under the job id', async () => {
    const zip = slowZip([new Uint8Array(300).fill(1), new Uint8Array(700).fill(2)]);
    const urls: string[] = [];
    vi.stubGlobal('fetch', async (url: string) => (urls.push(url), zip.response));
    onTestFinished(() => void vi.unstubAllGlobals());
    const saved = captureSaves();
    renderWithProviders(<DownloadModelsButton jobId={JOB} />);
    fireEvent.click(screen.getByRole('button', { name: 'Download models' }));
    // The first 300 of 1,000 bytes are in: the bar says 30 %.
    const bar = await screen.findByRole('progressbar', { name: 'Downloading the models: 30%' });
    expect(bar.getAttribute('aria-valuenow')).toBe('30');
    expect(saved.blobs).toHaveLength(0);
    zip.release();
    await waitFor(() => expect(saved.names).toEqual([`indicata-${JOB}.zip`]));
    expect(urls).toEqual([`/api/jobs/${JOB}/archive`]);
    expect(saved.blobs[0]!.size).toBe(1000);
    expect(saved.blobs[0]!.type).toBe('application/zip');
    await waitFor(() => expect(screen.queryByTestId('download-progress')).toBeNull());
  });

  it("says why when the zip cannot be had, saves nothing, and can be tried again", async () => {
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ error: { code: 'not_found', message: 'Not found.' } }), { status: 404, headers: { 'content-type': 'application/json' } }));
    onTestFinished(() => void vi.unstubAllGlobals());
    const saved = captureSaves();
    renderWithProviders(<DownloadModelsButton jobId={JOB} />);
    fireEvent.click(screen.getByRole('button', { name: 'Download models' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Not found.');
    expect(saved.names).toEqual([]);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Download models' }).hasAttribute('data-loading')).toBe(false));
  });
});
