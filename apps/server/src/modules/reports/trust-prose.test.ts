import { describe, expect, it } from 'vitest';
import type { AutoMLResults } from '@indicata/contracts';
import { resultsFixture } from './results-fixture.ts';
import { builtinSectionHtml } from './builtin-prose.ts';
import { sectionFacts } from './facts.ts';
import { collectFacts, unsupportedNumbers } from '../assistant/number-check.ts';

/** The fixture with a trust report: 90% nominal, 82% reached (2021 short), temperature scaling kept. */
function withTrust(): AutoMLResults {
  const results = resultsFixture();
  results.trust = {
    conformal: {
      nominal: 0.9,
      method: 'lac',
      test: {
        coverage: 0.82,
        meanSetSize: 1.34,
        byYear: [
          { year: 2020, coverage: 0.93, meanSetSize: 1.3, rows: 40 },
          { year: 2021, coverage: 0.71, meanSetSize: 1.4, rows: 38 },
        ],
        byClass: [],
      },
      compared: [{ method: 'aps', coverage: 0.88, meanSetSize: 1.9, emptySets: 0 }],
    },
    calibration: {
      method: 'temperature',
      kept: true,
      temperature: 1.37,
      validation: { logLossBefore: 0.91, logLossAfter: 0.84 },
      test: { brierBefore: 0.312, brierAfter: 0.297, eceBefore: 0.081, eceAfter: 0.043, logLossBefore: 0.95, logLossAfter: 0.88 },
      reliability: { before: [], after: [] },
    },
  };
  return results;
}

const text = (html: string) => html.replace(/<[^>]+>/g, ' ');

describe('the report states coverage and calibration from results.trust', () => {
  it('en: nominal and reached coverage, set size, the shortfall and its year, the calibration figures', () => {
    const results = withTrust();
    const en = text(builtinSectionHtml(results, 'results', 'en'));
    expect(en).toContain(`Prediction sets of ${results.best}: 90% nominal coverage, 82.0% reached on the test years, 1.3 classes per set on average.`);
    expect(en).toContain('Coverage falls 8.0 points short of the nominal');
    expect(en).toContain('More than 5 points below the nominal in 2021 (71.0%).');
    expect(en).toContain(
      `Temperature scaling of the probabilities of ${results.best} (temperature 1.37) improved them on the validation years, out of the sample it was fitted on; on the test rows it takes the expected calibration error (ECE) from 0.081 to 0.043 and the Brier score from 0.312 to 0.297.`,
    );
    // Nothing served is rescaled: the sentence says so, and how to rescale.
    expect(en).toContain("The probabilities the app, the API and the ONNX file give are the model's own: to rescale one row's, raise each class's probability (a zero counts as one trillionth) to the power 1/1.37 and divide by their sum.");
  });

  it('a run validated on random folds of one year speaks of validation folds, not validation years', () => {
    const results = withTrust();
    results.split = { ...results.split, trainYears: [2000], folds: results.split.folds.map((fold) => ({ ...fold, validationYears: [] })) };
    for (const locale of ['en', 'pt-BR'] as const) {
      const prose = text(builtinSectionHtml(results, 'results', locale));
      expect(prose).not.toMatch(/validation years|anos de validação/);
      expect(prose).toContain(locale === 'en' ? 'improved them on the validation folds' : 'as melhorou nas dobras de validação');
    }
  });

  it('pt-BR: the same figures with a decimal comma', () => {
    const pt = text(builtinSectionHtml(withTrust(), 'results', 'pt-BR'));
    expect(pt).toContain('cobertura nominal de 90%, 82,0% alcançada nos anos de teste, com 1,3 classes por conjunto em média.');
    expect(pt).toContain('Mais de 5 pontos abaixo da nominal em 2021 (71,0%).');
    expect(pt).toContain('de 0,081 para 0,043 e o escore de Brier de 0,312 para 0,297.');
    expect(pt).toContain('eleve a probabilidade de cada classe (um zero conta como um trilionésimo) à potência 1/1,37 e divida pela soma.');
  });

  it('says nothing of sets for results without a trust report', () => {
    const results = resultsFixture();
    delete results.trust;
    expect(text(builtinSectionHtml(results, 'results', 'en'))).not.toContain('Prediction sets');
  });

  it('a report quoting the trust figures passes the number check; an invented coverage does not', () => {
    const results = withTrust();
    const allowed = collectFacts([sectionFacts(results, 'results')]);
    const prose = text(builtinSectionHtml(results, 'results', 'en'));
    expect(unsupportedNumbers(prose.slice(prose.indexOf('Prediction sets')), allowed)).toEqual([]);
    expect(unsupportedNumbers('The sets reached 82% coverage against 90% nominal, 8 points short, 71% in 2021; APS reached 88%.', allowed)).toEqual([]);
    expect(unsupportedNumbers('The sets reached 64.5% coverage.', allowed)).toEqual(['64.5%']);
  });
});
