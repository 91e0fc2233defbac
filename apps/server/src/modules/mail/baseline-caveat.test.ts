import type { AutoMLResults } from '@indicata/contracts';
import { resultsFixture } from '../reports/results-fixture.ts';
import { builtinSectionHtml } from '../reports/builtin-prose.ts';
import { scoreLinesOf } from './job-mail.ts';

/** The fixture with the persistence baseline scoring above the chosen model on the test rows. */
function persistenceWins(): AutoMLResults {
  const results = resultsFixture();
  const chosen = results.models[results.best]?.test.macroF1 ?? 0;
  results.baselines = results.baselines.map((b) => (b.name === 'persistence' ? { ...b, test: { ...b.test, macroF1: chosen + 0.05 } } : b));
  return results;
}

describe('a baseline at least as good as the chosen model is said plainly', () => {
  it('e-mail: a first line says so, and the model is not called "chosen" without the caveat', () => {
    const lines = scoreLinesOf(persistenceWins());
    expect(lines[0]).toMatch(/^Plainly: the persistence baseline scored at least as well as the chosen model/);
    expect(lines.some((l) => l.includes(' (chosen):'))).toBe(false);
    expect(lines.some((l) => l.includes('(chosen on validation, but the persistence baseline did at least as well on the test rows)'))).toBe(true);
  });

  it('e-mail: a model that beats every baseline is simply "(chosen)"', () => {
    const lines = scoreLinesOf(resultsFixture());
    expect(lines[0]).not.toMatch(/Plainly/);
    expect(lines.some((l) => l.includes(' (chosen):'))).toBe(true);
  });

  it('report: the results section opens with it, in English and Portuguese', () => {
    const en = builtinSectionHtml(persistenceWins(), 'results', 'en');
    expect(en.indexOf('Plainly')).toBeGreaterThanOrEqual(0);
    expect(en.indexOf('Plainly')).toBeLessThan(en.indexOf('The chosen model is'));
    const pt = builtinSectionHtml(persistenceWins(), 'results', 'pt-BR');
    expect(pt).toContain('Em termos claros');
    expect(builtinSectionHtml(resultsFixture(), 'results', 'en')).not.toContain('Plainly');
  });
});

describe('a test lead inside the recommendation\'s own interval is said to be possibly chance', () => {
  /** The fixture with the persistence baseline at `gap` below the chosen model on the test rows. */
  function persistenceBehindBy(gap: number): AutoMLResults {
    const results = resultsFixture();
    const chosen = results.models[results.best]?.test.macroF1 ?? 0;
    results.baselines = results.baselines.map((b) => (b.name === 'persistence' ? { ...b, test: { ...b.test, macroF1: chosen - gap } } : b));
    return results;
  }

  it('in the e-mail and the report, in English and Portuguese, and not when the lead clears the interval', () => {
    const narrow = persistenceBehindBy(0.001);
    expect(scoreLinesOf(narrow).filter((l) => /Its lead over the Persistence baseline on test .* may be chance\./.test(l))).toHaveLength(1);
    expect(scoreLinesOf(narrow, 'pt-BR').some((l) => /Sua vantagem sobre a Referência de persistência no teste .* pode ser acaso\./.test(l))).toBe(true);
    expect(builtinSectionHtml(narrow, 'results', 'en')).toMatch(/Its lead over the Persistence baseline on test \(0\.\d{3} against 0\.\d{3}\) is inside its 95% interval/);
    expect(builtinSectionHtml(narrow, 'results', 'pt-BR')).toContain('pode ser acaso');
    const clear = persistenceBehindBy(0.6);
    expect(scoreLinesOf(clear).some((l) => l.includes('may be chance'))).toBe(false);
    expect(builtinSectionHtml(clear, 'results', 'en')).not.toContain('may be chance');
  });
});
