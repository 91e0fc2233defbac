import { describe, expect, it } from 'vitest';
import { ensembleSentence, testLeadCaveat, verdictText, type HeadlineComparison } from './rule-choice.ts';
import type { AutoMLResults } from './results.ts';
import type { BootstrapScores } from './result-verdict.ts';

const intervals: BootstrapScores = {
  macroF1: { estimate: 0.956, low: 0.921, high: 0.983 },
  accuracy: { estimate: 0.97, low: 0.95, high: 0.99 },
  resamples: 1000,
  level: 0.95,
  seed: 1,
  unit: 'place',
  units: 180,
};
const format = (x: number | null | undefined, digits = 2) => (typeof x === 'number' ? x.toFixed(digits) : '—');
const against = (chosen: number, baseline: number, beaten = chosen > baseline): HeadlineComparison => ({
  name: 'persistence',
  validation: null,
  test: { chosen, baseline, beaten },
});

describe('testLeadCaveat', () => {
  it('says a test lead may be chance when the baseline lies inside the recommendation\'s interval', () => {
    expect(testLeadCaveat(against(0.956, 0.953), 'persistence baseline', intervals, format)).toEqual({
      key: 'testLeadMayBeChance',
      values: { name: 'persistence baseline', test: '0.956', baselineTest: '0.953', level: 95, low: '0.921' },
    });
  });

  it('says nothing when the lead clears the interval, when there is no lead, or without an interval', () => {
    expect(testLeadCaveat(against(0.956, 0.9), 'persistence baseline', intervals, format)).toBeNull();
    expect(testLeadCaveat(against(0.95, 0.953), 'persistence baseline', intervals, format)).toBeNull();
    expect(testLeadCaveat(against(0.956, 0.953), 'persistence baseline', null, format)).toBeNull();
  });
});

describe('ensembleSentence', () => {
  const withEnsemble = (margin: number, chosen: boolean) =>
    ({ best: chosen ? 'Ensemble' : 'RF', choice: { ensemble: { considered: true, chosen, bestMember: 'RF', margin, standardError: 0.0033 } } }) as unknown as AutoMLResults;
  it('says an ensemble behind its best member scored below it, not that it did not beat it by more than the noise', () => {
    expect(ensembleSentence(withEnsemble(-0.0073, false), format)).toEqual({ key: 'ensembleBehind', values: { member: 'RF', margin: '-0.007', standardError: '0.003' } });
    expect(verdictText(ensembleSentence(withEnsemble(-0.0073, false), format)!, 'en')).toBe(
      'The ensemble was not chosen: it scored below its best member, RF (-0.007 on validation, standard error 0.003).',
    );
    expect(ensembleSentence(withEnsemble(0.001, false), format)?.key).toBe('ensembleNotChosen');
    expect(ensembleSentence(withEnsemble(0.02, true), format)?.key).toBe('ensembleChosen');
  });
});
