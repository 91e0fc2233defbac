import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { JobListItem } from '@indicata/contracts';
import { renderRoutes } from '../../test/render.tsx';
import { serverEvents } from '../../lib/events.ts';
import ResultsTab from './ResultsTab.tsx';
import { FakeEventSource } from '../../test/fake-event-source.ts';
import { emulateReducedMotion } from '../../test/reduced-motion.ts';


function job(index: number, patch: Partial<JobListItem> = {}): JobListItem {
  const created = new Date(2025, 0, 1, 9, 0);
  created.setMinutes(created.getMinutes() - index * 61);
  return {
    id: `job${String(index).padStart(17, '0')}`,
    name: `Run ${index}`,
    currentTime: '',
    createdAt: created.toISOString(),
    status: 'done',
    database: null,
    progress: null,
    errorMessage: null,
    ...patch,
  };
}

function serveJobs(jobs: JobListItem[]) {
  const calls: string[] = [];
  vi.stubGlobal('fetch', async (url: string) => {
    calls.push(String(url));
    // The server's paging: ?page=&size= over the whole list, newest first.
    const query = new URL(String(url), 'http://localhost').searchParams;
    const page = Number(query.get('page') ?? 1);
    const size = Number(query.get('size') ?? 20);
    const body = { jobs: jobs.slice((page - 1) * size, page * size), page, size, total: jobs.length };
    return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  });
  return calls;
}

function renderTab() {
  return renderRoutes(
    [
      { path: '/home', element: <ResultsTab /> },
      { path: '/results', element: <p>detail page</p> },
      { path: '/compare', element: <p>compare page</p> },
    ],
    '/home?tab=results',
  );
}

afterEach(() => {
  serverEvents.stop();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('Results tab', () => {
  it('lists name, en-CA 24-hour date, database label and distinct status labels', async () => {
    serveJobs([
      job(0, { name: 'Life expectancy', createdAt: new Date(2025, 2, 7, 21, 5).toISOString(), database: 'WHO' }),
      job(1, { name: 'My upload', database: '1700000000000_life_expectancy.csv', status: 'pending' }),
      job(2, { name: 'Broken', status: 'error', errorMessage: 'No rows' }),
      job(3, { name: 'Busy', status: 'running', progress: { fraction: 0.4, message: 'Searching RF' } }),
    ]);
    renderTab();
    const table = await screen.findByTestId('results-list');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(within(rows[0]).getByText('2025-03-07 21:05')).toBeTruthy();
    expect(within(rows[0]).getByText('WHO')).toBeTruthy();
    expect(within(rows[1]).getByText('life_expectancy.csv')).toBeTruthy();
    expect(within(rows[0]).getByText('Done').closest('[data-status]')?.getAttribute('data-status')).toBe('Done');
    const styleOf = (row: HTMLElement, label: string) => within(row).getByText(label).closest('[data-status]')?.getAttribute('style');
    const styles = new Set([styleOf(rows[0], 'Done'), styleOf(rows[1], 'Pending'), styleOf(rows[2], 'Error')]);
    expect(styles.size).toBe(3);
    expect(within(rows[1]).getByText('Pending')).toBeTruthy();
    expect(within(rows[2]).getByText('Error')).toBeTruthy();
    expect(within(rows[3]).getByText('Running')).toBeTruthy();
    expect(within(rows[3]).getByText('Searching RF')).toBeTruthy();
    expect(within(rows[3]).getByRole('progressbar')).toBeTruthy();
  }, 20_000); // the first render loads Mantine and i18n: slow on a busy machine

  it('shows "No results found." for an empty list', async () => {
    serveJobs([]);
    renderTab();
    expect(await screen.findByText('No results found.')).toBeTruthy();
  });

  /** The tab under fake timers, its list request never answered: the loading text stays. */
  const renderStillLoading = () => {
    vi.useFakeTimers({ shouldAdvanceTime: false });
    vi.stubGlobal('fetch', () => new Promise(() => {}));
    renderTab();
    return screen.getByTestId('results-loading');
  };

  it('animates the loading dots every 500 ms', async () => {
    const loading = renderStillLoading();
    expect(loading.textContent).toBe('Loading results');
    act(() => vi.advanceTimersByTime(500));
    expect(loading.textContent).toBe('Loading results.');
    act(() => vi.advanceTimersByTime(1000));
    expect(loading.textContent).toBe('Loading results...');
    act(() => vi.advanceTimersByTime(500));
    expect(loading.textContent).toBe('Loading results');
  });

  it('keeps the loading dots still when the system asks for reduced motion', async () => {
    const restore = emulateReducedMotion();
    try {
      const loading = renderStillLoading();
      expect(loading.textContent).toBe('Loading results...');
      act(() => vi.advanceTimersByTime(1500));
      expect(loading.textContent).toBe('Loading results...');
    } finally {
      restore();
    }
  });

  it('asks the server for 20 rows at a time, with Previous / Next and "Page X of Y"', async () => {
    const calls = serveJobs(Array.from({ length: 45 }, (_, i) => job(i)));
    renderTab();
    const table = await screen.findByTestId('results-list');
    expect(within(table).getAllByRole('row')).toHaveLength(21);
    expect(screen.getByText('Page 1 of 3')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(true);
    expect(calls).toEqual(['/api/jobs?page=1&size=20']);
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 2 of 3')).toBeTruthy();
    expect(await within(table).findByText('Run 20')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 3 of 3')).toBeTruthy();
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(6));
    expect(calls).toEqual(['/api/jobs?page=1&size=20', '/api/jobs?page=2&size=20', '/api/jobs?page=3&size=20']);
    expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);
  }, 30_000);

  it('enables Compare once two jobs are ticked, without opening a job', async () => {
    serveJobs([job(0), job(1), job(2)]);
    const view = renderTab();
    const compare = (await screen.findByTestId('compare-selected')) as HTMLButtonElement;
    expect(compare.disabled).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Run 0 to compare' }));
    expect(compare.disabled).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Run 2 to compare' }));
    expect(view.router.state.location.pathname).toBe('/home');
    expect(compare.disabled).toBe(false);
    fireEvent.click(compare);
    expect(view.router.state.location.pathname).toBe('/compare');
    expect(view.router.state.location.search).toBe(`?ids=${job(0).id},${job(2).id}`);
  }, 30_000);

  it('opens the detail on click and with the keyboard', async () => {
    serveJobs([job(0), job(1)]);
    const first = renderTab();
    fireEvent.click(await screen.findByText('Run 0'));
    expect(first.router.state.location.pathname).toBe('/results');
    expect(first.router.state.location.search).toBe(`?id=${job(0).id}`);
    first.unmount();

    const second = renderTab();
    const row = (await screen.findByText('Run 1')).closest('tr')!;
    expect(row.tabIndex).toBe(0);
    fireEvent.keyDown(row, { key: 'Enter' });
    expect(second.router.state.location.search).toBe(`?id=${job(1).id}`);
  });

  it('updates a status live from an SSE job event, without a reload', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    const calls = serveJobs([job(0, { status: 'running', progress: { fraction: 0.5, message: 'Fitting' } }), job(1)]);
    renderTab();
    serverEvents.start();
    const row = (await screen.findByText('Run 0')).closest('tr')!;
    expect(within(row).getByText('Running')).toBeTruthy();
    const requestsBefore = calls.length;
    act(() => FakeEventSource.latest!.send({ type: 'job', data: job(0, { status: 'done' }) }));
    await waitFor(() => expect(within(row).getByText('Done')).toBeTruthy());
    expect(within(row).queryByRole('progressbar')).toBeNull();
    expect(calls.filter((url) => url.startsWith('/api/jobs')).length).toBe(requestsBefore);

    act(() => FakeEventSource.latest!.send({ type: 'job', data: job(-1, { name: 'Brand new', status: 'pending' }) }));
    expect(await screen.findByText('Brand new')).toBeTruthy();
  });
});
