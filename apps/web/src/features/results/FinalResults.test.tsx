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

const ready = () => {
  if (!results) return false;
  renderWithProviders(<FinalResults jobId="abcdefghij0123456789" results={results} database="WHO" />);
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
  it('renders every table with the spec columns', () => {
    if (!ready()) return;
    const r = results!;
    expect(screen.getByText('Final results')).toBeTruthy();
    expect(headerTexts('table-resultados')).toEqual(['Algorithm', 'Category', 'TotalIntances', 'Accuracy', 'precision', 'recall', 'f1']);
    expect(headerTexts('table-summary')).toEqual(['Category', 'Algorithm', 'Total Instances', 'Accuracy', 'MAE', 'MAPE', 'MSE', 'RMSE', 'precision', 'recall', 'f1', 'KGE']);
    for (const algorithm of Object.keys(r.models)) {
      expect(headerTexts(`table-predictions-${algorithm}`)).toEqual(['countryName', 'regionName', 'year', 'Actual Value', 'Prediction']);
      expect(screen.getByTestId(`table-confusion-${algorithm}`)).toBeTruthy();
    }
    for (const algorithm of ['DT', 'RF', 'KNN', 'ANN']) {
      expect(headerTexts(`table-hyperparameters-${algorithm}`)).toEqual(['rank_test_score', 'params', 'mean_test_score', 'std_test_score']);
    }
    expect(headerTexts('table-ann-hyperparameters')).toEqual(['num_layers', 'neurons', 'activation', 'dropout_rate', 'optimizer', 'score']);
    expect(headerTexts('table-features-RF')).toEqual(['Feature', 'Importance']);
    expect(headerTexts('table-used-indicators')).toEqual(['indicatorAnalyzingName', 'missingDatasPercent', 'ig']);
    expect(screen.getByTestId('table-unused-indicators')).toBeTruthy();
    expect(headerTexts('table-correlation').slice(1)).toEqual(r.correlationMatrix.labels);
    expect(screen.getByTestId('table-outliers')).toBeTruthy();
    expect(screen.getByTestId('table-baselines')).toBeTruthy();
    expect(within(screen.getByTestId('table-baselines')).getByText('Majority-class baseline')).toBeTruthy();
    expect(within(screen.getByTestId('table-baselines')).getByText('Persistence baseline')).toBeTruthy();
  });

  it('formats numbers: integers as is, others with 4 decimals, per-request accuracy as a percentage', () => {
    if (!ready()) return;
    const first = results!.resultados[0];
    const row = bodyRows('table-resultados')[0];
    const texts = cells(row).map((cell) => cell.textContent);
    expect(texts[2]).toBe(String(first.TotalIntances));
    const expectNumber = (text: string | null, value: number | null) =>
      expect(text).toBe(value === null ? '' : Number.isInteger(value) ? String(value) : value.toFixed(4));
    expectNumber(texts[3], first.Accuracy);
    expectNumber(texts[6], first.f1);
    for (const text of cellTexts('table-summary', 3)) expect(text).toMatch(/^\d{1,3}\.\d{2}%$/);
  });

  it('sorts predictions by year, hyperparameters by rank and indicators by ig', () => {
    if (!ready()) return;
    const years = cellTexts('table-predictions-RF', 2).map(Number);
    expect(years).toEqual([...years].sort((a, b) => a - b));
    const ranks = cellTexts('table-hyperparameters-RF', 0).map(Number);
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    const ig = cellTexts('table-used-indicators', 2).map(Number);
    expect(ig).toEqual([...ig].sort((a, b) => b - a));
  });

  it('pages the predictions 20 rows at a time', () => {
    if (!ready()) return;
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
    if (!ready()) return;
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
    if (!ready()) return;
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
    if (!ready()) return;
    fireEvent.click(screen.getByRole('button', { name: 'How to read the results' }));
    expect(await screen.findByText(/Baselines: the majority class/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
  });
});
