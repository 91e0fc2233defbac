import { fireEvent, screen, within } from '@testing-library/react';
import type { AutoMLResults } from '@indicata/contracts';
import { renderWithProviders } from '../../test/render.tsx';
import { FinalResults } from './components/FinalResults.tsx';
import { ENGINE_FIXTURE_SOURCE, loadEngineResults } from './test/engineFixture.mjs';

// A real engine run (cached in the OS temp directory); skipped with a message when the shared data is absent.
let results: AutoMLResults | null = null;
beforeAll(() => {
  results = loadEngineResults();
  if (!results) console.warn(`FinalResults tests skipped: ${ENGINE_FIXTURE_SOURCE} is absent`);
}, 600_000);

/** Opens collapsed sections by id (`scores`, `leaderboard`, `model-RF` ...), one click on each section's control. */
function openSections(...ids: string[]): void {
  for (const id of ids) fireEvent.click(screen.getByTestId(`section-${id}`).querySelector('button')!);
}

/**
 * Renders the results with the named sections opened (they start closed), or every section when none is named.
 * A test that reads a few tables opens only their sections: every open section is rendered again at each click
 * and filter change, and with all of them open a test took 2-7 s.
 */
const ready = (...sections: string[]) => {
  if (!results) return false;
  renderWithProviders(<FinalResults jobId="abcdefghij0123456789" results={results} database="WHO" />);
  if (sections.length === 0) fireEvent.click(screen.getByTestId('toggle-all-sections'));
  else openSections(...sections);
  return true;
};

/** Body rows of a table section (the header row left out). */
// Plain DOM queries: role queries are too slow in jsdom for pages with this many tables.
function bodyRows(testId: string): HTMLElement[] {
  return [...screen.getByTestId(testId).querySelectorAll<HTMLElement>('tbody tr')];
}

const cells = (row: HTMLElement) => [...row.querySelectorAll('td')];

function cellTexts(testId: string, column: number): string[] {
  return bodyRows(testId).map((row) => cells(row)[column]?.textContent ?? '');
}

function headerTexts(testId: string): string[] {
  return [...screen.getByTestId(testId).querySelectorAll('thead th')].map((cell) => cell.textContent ?? '');
}

describe('Final results of a real engine run', { timeout: 60_000 }, () => {
  it('starts with every table collapsed (the verdict stands above, under the result header)', () => {
    if (!results) return;
    renderWithProviders(<FinalResults jobId="abcdefghij0123456789" results={results} database="WHO" />);
    expect(screen.queryByTestId('verdict')).toBeNull();
    expect(screen.queryByTestId('table-resultados')).toBeNull();
    expect(screen.queryByTestId('leaderboard')).toBeNull();
    // Each model's section in the spec's order of the families; the recommended one says so in its title.
    expect(screen.getByTestId(`section-model-${results.best}`).textContent).toContain(`Predictions and confusion matrix: ${results.best} (recommended)`);
    const others = Object.keys(results.models).filter((algorithm) => algorithm !== results!.best);
    expect(others.length).toBeGreaterThan(0);
    for (const algorithm of others) expect(screen.getByTestId(`section-model-${algorithm}`).textContent).not.toContain('(recommended)');
    fireEvent.click(screen.getByRole('button', { name: 'Scores per model and per class' }));
    expect(screen.getByTestId('table-resultados')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download models' })).toBeTruthy();
  });

  it('says what the random k-fold figure means: an overstated score, a small gap, or none where the random split scored lower', () => {
    if (!results) return;
    const forward = { ...results.split, folds: results.split.folds.map((fold, i) => ({ ...fold, validationYears: [2000 + i] })) };
    const at = (gap: number) => ({ ...results!, split: forward, cvGap: { algorithm: 'RF' as const, forwardChaining: 0.9, randomKFold: 0.9 + gap, gap, folds: 5 } });
    const { unmount } = renderWithProviders(<FinalResults jobId="abcdefghij0123456789" results={at(0.08)} database="WHO" />);
    expect(screen.getByTestId('cv-gap').textContent).toMatch(/\(a gap of 0\.08\d*\): mixing the years lets a model learn from later years .* overstates the score\.$/);
    unmount();
    // A small gap is read as the report reads it (the same contracts rule), not as an overstated score.
    const { unmount: unmountSmall } = renderWithProviders(<FinalResults jobId="abcdefghij0123456789" results={at(0.003)} database="WHO" />);
    expect(screen.getByTestId('cv-gap').textContent).toMatch(/\(a gap of 0\.003\d*\): small, so the model does not rely much on seeing the future\.$/);
    unmountSmall();
    const { unmount: unmountLower } = renderWithProviders(<FinalResults jobId="abcdefghij0123456789" results={at(-0.04)} database="WHO" />);
    expect(screen.getByTestId('cv-gap').textContent).toMatch(/\(a gap of -0\.04\d*\): here mixing the years did not overstate the score\.$/);
    unmountLower();
    // A recommended rule has no such figure of its own: the sentence says whose it is.
    renderWithProviders(<FinalResults jobId="abcdefghij0123456789" results={{ ...at(0.08), best: 'Persistence' }} database="WHO" />);
    expect(screen.getByTestId('cv-gap').textContent).toMatch(/^Validation that respects time gave RF, the best model, a macro-F1 of 0\.9/);
  });

  it('renders every table with plain-language columns', () => {
    if (!ready()) return;
    const r = results!;
    expect(screen.getByText('Final results')).toBeTruthy();
    expect(headerTexts('table-resultados')).toEqual(['Model', 'Class', 'Test rows', 'Accuracy (0-1)', 'Precision', 'Recall', 'F1']);
    expect(headerTexts('table-summary')).toEqual(['Model', 'Test rows', 'Accuracy (%)', 'Precision', 'Recall', 'F1']);
    // The classes are ordered ranges of life expectancy: the errors on the class number are shown, and say so.
    expect(headerTexts('table-class-errors')).toEqual([
      'Model',
      'Mean absolute error (MAE)',
      'Mean absolute % error (MAPE)',
      'Mean squared error (MSE)',
      'Root mean squared error (RMSE)',
      'Kling-Gupta efficiency (KGE)',
    ]);
    expect(within(screen.getByTestId('table-class-errors')).getByText(/classes are ordered ranges/)).toBeTruthy();
    for (const algorithm of Object.keys(r.models)) {
      // Results with prediction sets add their column; older results have none.
      const sets = r.models[algorithm as keyof typeof r.models]!.predictions.some((row) => Array.isArray(row.set));
      expect(headerTexts(`table-predictions-${algorithm}`)).toEqual(['Country', 'WHO region', 'Year', 'Actual class', 'Predicted class', ...(sets ? ['Prediction set'] : []), 'Explanation']);
      expect(screen.getByTestId(`table-confusion-${algorithm}`)).toBeTruthy();
    }
    // The run is real and has a 24 s budget: on a loaded machine the ANN's final fit may not finish, and its results
    // then have no ANN (and no ANN table, which only the ANN has).
    if (r.models.ANN) {
      expect(headerTexts('table-ann-hyperparameters')).toEqual(['Hidden layers', 'Neurons per layer', 'Activation', 'Dropout rate', 'Optimizer', 'Validation macro-F1']);
    } else {
      expect(screen.queryByTestId('table-ann-hyperparameters')).toBeNull();
    }
    expect(headerTexts('table-features-RF')[0]).toBe('Indicator');
    expect(headerTexts('table-used-indicators')).toEqual(['Indicator', 'Missing values (%)', 'Information gain (bits)']);
    expect(screen.getByTestId('table-unused-indicators')).toBeTruthy();
    expect(headerTexts('table-correlation').slice(1)).toEqual(r.correlationMatrix.labels);
    expect(screen.getByTestId('table-outliers')).toBeTruthy();
    expect(screen.getByTestId('table-baselines')).toBeTruthy();
    // Each baseline once: as its model row when the run scored it as a candidate, else as its own row.
    const baselineTable = within(screen.getByTestId('table-baselines'));
    for (const [name, own] of [['Majority', 'Majority-class baseline'], ['Persistence', 'Persistence baseline']] as const) {
      if (r.models[name]) {
        expect(baselineTable.getAllByText(`${name} (baseline)`)).toHaveLength(1);
        expect(baselineTable.queryByText(own)).toBeNull();
      } else expect(baselineTable.getAllByText(own)).toHaveLength(1);
    }
    // No field name of the spec reaches the page.
    const text = screen.getByTestId('final-results').textContent ?? '';
    for (const raw of ['TotalIntances', 'indicatorAnalyzingName', 'missingDatasPercent', 'mean_test_score', 'rank_test_score', 'macro avg', 'weighted avg']) {
      expect(text).not.toContain(raw);
    }
  });

  it('lists every candidate in the leaderboard, sortable, with the test score for finalists only', () => {
    if (!ready('leaderboard')) return;
    const board = screen.getByTestId('leaderboard');
    // 20 rows a page: every page, then back to the first.
    const rows: HTMLElement[] = [];
    const next = within(board).getByRole('button', { name: 'Next' }) as HTMLButtonElement;
    for (;;) {
      rows.push(...board.querySelectorAll<HTMLElement>('tbody tr'));
      if (next.disabled) break;
      fireEvent.click(next);
    }
    const previous = within(board).getByRole('button', { name: 'Previous' }) as HTMLButtonElement;
    while (!previous.disabled) fireEvent.click(previous);
    const families = Object.keys(results!.models);
    expect(new Set(rows.map((row) => row.dataset.family))).toEqual(new Set(families));
    for (const row of rows) {
      const test = cells(row)[8].textContent;
      if (row.dataset.finalist === 'true') expect(test).toMatch(/^\d\.\d{4}$/);
      else expect(test).toBe('');
    }
    const validation = () => [...board.querySelectorAll('tbody tr')].map((row) => Number(cells(row as HTMLElement)[2].textContent!.split(' ± ')[0]));
    expect(validation()).toEqual([...validation()].sort((a, b) => b - a));
    fireEvent.click(within(board).getByRole('button', { name: 'Sort by Validation macro-F1 (pooled ± sd of the folds)' }));
    expect(validation()).toEqual([...validation()].sort((a, b) => a - b));
    expect(board.querySelector('th[aria-sort="ascending"]')).toBeTruthy();
  });

  it('formats numbers: integers as is, others with 4 decimals, per-request accuracy as a percentage', () => {
    if (!ready('scores')) return;
    const first = results!.resultados[0];
    const row = bodyRows('table-resultados')[0];
    const texts = cells(row).map((cell) => cell.textContent);
    expect(texts[2]).toBe(String(first.TotalIntances));
    const expectNumber = (text: string | null, value: number | null) =>
      expect(text).toBe(value === null ? '' : Number.isInteger(value) ? String(value) : value.toFixed(4));
    expectNumber(texts[3], first.Accuracy);
    expectNumber(texts[6], first.f1);
    for (const text of cellTexts('table-summary', 2)) expect(text).toMatch(/^\d{1,3}\.\d{2}%$/);
  });

  it('says "no test rows" for a class without test rows, not a score', () => {
    if (!results) return;
    const r = results;
    const empty = { ...r.resultados[0], TotalIntances: 0, Accuracy: 1, precision: 0, recall: 0, f1: 0 };
    renderWithProviders(<FinalResults jobId="abcdefghij0123456789" results={{ ...r, resultados: [empty, ...r.resultados.slice(1)] }} database="WHO" />);
    openSections('scores');
    const texts = cells(bodyRows('table-resultados')[0]).map((cell) => cell.textContent);
    expect(texts.slice(2)).toEqual(['0', 'no test rows', 'no test rows', 'no test rows', 'no test rows']);
  });

  it('sorts predictions by year and indicators by information gain', () => {
    if (!ready('model-RF', 'indicators')) return;
    const years = cellTexts('table-predictions-RF', 2).map(Number);
    expect(years).toEqual([...years].sort((a, b) => a - b));
    const ig = cellTexts('table-used-indicators', 2).map(Number);
    expect(ig).toEqual([...ig].sort((a, b) => b - a));
  });

  it('pages the predictions 20 rows at a time', () => {
    if (!ready('model-RF')) return;
    const total = results!.models.RF!.predictions.length;
    const pages = Math.ceil(total / 20);
    expect(total).toBeGreaterThan(20);
    const section = screen.getByTestId('table-predictions-RF');
    expect(bodyRows('table-predictions-RF')).toHaveLength(20);
    expect(within(section).getByText(`Page 1 of ${pages}`)).toBeTruthy();
    fireEvent.click(within(section).getByRole('button', { name: 'Next' }));
    expect(within(section).getByText(`Page 2 of ${pages}`)).toBeTruthy();
  });

  it("filters Hits ('acertos') and Errors ('erros')", () => {
    if (!ready('model-RF')) return;
    const type = screen.getByLabelText('Type');
    fireEvent.change(type, { target: { value: 'acertos' } });
    for (const row of bodyRows('table-predictions-RF')) {
      const [, , , actual, predicted] = cells(row);
      expect(predicted.textContent).toBe(actual.textContent);
    }
    fireEvent.change(type, { target: { value: 'erros' } });
    const errors = results!.models.RF!.predictions.filter((p) => p.actual !== p.predicted).length;
    const rows = bodyRows('table-predictions-RF');
    if (errors === 0) expect(rows[0].textContent).toBe('No rows.');
    else
      for (const row of rows) {
        const [, , , actual, predicted] = cells(row);
        expect(predicted.textContent).not.toBe(actual.textContent);
      }
  });

  it('filters by year, algorithm and category', () => {
    if (!ready('model-RF', 'model-KNN', 'scores')) return;
    const r = results!;
    const years = [...new Set(r.models.RF!.predictions.map((p) => p.time))].sort();
    expect(years.length).toBeGreaterThan(1);
    fireEvent.change(screen.getByLabelText('Year'), { target: { value: String(years[0]) } });
    expect(new Set(cellTexts('table-predictions-RF', 2))).toEqual(new Set([String(years[0])]));

    fireEvent.change(screen.getByLabelText('Algorithm'), { target: { value: 'KNN' } });
    expect(screen.queryByTestId('model-RF')).toBeNull();
    expect(screen.getByTestId('model-KNN')).toBeTruthy();
    expect(new Set(cellTexts('table-resultados', 0))).toEqual(new Set(['KNN']));

    const category = r.classes[r.classes.length - 1].title;
    fireEvent.change(screen.getByLabelText('Category'), { target: { value: category } });
    expect(new Set(cellTexts('table-resultados', 1))).toEqual(new Set([category]));
    const actual = cellTexts('table-predictions-KNN', 3);
    if (actual[0] !== 'No rows.') expect(new Set(actual)).toEqual(new Set([category]));

    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(screen.getByTestId('model-RF')).toBeTruthy();
  });

  it('explains how to read the results in a popup with a close button', async () => {
    if (!results) return;
    renderWithProviders(<FinalResults jobId="abcdefghij0123456789" results={results} database="WHO" />);
    fireEvent.click(screen.getByRole('button', { name: 'How to read the results' }));
    expect(await screen.findByText(/Baselines: the majority class/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
  });
});

describe('Prediction sets in the per-model tables', { timeout: 60_000 }, () => {
  it('shows each row\'s set beside the predicted class, the titles joined with "or"', () => {
    if (!results) return;
    const r = results;
    const algorithm = Object.keys(r.models)[0] as keyof typeof r.models;
    const model = r.models[algorithm]!;
    // Each row's set: its actual and its predicted class (one title when they agree).
    const withSets: AutoMLResults = {
      ...r,
      models: { ...r.models, [algorithm]: { ...model, predictions: model.predictions.map((p) => ({ ...p, set: [...new Set([p.actual, p.predicted])] })) } },
    };
    renderWithProviders(<FinalResults jobId="abcdefghij0123456789" results={withSets} database="WHO" />);
    openSections(`model-${algorithm}`);
    const testId = `table-predictions-${algorithm}`;
    expect(headerTexts(testId).at(-2)).toBe('Prediction set');
    for (const row of bodyRows(testId)) {
      const [actual, predicted, set] = cells(row).slice(3, 6).map((cell) => cell.textContent);
      expect(set).toBe(actual === predicted ? actual : `${actual} or ${predicted}`);
    }
  });
});
