import { act, screen, waitFor } from '@testing-library/react';
import { LIMITS, type JobListItem } from '@indicata/contracts';
import { renderRoutes } from '../../test/render.tsx';
import { serverEvents } from '../../lib/events.ts';
import ResultsPage from '../../pages/ResultsPage.tsx';
import { FakeEventSource } from '../../test/fake-event-source.ts';


const running: JobListItem = {
  id: 'abcdefghij0123456789',
  name: 'Life expectancy 2015',
  currentTime: '2025-03-07 21:05:00.000',
  createdAt: new Date(2025, 2, 7, 21, 5).toISOString(),
  status: 'running',
  database: 'WHO',
  progress: { fraction: 0.1, message: 'Preparing the data' },
  errorMessage: null,
};
const failed: JobListItem = { ...running, status: 'error', progress: null, errorMessage: 'No rows with a target value before 2016.' };
const data = { database: 'WHO', codePredictionIndicator: 'WHOSIS_000001', predictionIndicatorYear: 2015, MLAlgorithms: ['RF'] };

/** Serves GET /api/jobs/:id with whatever `server.job` holds at the time of the call; counts the calls. */
function serveJob(server: { job: JobListItem }) {
  const calls: string[] = [];
  vi.stubGlobal('fetch', async (url: string) => {
    calls.push(String(url));
    return new Response(JSON.stringify({ job: { ...server.job, data, results: null, report: null } }), { status: 200, headers: { 'content-type': 'application/json' } });
  });
  return calls;
}

const renderDetail = () => renderRoutes([{ path: '/results', element: <ResultsPage /> }], `/results?id=${running.id}`);
const showsFailure = () => screen.queryByText(`Reason: ${failed.errorMessage}`) !== null;

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  vi.stubGlobal('EventSource', FakeEventSource);
});
afterEach(() => {
  serverEvents.stop();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('live job status without its event', () => {
  it('polls a running job every LIMITS.jobStatusPollMs, so a job that failed unseen stops showing "running"', async () => {
    const server = { job: running };
    const calls = serveJob(server);
    renderDetail();
    expect(await screen.findByText('Preparing the data')).toBeTruthy();
    // The job fails; its event never arrives (no stream at all here).
    server.job = failed;
    await act(async () => vi.advanceTimersByTimeAsync(LIMITS.jobStatusPollMs - 1_000));
    expect(showsFailure()).toBe(false);
    await act(async () => vi.advanceTimersByTimeAsync(1_000));
    await waitFor(() => expect(showsFailure()).toBe(true));
    expect(screen.queryByText('Preparing the data')).toBeNull();
    // Finished: no more polling.
    const asked = calls.length;
    await act(async () => vi.advanceTimersByTimeAsync(LIMITS.jobStatusPollMs * 3));
    expect(calls.length).toBe(asked);
  });

  it('asks for the job again when the event stream comes back after a drop', async () => {
    const server = { job: running };
    serveJob(server);
    serverEvents.start();
    act(() => FakeEventSource.latest!.open());
    renderDetail();
    expect(await screen.findByText('Preparing the data')).toBeTruthy();
    // The stream drops; the job fails meanwhile; the stream reopens well before the next poll.
    const dropped = FakeEventSource.latest!;
    act(() => dropped.onerror?.(new Event('error')));
    server.job = failed;
    await act(async () => vi.advanceTimersByTimeAsync(2_000));
    expect(FakeEventSource.latest).not.toBe(dropped);
    act(() => FakeEventSource.latest!.open());
    await waitFor(() => expect(showsFailure()).toBe(true));
  });

  it('keeps a failed job failed when a late "running" event arrives after its end', async () => {
    const server = { job: running };
    serveJob(server);
    serverEvents.start();
    act(() => FakeEventSource.latest!.open());
    renderDetail();
    expect(await screen.findByText('Preparing the data')).toBeTruthy();
    server.job = failed;
    act(() => FakeEventSource.latest!.send({ type: 'job', data: failed }));
    await waitFor(() => expect(showsFailure()).toBe(true));
    act(() => FakeEventSource.latest!.send({ type: 'job', data: { ...running, progress: { fraction: 0.2, message: 'Searching RF' } } }));
    await act(async () => vi.advanceTimersByTimeAsync(100));
    expect(showsFailure()).toBe(true);
    expect(screen.queryByText('Searching RF')).toBeNull();
  });
});
