import { screen } from '@testing-library/react';
import type { AutoMLResults, ModelResult } from '@indicata/contracts';
import { renderWithProviders } from '../../../test/render.tsx';
import { Leaderboard } from './Leaderboard.tsx';

const model = (algorithm: ModelResult['algorithm'], validation: number, test: number, extra: Partial<ModelResult> = {}): ModelResult =>
  ({
    algorithm,
    params: {},
    paramsSource: 'auto',
    validationMacroF1: validation,
    validationMacroF1Std: 0.01,
    test: { macroF1: test },
    predictions: [],
    hyperparameters: [{ rank_test_score: 1, params: { max_depth: 3 }, mean_test_score: validation, std_test_score: 0.01, fold_scores: [validation], scaler: null }],
    fitSeconds: 1,
    ...extra,
  }) as unknown as ModelResult;

describe('Leaderboard with the rules', () => {
  it('shows the recommended persistence rule as chosen, with what it does instead of settings, and majority beside it', () => {
    const results = {
      best: 'Persistence',
      models: {
        DT: model('DT', 0.9, 0.88),
        Persistence: model('Persistence', 0.91, 0.93, { paramsSource: 'rule', hyperparameters: [] }),
        Majority: model('Majority', 0.3, 0.28, { paramsSource: 'rule', hyperparameters: [] }),
      },
      baselines: [],
    } as unknown as AutoMLResults;
    renderWithProviders(<Leaderboard results={results} />);
    const rows = screen.getByTestId('leaderboard').querySelectorAll('tbody tr');
    expect([...rows].map((r) => [r.getAttribute('data-family'), r.getAttribute('data-rule')])).toEqual([
      ['Persistence', 'true'],
      ['DT', 'false'],
      ['Majority', 'true'],
    ]);
    expect(rows[0]!.textContent).toContain('chosen');
    expect(rows[0]!.textContent).toContain('Rule: each place keeps its class of its latest earlier year');
    expect(rows[0]!.textContent).toContain('0.9100 ± 0.0100');
    expect(rows[0]!.textContent).toContain('0.9300');
    expect(rows[2]!.textContent).toContain('Rule: always the most frequent training class');
    expect(rows[2]!.textContent).not.toContain('chosen');
    // A rule fits nothing: its time cells say so, not "not recorded" as for a lost timing.
    const cellsOf = (row: Element) => [...row.querySelectorAll('td')].map((cell) => cell.textContent);
    expect(cellsOf(rows[0]!)).toEqual(expect.arrayContaining(['nothing fitted', '—']));
    expect(rows[0]!.textContent).not.toContain('not recorded');
  });
});
