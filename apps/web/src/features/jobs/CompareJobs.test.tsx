import { screen } from '@testing-library/react';
import { autoJobSettings } from '@indicata/contracts';
import { renderRoutes } from '../../test/render.tsx';
import { CompareJobs } from './CompareJobs.tsx';

const job = (id: string, overrides: Record<string, unknown>) => ({
  id,
  name: `Job ${id.slice(0, 1)}`,
  currentTime: '2026-11-27 09:00:00.000',
  createdAt: '2026-11-27T09:00:00.000Z',
  status: 'done',
  database: 'WHO',
  progress: null,
  errorMessage: null,
  data: { ...autoJobSettings(), database: 'WHO', uploadId: null, codePredictionIndicator: 'WHOSIS_000001', predictionIndicatorDimensions: ['SEX_BTSX'], predictionIndicatorYear: 2015, MLAlgorithms: ['DT'], timeDimension: 'year', regionDimension: 'regionName', ...overrides },
  results: null,
  report: null,
});

const A = 'aaaaaaaaaa0123456789';
const B = 'bbbbbbbbbb0123456789';

afterEach(() => vi.unstubAllGlobals());

describe('compare view', () => {
  it('lists differing settings by their labels, indicators by their WHO names', async () => {
    const jobs: Record<string, unknown> = {
      [A]: job(A, { groupsCategorizationMethod: 'quantile' }),
      [B]: job(B, { groupsCategorizationMethod: 'equal-width', codePredictionIndicator: 'MDG_0000000007' }),
    };
    vi.stubGlobal('fetch', async (url: string) => {
      const path = String(url);
      const body = path.includes('/api/who/indicator-labels')
        ? { WHOSIS_000001: 'Life expectancy at birth (years)', MDG_0000000007: 'Under-five mortality rate (per 1000 live births)' }
        : { job: jobs[path.slice(path.lastIndexOf('/') + 1)] };
      return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    });
    renderRoutes([{ path: '/compare', element: <CompareJobs ids={[A, B]} /> }], '/compare');
    const table = await screen.findByTestId('compare-differences');
    expect(await screen.findByText('Life expectancy at birth (years), both sexes (WHOSIS_000001-SEX_BTSX)')).toBeTruthy();
    expect(screen.getByText('Under-five mortality rate (per 1000 live births), both sexes (MDG_0000000007-SEX_BTSX)')).toBeTruthy();
    const labels = [...table.querySelectorAll('tbody th')].map((cell) => cell.textContent);
    expect(labels.sort()).toEqual(['How the target groups are cut', 'Predicted indicator']);
    expect(table.textContent).toContain('Quantile (equal counts)');
    expect(table.textContent).not.toMatch(/groupsCategorizationMethod|codePredictionIndicator/);
  });

  it('scores the baselines beside the models, by their names', async () => {
    const results = (best: string, test: number) => ({
      best,
      models: { [best]: { validationMacroF1: test - 0.1, test: { macroF1: test, accuracy: 0.9 } } },
      baselines: [
        { name: 'persistence', test: { macroF1: 0.74 } },
        { name: 'majority', test: { macroF1: 0.23 } },
      ],
    });
    const jobs: Record<string, unknown> = { [A]: { ...job(A, {}), results: results('Persistence', 0.74) }, [B]: { ...job(B, { seed: 2 }), results: results('Trend', 0.95) } };
    vi.stubGlobal('fetch', async (url: string) => {
      const path = String(url);
      const body = path.includes('/api/who/indicator-labels') ? {} : { job: jobs[path.slice(path.lastIndexOf('/') + 1)] };
      return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    });
    renderRoutes([{ path: '/compare', element: <CompareJobs ids={[A, B]} /> }], '/compare');
    expect(await screen.findByText('Test macro-F1: Persistence baseline')).toBeTruthy();
    expect(screen.getByText('Test macro-F1: Majority-class baseline')).toBeTruthy();
    expect(screen.getByText('Test macro-F1: Trend')).toBeTruthy();
  });
});
