// @vitest-environment jsdom
// DOMPurify sanitises in jsdom as in a browser; under happy-dom (the web tests' default) it returns its input
// unchanged, so the app shows such HTML as text (lib/safe-html.ts) and these tests of the sanitised markup need jsdom.
import { fireEvent, screen } from '@testing-library/react';
import type { JobListItem } from '@indicata/contracts';
import type { JobReport } from '@indicata/contracts/report';
import { renderRoutes, renderWithProviders } from '../../test/render.tsx';
import ResultsPage from '../../pages/ResultsPage.tsx';
import { ReportSections } from './components/ReportSections.tsx';
import { DataTable } from './components/DataTable.tsx';
import { ConfigurationSection } from './components/ConfigurationSection.tsx';

const base: JobListItem = {
  id: 'abcdefghij0123456789',
  name: 'Life expectancy 2015',
  currentTime: '2025-03-07 21:05:00.000',
  createdAt: new Date(2025, 2, 7, 21, 5).toISOString(),
  status: 'pending',
  database: 'WHO',
  progress: null,
  errorMessage: null,
};

const storedData = {
  database: 'WHO',
  codePredictionIndicator: 'WHOSIS_000001',
  predictionIndicatorYear: 2015,
  predictionIndicatorRegion: 'Europe',
  MLAlgorithms: ['RF'],
  RFConfig: { RFnEstimators: [100] },
};

function serveJob(job: Record<string, unknown>, delayMs = 0) {
  const calls: string[] = [];
  vi.stubGlobal('fetch', async (url: string) => {
    calls.push(String(url));
    if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs));
    return new Response(JSON.stringify({ job }), { status: 200, headers: { 'content-type': 'application/json' } });
  });
  return calls;
}

const renderDetail = () =>
  renderRoutes(
    [
      { path: '/results', element: <ResultsPage /> },
      { path: '/home', element: <p>home page</p> },
    ],
    `/results?id=${base.id}`,
  );

afterEach(() => vi.unstubAllGlobals());

describe('result detail states', () => {
  it('shows the header, "Loading result details..." and then the pending text', async () => {
    serveJob({ ...base, status: 'running', progress: { fraction: 0.3, message: 'Searching DT' }, data: storedData, results: null, report: null }, 30);
    renderDetail();
    expect(screen.getByText('Step 4 - Post-processing')).toBeTruthy();
    expect(screen.getByText('Loading result details...')).toBeTruthy();
    expect(await screen.findByText('Data is still being processed. Please wait.')).toBeTruthy();
    expect(screen.getByText('Life expectancy 2015')).toBeTruthy();
    expect(screen.getByText('2025-03-07 21:05')).toBeTruthy();
    expect(screen.getByText('Request Date')).toBeTruthy();
    expect(screen.getByText('Running')).toBeTruthy();
  });

  it('shows the missing-detail text with the reason of a failed job', async () => {
    serveJob({ ...base, status: 'error', errorMessage: 'The target has no values in 2015.', data: storedData, results: null, report: null });
    renderDetail();
    expect(await screen.findByText('No result details found. Possible error encountered.')).toBeTruthy();
    expect(screen.getByText('Reason: The target has no values in 2015.')).toBeTruthy();
  });

  it('says a cancelled job was cancelled, not that an error may have happened', async () => {
    serveJob({ ...base, status: 'cancelled', errorMessage: null, data: storedData, results: null, report: null });
    renderDetail();
    expect(await screen.findByText(/This job was cancelled before it finished, so it has no results/)).toBeTruthy();
    expect(screen.queryByText('No result details found. Possible error encountered.')).toBeNull();
    // The actions the text names are on this page.
    expect(screen.getByRole('button', { name: `Actions for ${base.name}` })).toBeTruthy();
  });

  it('shows the missing-detail text when the job cannot be read', async () => {
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ error: { code: 'not_found', message: 'Not found.' } }), { status: 404, headers: { 'content-type': 'application/json' } }));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderDetail();
    expect(await screen.findByText('No result details found. Possible error encountered.')).toBeTruthy();
  });

  it('goes back to the Results tab', async () => {
    serveJob({ ...base, data: storedData, results: null, report: null });
    const view = renderDetail();
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(view.router.state.location.pathname).toBe('/home');
    expect(view.router.state.location.search).toBe('?tab=results');
  });
});

describe('AutoML Configurations', () => {
  it('loads on the first click, shows the spec labels, and toggles closed', async () => {
    serveJob({ ...base, data: storedData, results: null, report: null }, 20);
    renderDetail();
    const toggle = await screen.findByRole('button', { name: /AutoML Configurations/ });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(await screen.findByText('Predicted Indicator')).toBeTruthy();
    expect(screen.getByText('WHOSIS_000001')).toBeTruthy();
    expect(screen.getByText('Predicted Region')).toBeTruthy();
    expect(screen.getByText('ML Algorithms Used')).toBeTruthy();
    expect(screen.getByText('Random Forest Configuration')).toBeTruthy();
    expect(screen.getByText('nEstimators')).toBeTruthy();
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
  });

  it('says "No configuration found." when nothing is stored', async () => {
    serveJob({ ...base, data: {}, results: null, report: null });
    renderDetail();
    fireEvent.click(await screen.findByRole('button', { name: /AutoML Configurations/ }));
    expect(await screen.findByText('No configuration found.')).toBeTruthy();
  });

  it('says "Loading configurations..." while the configuration loads, and asks for nothing before the click', async () => {
    const calls = serveJob({ ...base, data: storedData, results: null, report: null }, 50);
    renderWithProviders(<ConfigurationSection jobId={base.id} />);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: /AutoML Configurations/ }));
    expect(screen.getByText('Loading configurations...')).toBeTruthy();
    expect(await screen.findByText('Predicted Year')).toBeTruthy();
    expect(screen.queryByText('Loading configurations...')).toBeNull();
    // The job once, and for a WHO job whose results carry no names, the catalog's labels to name its indicators.
    expect(calls).toEqual([`/api/jobs/${base.id}`, '/api/who/indicator-labels']);
  });
});

describe('report sections', () => {
  const report: JobReport = {
    locale: 'en',
    generatedAt: '2025-03-07T21:10:00.000Z',
    provider: { kind: 'openai', label: 'gpt-4o-mini at api.openai.com' },
    notice: null,
    sections: [
      {
        key: 'results',
        title: 'Results',
        html: '<p>RF is best.</p><script>window.__pwned = true</script><img src="https://evil.example/x.png" onerror="window.__pwned = true"><p onclick="window.__pwned = true">Read on.</p>',
        provider: 'openai',
        fallbackReason: null,
        unverifiedNumbers: [],
      },
      { key: 'outliers', title: 'Outliers', html: '<p>Two outliers.</p>', provider: 'builtin', fallbackReason: 'timeout', unverifiedNumbers: [] },
    ],
  };

  it('never lets a script, handler or external resource reach the DOM, and names who wrote each section', () => {
    const { container } = renderWithProviders(<ReportSections report={report} />);
    expect(screen.getByText('RF is best.')).toBeTruthy();
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('[onclick]')).toBeNull();
    expect(container.innerHTML).not.toContain('evil.example');
    expect((window as unknown as { __pwned?: boolean }).__pwned).toBeUndefined();
    expect(screen.getByText('Written by: Language model')).toBeTruthy();
    expect(screen.getByText('Written by: Built-in analyst (not a language model)')).toBeTruthy();
    expect(screen.getByText(/did not answer in time/)).toBeTruthy();
    // One truthful sentence: a language model wrote some sections, the built-in analyst the others.
    expect(screen.getByTestId('report-banner').textContent).toBe(
      'This report was written by a language model (gpt-4o-mini at api.openai.com), with some sections by the built-in analyst where the model could not be used. It can be wrong: check it against the tables and consult an expert before applying it.',
    );
  });

  it('says the built-in analyst wrote the report, and that it is not a language model, when it wrote every section', () => {
    const builtin: JobReport = {
      ...report,
      provider: { kind: 'builtin', label: 'Built-in analyst' },
      notice: 'Written by the built-in analyst from the results; it is not a language model.',
      sections: report.sections.map((section) => ({ ...section, provider: 'builtin', fallbackReason: null })),
    };
    renderWithProviders(<ReportSections report={builtin} />);
    expect(screen.getByTestId('report-banner').textContent).toBe(
      'This report was written by the built-in analyst, a program that states facts computed from these results; it is not a language model.',
    );
    expect(screen.queryByText(/generated by a language model/)).toBeNull();
    // The stored notice says the same as the banner: shown once, not twice.
    expect(screen.queryByText(builtin.notice as string)).toBeNull();
  });

  it("shows the notice that says why a configured language model was not used", () => {
    const fellBack: JobReport = {
      ...report,
      notice: 'The language model did not answer in time; the built-in analyst (not a language model) wrote this report from the results.',
      sections: report.sections.map((section) => ({ ...section, provider: 'builtin', fallbackReason: 'timeout' })),
    };
    renderWithProviders(<ReportSections report={fellBack} />);
    expect(screen.getByTestId('report-notice').textContent).toBe(fellBack.notice);
  });

  it("labels the report's language, which may differ from the interface's", () => {
    renderWithProviders(<ReportSections report={{ ...report, locale: 'pt-BR' }} />);
    expect(screen.getByTestId('report-language').textContent).toBe('Report language: Portuguese (Brazil)');
    expect(screen.getByTestId('report').getAttribute('lang')).toBe('pt-BR');
  });

  it('renders nothing without a report', () => {
    const { container } = renderWithProviders(<ReportSections report={null} />);
    expect(container.querySelector('[data-testid="report"]')).toBeNull();
  });
});

describe('tables', () => {
  it('renders nothing for data that is not an array', () => {
    for (const rows of [null, undefined, { a: 1 }, 'rows', 3]) {
      const { container, unmount } = renderWithProviders(<DataTable title="Results RF" columns={[{ header: 'a' }]} rows={rows} testId="t" />);
      expect(container.querySelector('[data-testid="t"]')).toBeNull();
      expect(screen.queryByText('Results RF')).toBeNull();
      unmount();
    }
  });

  it('pages an array 20 rows at a time', () => {
    const rows = Array.from({ length: 41 }, (_, i) => ({ a: i + 0.5 }));
    renderWithProviders(<DataTable title="T" columns={[{ header: 'a', numeric: true }]} rows={rows} />);
    expect(screen.getByText('Page 1 of 3')).toBeTruthy();
    expect(screen.getByText('0.5000')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Page 3 of 3')).toBeTruthy();
    expect(screen.getByText('40.5000')).toBeTruthy();
  });
});
