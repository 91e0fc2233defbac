import { fireEvent, screen } from '@testing-library/react';
import type { AutoMLResults, IndicatorNames } from '@indicata/contracts';
import { renderWithProviders } from '../../test/render.tsx';
import { FinalResults } from './components/FinalResults.tsx';
import { ConfigurationSection } from './components/ConfigurationSection.tsx';

const NAMES: IndicatorNames = {
  MDG_0000000007: 'Under-five mortality rate (probability of dying by age 5 per 1000 live births)',
  WHOSIS_000004: 'Adult mortality rate (probability of dying between 15 and 60 years per 1000 population)',
  WHS7_156: 'Per capita total expenditure on health at average exchange rate (US$)',
};
const CODES = /MDG_0000000007|WHOSIS_000004|WHS7_156/;

const summary = { TotalIntances: 2, accuracy: 0.5, macroPrecision: 0.5, macroRecall: 0.5, macroF1: 0.5, weightedF1: 0.5, MAE: 0.5, MAPE: 0.5, MSE: 0.5, RMSE: 0.7, KGE: 0.1 };

/** A WHO job's results, columns by code, as small as the sections under test allow. */
const results = {
  format: 'indicata-results',
  version: 1,
  best: 'RF',
  bestReason: 'RF has the highest validation macro-F1.',
  seed: 1,
  elapsedSeconds: 1,
  budgetSeconds: 30,
  labels: { space: 'countryName', region: 'regionName', time: 'year', target: 'MDG_0000000007' },
  classes: [],
  split: { mode: 'year', testYear: 2016, testRegion: null, testPercent: null, actualTestFraction: 0.1, trainYears: [2014, 2015], testYears: [2016], trainRows: 4, testRows: 2, folds: [{ validationYears: [2015], trainRows: 2, validationRows: 2 }], description: '' },
  resultados: [],
  summary: [],
  models: {
    RF: {
      algorithm: 'RF', params: {}, paramsSource: 'auto', validationMacroF1: 0.5, validationMacroF1Std: 0, test: summary, predictions: [],
      confusionMatrix: { labels: [], matrix: [] }, hyperparameters: [], permutationImportance: null,
      impurityImportance: [
        { Feature: 'MDG_0000000007 (previous known value)', Importance: 0.6 },
        { Feature: 'WHOSIS_000004-SEX_FMLE', Importance: 0.4 },
      ],
      search: { evaluated: 1, planned: 1, budgetBound: false, seconds: 1 }, fitSeconds: 1,
    },
  },
  baselines: [],
  cvGap: null,
  usedIndicators: [{ indicatorAnalyzingName: 'WHOSIS_000004-SEX_FMLE', missingDatasPercent: 0, ig: 0.3, pearson: 0.5 }],
  unusedIndicators: [{ indicatorAnalyzingName: 'WHS7_156', missingDatasPercent: 90, ig: null, pearson: null, reason: 'not in the manual list' }],
  correlationMatrix: { labels: ['WHOSIS_000004-SEX_FMLE', 'MDG_0000000007'], values: [[1, 0.5], [0.5, 1]] },
  outliers: [],
  warnings: [],
} as unknown as AutoMLResults;

const open = (...ids: string[]) => ids.forEach((id) => fireEvent.click(screen.getByTestId(`section-${id}`).querySelector('button')!));
const text = (testId: string) => screen.getByTestId(testId).textContent ?? '';

afterEach(() => vi.unstubAllGlobals());

describe('a WHO job names its indicators on the result page', () => {
  it('in the importance, indicator and correlation tables (the indicator tables with the code beside the name)', async () => {
    renderWithProviders(<FinalResults jobId="abcdefghij0123456789" results={results} database="WHO" names={NAMES} />);
    open('model-RF', 'indicators', 'correlation');
    expect(text('table-features-RF')).toContain(`${NAMES.MDG_0000000007} (previous known value)`);
    expect(text('table-features-RF')).toContain(`${NAMES.WHOSIS_000004}, female`);
    expect(text('table-features-RF')).not.toMatch(CODES);
    expect(text('table-used-indicators')).toContain(`${NAMES.WHOSIS_000004}, female (WHOSIS_000004-SEX_FMLE)`);
    expect(text('table-unused-indicators')).toContain(`${NAMES.WHS7_156} (WHS7_156)`);
    expect(text('table-correlation')).toContain(NAMES.MDG_0000000007);
    expect(text('table-correlation')).not.toMatch(CODES);
    // The correlation table's narrow columns take the short names.
    const headers = [...screen.getByTestId('table-correlation').querySelectorAll('thead th')].map((cell) => cell.textContent);
    expect(headers).toEqual(['', 'Adult mortality rate, female', 'Under-five mortality rate']);
    // The charts' lazy chunk (one for every chart) loads before the test ends (a load after the test DOM is gone
    // fails the run), and the importance chart's summary names the most important feature.
    const bars = await screen.findByTestId('chart-features-RF', {}, { timeout: 15_000 });
    expect(bars.getAttribute('aria-label')).toContain(`${NAMES.MDG_0000000007} (previous known value)`);
    // The lazy chunk may take up to 15 s on a loaded machine: more than the suite's 20 s default leaves after rendering.
  }, 45_000);

  it("in the configuration, from the catalog when the results carry no names (a job finished before they were stored)", async () => {
    const job = {
      id: 'abcdefghij0123456789', name: 'Mortality', currentTime: '2025-03-07 21:05:00.000', createdAt: '2025-03-07T21:05:00.000Z', status: 'done', database: 'WHO', progress: null, errorMessage: null,
      data: { database: 'WHO', uploadId: null, codePredictionIndicator: 'WHOSIS_000004', predictionIndicatorDimensions: ['SEX_FMLE'], predictionIndicatorYear: 2016, indicatorsAnalyzingCode: ['WHS7_156'], MLAlgorithms: ['RF'] },
      results: { ...results, usedIndicators: [] },
      report: null,
    };
    vi.stubGlobal('fetch', async (url: string) => {
      const body = String(url).includes('/api/who/indicator-labels') ? { ...NAMES, OTHER: 'Other' } : { job };
      return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    });
    renderWithProviders(<ConfigurationSection jobId={job.id} />);
    fireEvent.click(screen.getByRole('button', { name: /AutoML Configurations/ }));
    expect(await screen.findByText(`${NAMES.WHOSIS_000004}, female (WHOSIS_000004-SEX_FMLE)`)).toBeTruthy();
    expect(await screen.findByText(`${NAMES.WHS7_156} (WHS7_156)`)).toBeTruthy();
  });
});
