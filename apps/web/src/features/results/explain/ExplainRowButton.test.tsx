import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ModelResult, PredictionRow, TestRowExplanation } from '@indicata/contracts';
import { renderWithProviders } from '../../../test/render.tsx';
import { emulateReducedMotion } from '../../../test/reduced-motion.ts';
import { PredictionsTable } from '../components/ModelSection.tsx';
import { waterfallSteps } from './waterfall.ts';

// jsdom has no canvas: the chart is its summary here (drawn in Chromium by e2e).
vi.mock('../charts/EChart.tsx', () => ({
  EChart: ({ summary, testId }: { summary: string; testId?: string }) => <div role="img" aria-label={summary} data-testid={testId} />,
}));

const JOB = 'abcdefghij0123456789';
const row = (space: string, time: number, actual: string, predicted: string): PredictionRow =>
  ({ space, region: null, time, actual, predicted, actualIndex: 0, predictedIndex: 0, correct: actual === predicted, actualValue: 1, outlier: false, imputed: false }) as PredictionRow;
// Stored in another order than shown (the table sorts by year): the button must send the stored position.
const model = { algorithm: 'KNN', predictions: [row('Brazil', 2016, 'High', 'High'), row('Chile', 2015, 'Low', 'High')] } as unknown as ModelResult;
const labels = { space: 'countryName', region: null, time: 'year', target: 'score' };
const answer: TestRowExplanation = {
  jobId: JOB,
  model: 'KNN',
  row: 1,
  space: 'Chile',
  time: 2015,
  actual: 'Low',
  predicted: 'High',
  probability: 0.8,
  inputs: 4,
  explanation: {
    expected: 0.4,
    contributions: [
      { feature: 'WHS4_100', value: 0.3 },
      { feature: 'f2', value: -0.05 },
    ],
    method: 'sampled',
  },
};

function serve(handler: (url: string) => { status: number; body: unknown }) {
  const urls: string[] = [];
  vi.stubGlobal('fetch', async (url: string) => {
    urls.push(String(url));
    const { status, body } = handler(String(url));
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  });
  return urls;
}

const render = () =>
  renderWithProviders(<PredictionsTable model={model} labels={labels} filters={{ year: '', type: '', category: '', algorithm: '' } as never} explain={{ jobId: JOB, names: { WHS4_100: 'Polio immunization coverage' } }} />);

afterEach(() => vi.unstubAllGlobals());

describe('explaining a test prediction', { timeout: 30_000 }, () => {
  it('opens the stored row of the clicked one, shows loading, then the bars by indicator name with the numbers as a table', async () => {
    let release: () => void = () => undefined;
    const ready = new Promise<void>((resolve) => (release = resolve));
    const urls: string[] = [];
    vi.stubGlobal('fetch', async (url: string) => {
      urls.push(String(url));
      await ready;
      return new Response(JSON.stringify(answer), { status: 200, headers: { 'content-type': 'application/json' } });
    });
    render();
    // Chile 2015 is shown first (year ascending) and stored second.
    const button = screen.getByRole('button', { name: 'Why KNN predicted High for Chile, 2015' });
    fireEvent.click(button);
    expect(await screen.findByTestId('explanation-loading')).toBeTruthy();
    release();
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByTestId('explanation-summary')).toHaveProperty(
      'textContent',
      'Probability of High: 0.400 knowing no indicator, 0.800 for this row; the largest change is Polio immunization coverage (+0.300).',
    );
    expect(urls).toEqual([`/api/jobs/${JOB}/explanations?model=KNN&row=1`]);
    const cells = within(within(dialog).getByTestId('explanation-table')).getAllByRole('row').slice(1).map((r) => within(r).getAllByRole('cell').map((c) => c.textContent));
    expect(cells).toEqual([
      ['Knowing no indicator', '0.400'],
      ['Polio immunization coverage', '+0.300'],
      ['f2', '−0.050'],
      ['2 other indicators', '+0.150'],
      ['P(High) for this row', '0.800'],
    ]);
    expect((await within(dialog).findByTestId('explanation-chart')).getAttribute('aria-label')).toContain('Polio immunization coverage');
  });

  it('names an input the row lacked as filled in, and says what its bar shows', async () => {
    const filled = { ...answer, explanation: { ...answer.explanation, contributions: [{ feature: 'WHS4_100', value: 0.3, filled: true }, { feature: 'f2', value: -0.05 }] } };
    serve(() => ({ status: 200, body: filled }));
    render();
    fireEvent.click(screen.getByRole('button', { name: 'Why KNN predicted High for Chile, 2015' }));
    const dialog = await screen.findByRole('dialog');
    const table = await within(dialog).findByTestId('explanation-table');
    const names = within(table).getAllByRole('row').slice(2, 4).map((r) => within(r).getAllByRole('cell')[0]!.textContent);
    expect(names).toEqual(['Polio immunization coverage (filled in)', 'f2']);
    expect(within(dialog).getByTestId('explanation-filled').textContent).toMatch(/^Inputs marked "filled in" had no value in this row/);
    // The summary (the chart's text) says it too.
    expect(within(dialog).getByTestId('explanation-summary').textContent).toContain('the largest change is Polio immunization coverage (filled in) (+0.300)');
  });

  it('says no input was filled in when none was', async () => {
    serve(() => ({ status: 200, body: answer }));
    render();
    fireEvent.click(screen.getByRole('button', { name: 'Why KNN predicted High for Chile, 2015' }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByTestId('explanation-table');
    expect(within(dialog).queryByTestId('explanation-filled')).toBeNull();
  });

  it('says why when the explanation fails, and tries again on request', async () => {
    let fail = true;
    const urls = serve(() => (fail ? { status: 409, body: { error: { code: 'conflict', message: 'The saved KNN model of this job has no per-row explanation.' } } } : { status: 200, body: answer }));
    render();
    fireEvent.click(screen.getAllByRole('button', { name: /^Why KNN predicted/ })[0]);
    expect((await screen.findByTestId('explanation-error')).textContent).toContain('The saved KNN model of this job has no per-row explanation.');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('explanation-summary')).toBeTruthy();
    expect(urls).toHaveLength(2);
  });

  for (const reducedMotion of [false, true]) {
    it(`gives the focus back to its button when the dialog closes on Escape (${reducedMotion ? 'reduced motion: no transition' : 'with its transition'})`, async () => {
      const restore = reducedMotion ? emulateReducedMotion() : () => undefined;
      try {
        serve(() => ({ status: 200, body: answer }));
        render();
        const button = screen.getByRole('button', { name: 'Why KNN predicted High for Chile, 2015' });
        button.focus();
        fireEvent.click(button);
        const dialog = await screen.findByRole('dialog');
        await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
        fireEvent.keyDown(document.activeElement ?? dialog, { key: 'Escape' });
        await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
        await waitFor(() => expect(document.activeElement).toBe(button));
      } finally {
        restore();
      }
    });
  }
});

describe('waterfallSteps', () => {
  it('runs from the expected probability through each contribution to the prediction, the rest in one step', () => {
    const steps = waterfallSteps(answer.explanation, 0.8, (c) => c, { expected: 'E', others: (n) => `${n} others`, predicted: 'P' }, 4);
    expect(steps.map((s) => [s.label, s.kind, Number(s.start.toFixed(6)), Number(s.end.toFixed(6))])).toEqual([
      ['E', 'expected', 0, 0.4],
      ['WHS4_100', 'up', 0.4, 0.7],
      ['f2', 'down', 0.7, 0.65],
      ['2 others', 'others', 0.65, 0.8],
      ['P', 'predicted', 0, 0.8],
    ]);
    // Every input listed: no "others" step.
    expect(waterfallSteps(answer.explanation, 0.65, (c) => c, { expected: 'E', others: () => 'o', predicted: 'P' }, 2).map((s) => s.kind)).toEqual(['expected', 'up', 'down', 'predicted']);
  });
});
