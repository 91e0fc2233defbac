import { screen } from '@testing-library/react';
import type { AutoMLResults, ModelResult, PredictionRow } from '@indicata/contracts';
import { renderWithProviders } from '../../../test/render.tsx';
import { NO_FILTERS } from '../filters.ts';
import { ModelSection } from './ModelSection.tsx';

// happy-dom has no canvas: a chart is its summary here (drawn in Chromium by e2e).
vi.mock('../charts/EChart.tsx', () => ({
  EChart: ({ summary, testId }: { summary: string; testId?: string }) => <div role="img" aria-label={summary} data-testid={testId} />,
}));

const row = (predicted: string, set?: string[]): PredictionRow =>
  ({ space: 'Brazil', region: null, time: 2016, actual: 'Low', predicted, actualIndex: 0, predictedIndex: 0, correct: predicted === 'Low', actualValue: 1, outlier: false, imputed: false, ...(set ? { set } : {}) }) as PredictionRow;
const results = { labels: { space: 'countryName', region: null, time: 'year', target: 'score' } } as unknown as AutoMLResults;
const model = (predictions: PredictionRow[]) => ({ algorithm: 'KNN', predictions, conformal: { method: 'lac', nominal: 0.9, thresholds: [0.5], coverage: 0.93, meanSetSize: 1.1 }, confusionMatrix: null }) as unknown as ModelResult;

describe("a model's section", () => {
  it('says why no row has a set when the server left out misplaced ones, and offers the re-run', () => {
    renderWithProviders(<ModelSection model={model([row('Low'), row('High')])} results={results} filters={NO_FILTERS} />);
    expect(screen.getByTestId('sets-withdrawn-KNN').textContent).toMatch(/^Each row's prediction set is not shown: .* Re-run the job to see each row's set\.$/);
  });

  it('shows the sets, and no such sentence, when the rows have them', () => {
    renderWithProviders(<ModelSection model={model([row('Low', ['Low'])])} results={results} filters={NO_FILTERS} />);
    expect(screen.queryByTestId('sets-withdrawn-KNN')).toBeNull();
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toContain('Prediction set');
  });
});
