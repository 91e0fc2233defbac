import { screen } from '@testing-library/react';
import { autoJobSettings, jobDataSchema } from '@indicata/contracts';
import { renderWithProviders } from '../../../test/render.tsx';
import { wizardStateFromJob } from '../clone-job.ts';
import { TargetSummary } from './TargetSummary.tsx';

const data = (overrides: Record<string, unknown>) =>
  jobDataSchema.parse({
    ...autoJobSettings(),
    database: 'WHO',
    uploadId: null,
    codePredictionIndicator: 'WHOSIS_000001',
    predictionIndicatorDimensions: ['SEX_FMLE'],
    predictionIndicatorYear: 2015,
    MLAlgorithms: ['DT'],
    timeDimension: 'year',
    regionDimension: 'regionName',
    ...overrides,
  });

afterEach(() => vi.unstubAllGlobals());

describe("a cloned job's target", () => {
  it('reads by its WHO name, dimension and code (a clone brings only the code)', async () => {
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ WHOSIS_000001: 'Life expectancy at birth (years)' }), { status: 200, headers: { 'content-type': 'application/json' } }));
    renderWithProviders(<TargetSummary state={wizardStateFromJob(data({}), 'Life (copy)')} />);
    const input = screen.getByTestId<HTMLInputElement>('current-target');
    await vi.waitFor(() => expect(input.value).toBe('Life expectancy at birth (years), female (WHOSIS_000001-SEX_FMLE)'));
  });

  it("keeps an upload's column as it is", () => {
    renderWithProviders(<TargetSummary state={wizardStateFromJob(data({ database: 'panel.csv', uploadId: 'u1', codePredictionIndicator: 'cases', predictionIndicatorDimensions: [] }), 'Cases (copy)')} />);
    expect(screen.getByTestId<HTMLInputElement>('current-target').value).toBe('cases');
  });
});
