import type { BaselineComparison, BootstrapScores, SummaryMetrics } from '@indicata/contracts';
import { initI18n } from '../../lib/i18n.ts';
import { baselineSentence } from './verdict.ts';

const intervals: BootstrapScores = {
  macroF1: { estimate: 0.732, low: 0.702, high: 0.761 },
  accuracy: { estimate: 0.74, low: 0.72, high: 0.77 },
  resamples: 1000,
  level: 0.95,
  seed: 1,
};
const baseline = (macroF1: number, beaten: boolean): BaselineComparison => ({ name: 'persistence', test: { macroF1 } as SummaryMetrics, beaten });

describe('a baseline in the verdict', () => {
  it('is beaten plainly when its score lies below the chosen model\'s interval', () => {
    expect(baselineSentence(baseline(0.5, true), 0.732, intervals)).toEqual({ key: 'beats', values: { score: '0.50', chosen: '0.73', level: 95 } });
  });

  it('is beaten only narrowly inside the interval, with a third decimal when two would print both scores alike', () => {
    expect(baselineSentence(baseline(0.73, true), 0.732, intervals)).toEqual({ key: 'beatsNarrowly', values: { score: '0.730', chosen: '0.732', level: 95 } });
    expect(baselineSentence(baseline(0.71, true), 0.732, intervals).key).toBe('beatsNarrowly');
    // Without an interval (no test rows to resample) nothing says narrowly.
    expect(baselineSentence(baseline(0.73, true), 0.732, null).key).toBe('beats');
  });

  it('is not beaten when it scores at least as well, with figures that show the difference', () => {
    expect(baselineSentence(baseline(0.734, false), 0.732, intervals)).toEqual({ key: 'doesNotBeat', values: { score: '0.734', chosen: '0.732', level: 95 } });
    expect(baselineSentence(baseline(0.9, false), 0.732, intervals).values.score).toBe('0.90');
  });

  it('reads as a sentence in both languages', () => {
    const line = baselineSentence(baseline(0.73, true), 0.732, intervals);
    const sentence = (lng: string) => initI18n().getFixedT(lng, 'results')(`verdict.${line.key}`, { name: 'Persistence baseline', ...line.values });
    expect(sentence('en')).toBe(
      "Beats the Persistence baseline only narrowly (test macro-F1 0.730 against 0.732, inside the model's 95% interval): the lead may be chance.",
    );
    expect(sentence('pt-BR')).toContain('por pouco (macro-F1 de teste 0.730 contra 0.732, dentro do intervalo de 95% do modelo)');
  });
});
