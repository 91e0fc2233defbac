import {
  comparisonSentence,
  headlineComparisons,
  recommendedSentence,
  ruleSentences,
  type AutoMLResults,
  type BaselineComparison,
  type BootstrapScores,
  type SummaryMetrics,
} from '@indicata/contracts';
import { initI18n } from '../../lib/i18n.ts';
import { baselineSentence, formatScore, scoreFormat, wrapLabel } from './verdict.ts';

const intervals: BootstrapScores = {
  macroF1: { estimate: 0.732, low: 0.702, high: 0.761 },
  accuracy: { estimate: 0.74, low: 0.72, high: 0.77 },
  resamples: 1000,
  level: 0.95,
  seed: 1,
  unit: 'place',
  units: 120,
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

/** Results whose run recommends the persistence rule (what the verdict's sentences read). */
function persistenceRecommended(): AutoMLResults {
  const test = (macroF1: number) => ({ macroF1 }) as SummaryMetrics;
  return {
    best: 'Persistence',
    labels: { space: 'countryName', time: 'year', target: 'rate' },
    models: { Persistence: { algorithm: 'Persistence', validationMacroF1: 0.91, test: test(0.93), predictions: [] } },
    baselines: [
      { name: 'majority', description: '', test: test(0.3), validation: { macroF1: 0.28, std: 0.01 } },
      { name: 'persistence', description: '', test: test(0.93), validation: { macroF1: 0.91, std: 0.02 } },
    ],
    baselinesAtLeastAsGood: [],
    choice: {
      model: 'RF',
      modelValidationMacroF1: 0.912,
      tieBreak: null,
      ensemble: { considered: true, chosen: false, bestMember: 'RF', margin: 0.001, standardError: 0.004 },
      rules: { best: 'Persistence', validationMacroF1: 0.91, margin: 0.002, standardError: 0.005 },
      recommended: 'Persistence',
    },
  } as unknown as AutoMLResults;
}

describe("the verdict's first line", () => {
  const fill = (lng: string, key: string, values: Record<string, string | number>) => initI18n().getFixedT(lng, 'results')(`verdict.${key}`, values);

  it('names a recommended persistence rule and compares it with the other baseline on validation and on test, with the interval', () => {
    const results = persistenceRecommended();
    const comparisons = headlineComparisons(results);
    // Not compared with itself.
    expect(comparisons.map((c) => c.name)).toEqual(['majority']);
    const head = recommendedSentence(results, 'Persistence', 'en');
    const line = comparisonSentence(comparisons[0], 'Majority-class baseline', intervals, formatScore);
    expect(`${fill('en', head.key, head.values)} ${fill('en', line.key, line.values)}`).toBe(
      'Recommended: the persistence rule (each country keeps its class of its latest year). ' +
        'It beats the Majority-class baseline on validation (0.91 against 0.28) and on test (0.93, 95% interval 0.70 to 0.76, against 0.30).',
    );
    const headPt = recommendedSentence(results, 'Persistence', 'pt-BR');
    expect(`${fill('pt-BR', headPt.key, headPt.values)} ${fill('pt-BR', line.key, { ...line.values, name: 'Referência da classe majoritária' })}`).toBe(
      'Recomendada: a regra de persistência (cada país mantém a classe do seu último ano). ' +
        'Supera a Referência da classe majoritária na validação (0.91 contra 0.28) e no teste (0.93, intervalo de 95%: 0.70 a 0.76, contra 0.30).',
    );
  });

  it('says in plain words that no model improved on the rule, with the figures behind it, in both languages', () => {
    const [plain, evidence] = ruleSentences(persistenceRecommended(), 'en', formatScore);
    expect(fill('en', plain.key, plain.values)).toBe("The best rule here is to keep each country's class of its latest year; no model improved on it.");
    expect(fill('en', evidence.key, evidence.values)).toBe(
      "The best model, RF, scored 0.912 on validation against the rule's 0.910: a difference of 0.002, within one standard error (0.005).",
    );
    const [plainPt] = ruleSentences(persistenceRecommended(), 'pt-BR', formatScore);
    expect(fill('pt-BR', plainPt.key, plainPt.values)).toBe('A melhor regra aqui é manter a classe de cada país do seu último ano; nenhum modelo a superou.');
    // A CSV's own place column: "each place".
    const csv = { ...persistenceRecommended(), labels: { space: 'municipio', time: 'ano', target: 'taxa' } } as AutoMLResults;
    expect(fill('en', ruleSentences(csv, 'en', formatScore)[0].key, ruleSentences(csv, 'en', formatScore)[0].values)).toContain("keep each place's class");
  });

  it('says when the best model predicted what the rule predicts on every validation row, in both languages', () => {
    const results = persistenceRecommended();
    results.choice = { ...results.choice!, rules: { best: 'Persistence', validationMacroF1: 0.9736, margin: 0, standardError: 0, samePredictions: true } };
    const [, evidence] = ruleSentences(results, 'en', formatScore);
    expect(fill('en', evidence.key, evidence.values)).toBe(
      'The best model, RF, predicted on every validation row what the rule predicts (0.974 both): it learned the rule and adds nothing to it.',
    );
    const [, evidencePt] = ruleSentences(results, 'pt-BR', formatScore);
    expect(fill('pt-BR', evidencePt.key, evidencePt.values)).toBe(
      'O melhor modelo, RF, previu em todas as linhas de validação o mesmo que a regra (0.974 ambos): aprendeu a regra e nada lhe acrescenta.',
    );
    // Not "a difference of 0.000, within one standard error (0.000)".
    expect(ruleSentences(results, 'en', formatScore).map((s) => s.key)).not.toContain('ruleEvidence');
  });

  it('says when the model led only on classes too rare to count, with the lead that counted, in both languages', () => {
    const results = persistenceRecommended();
    const supportedClasses = { classes: [0, 1, 2], minRows: 5, margin: -0.0514 };
    results.choice = { ...results.choice!, modelValidationMacroF1: 0.9736, rules: { best: 'Persistence', validationMacroF1: 0.8642, margin: 0.1094, standardError: 0.0732, supportedClasses } };
    const [, behind] = ruleSentences(results, 'en', formatScore);
    expect(fill('en', behind.key, behind.values)).toBe(
      "The best model, RF, scored 0.974 on validation against the rule's 0.864, a difference of 0.109; but on the classes with at least 5 validation rows, the ones that count as evidence, it was behind the rule by 0.051 (standard error 0.073).",
    );
    const [, behindPt] = ruleSentences(results, 'pt-BR', formatScore);
    expect(fill('pt-BR', behindPt.key, behindPt.values)).toBe(
      'O melhor modelo, RF, obteve 0.974 na validação contra 0.864 da regra, uma diferença de 0.109; mas nas classes com pelo menos 5 linhas de validação, as que contam como evidência, ficou atrás da regra por 0.051 (erro-padrão 0.073).',
    );
    results.choice.rules!.supportedClasses = { ...supportedClasses, margin: 0.0442 };
    const [, within] = ruleSentences(results, 'en', formatScore);
    expect(fill('en', within.key, within.values)).toContain('it led by only 0.044, within one standard error (0.073).');
    // Not ahead on every class: no lead to speak of, on any classes.
    results.choice.rules!.margin = -0.004;
    const [, notAhead] = ruleSentences(results, 'en', formatScore);
    expect(fill('en', notAhead.key, notAhead.values)).toBe("The best model, RF, scored 0.974 on validation against the rule's 0.864: it did not improve on the rule.");
    const [, notAheadPt] = ruleSentences(results, 'pt-BR', formatScore);
    expect(fill('pt-BR', notAheadPt.key, notAheadPt.values)).toBe('O melhor modelo, RF, obteve 0.974 na validação contra 0.864 da regra: não melhorou a regra.');
  });

  it('says when the rule won because the model did not hold up over the test horizon, in both languages', () => {
    const results = persistenceRecommended();
    results.choice = {
      ...results.choice!,
      rules: { best: 'Persistence', validationMacroF1: 0.81, margin: 0.11, standardError: 0.05 },
      horizon: { years: [2007, 2008, 2009, 2010, 2011], trainedThrough: 2006, rows: 900, modelMacroF1: 0.585, ruleMacroF1: 0.825, standardError: 0.05, passed: false, compared: [{ algorithm: 'RF', modelMacroF1: 0.585, standardError: 0.05, passed: false }] },
    };
    const [, evidence] = ruleSentences(results, 'en', formatScore);
    expect(fill('en', evidence.key, evidence.values)).toBe(
      "The best model, RF, was ahead of the rule one year ahead, but trained on the years up to 2006 and scored on 2007-2011, as far ahead as the test years reach, it scored 0.585 against the rule's 0.825, behind it (standard error of the difference 0.050): its lead did not last.",
    );
    const [, evidencePt] = ruleSentences(results, 'pt-BR', formatScore);
    expect(fill('pt-BR', evidencePt.key, evidencePt.values)).toContain('avaliado em 2007-2011');
    // The one-step sentence ("within one standard error") would be false here: it is not said.
    expect(ruleSentences(results, 'en', formatScore).map((s) => s.key)).not.toContain('ruleEvidence');
  });

  it('says when the rule won because the model, ahead on the pooled validation rows, was not ahead year by year (one test year)', () => {
    const results = persistenceRecommended();
    results.choice = {
      ...results.choice!,
      rules: { best: 'Persistence', validationMacroF1: 0.671, margin: 0.135, standardError: 0.096 },
      horizon: null,
      yearly: { years: [2010, 2011, 2012, 2013], modelMacroF1: 0.770, ruleMacroF1: 0.7795, standardError: 0.095, passed: false, compared: [{ algorithm: 'RF', modelMacroF1: 0.770, ruleMacroF1: 0.7795, standardError: 0.095, passed: false }] },
    };
    const [, evidence] = ruleSentences(results, 'en', formatScore);
    expect(fill('en', evidence.key, evidence.values)).toBe(
      "The best model, RF, was ahead of the rule on the validation years taken together, but scored year by year on 2010-2013, as the single test year will be, it averaged 0.770 against the rule's 0.780, not ahead by more than the noise from year to year (standard error 0.095). Its lead did not hold year by year.",
    );
    const [, evidencePt] = ruleSentences(results, 'pt-BR', formatScore);
    expect(fill('pt-BR', evidencePt.key, evidencePt.values)).toContain('avaliado ano a ano em 2010-2013');
    expect(ruleSentences(results, 'en', formatScore).map((s) => s.key)).not.toContain('ruleEvidence');
  });

  it('says when the rule is recommended because the budget left no time to check the model over the test horizon', () => {
    const results = persistenceRecommended();
    results.choice = { ...results.choice!, rules: { best: 'Persistence', validationMacroF1: 0.81, margin: 0.11, standardError: 0.05 }, horizon: null, horizonSkipped: 'not enough time left in the budget (predicted 4.1 s)' };
    const [, evidence] = ruleSentences(results, 'en', formatScore);
    expect(fill('en', evidence.key, evidence.values)).toBe(
      "The best model, RF, was ahead of the rule one year ahead (0.912 against 0.810 on validation), but the time budget left no time to check that its lead lasts as far ahead as the test years, so the rule is recommended; a larger budget lets the check run.",
    );
    const [, evidencePt] = ruleSentences(results, 'pt-BR', formatScore);
    expect(fill('pt-BR', evidencePt.key, evidencePt.values)).toContain('um orçamento maior permite a verificação');
    expect(ruleSentences(results, 'en', formatScore).map((s) => s.key)).not.toContain('ruleEvidence');
  });

  it('names a recommended model and says where it does not beat a baseline', () => {
    const results = { ...persistenceRecommended(), best: 'RF', models: { RF: { algorithm: 'RF', validationMacroF1: 0.9, test: { macroF1: 0.9 }, predictions: [] } }, baselinesAtLeastAsGood: ['persistence'] } as unknown as AutoMLResults;
    results.choice = { ...results.choice!, recommended: 'RF', rules: null };
    const comparisons = headlineComparisons(results);
    expect(comparisons.map((c) => [c.name, c.validation?.beaten, c.test.beaten])).toEqual([
      ['majority', true, true],
      ['persistence', true, false],
    ]);
    const line = comparisonSentence(comparisons[1], 'Persistence baseline', intervals, formatScore);
    expect(fill('en', line.key, line.values)).toBe(
      'It beats the Persistence baseline on validation (0.912 against 0.910) but not on test (0.90, 95% interval 0.70 to 0.76, against 0.93).',
    );
    expect(fill('en', recommendedSentence(results, 'RF', 'en').key, { model: 'RF' })).toBe('Recommended: RF.');
    expect(ruleSentences(results, 'en', formatScore)).toEqual([]);
  });

  it('falls back to test alone for results without the baselines\' validation scores', () => {
    const results = persistenceRecommended();
    results.baselines = results.baselines.map(({ validation: _, ...b }) => b);
    const [comparison] = headlineComparisons(results);
    expect(comparison.validation).toBeNull();
    expect(comparisonSentence(comparison, 'Majority-class baseline', intervals, formatScore).key).toBe('againstTestBeats');
  });
});

describe('chart labels', () => {
  it('wrap at spaces onto two lines, and end in an ellipsis only when two are not enough', () => {
    expect(wrapLabel('RF', 20, 2)).toEqual({ lines: ['RF'], cut: false });
    expect(wrapLabel('Referência de persistência', 20, 2)).toEqual({ lines: ['Referência de', 'persistência'], cut: false });
    expect(wrapLabel('Referência da classe majoritária', 20, 2)).toEqual({ lines: ['Referência da classe', 'majoritária'], cut: false });
    const long = wrapLabel('Ensemble (a weighted vote of KNN, DT, RF and SVM)', 20, 2);
    expect(long.cut).toBe(true);
    expect(long.lines).toHaveLength(2);
    expect(long.lines.every((line) => line.length <= 20)).toBe(true);
    expect(long.lines[1]).toMatch(/…$/);
  });
});

describe('scoreFormat', () => {
  it('never shows a score short of perfect as 1.00, nor one above nothing as 0.00', () => {
    expect(formatScore(0.99694)).toBe('0.997');
    expect(formatScore(0.99996)).toBe('1.0000');
    expect(formatScore(1)).toBe('1.00');
    expect(formatScore(0.0004)).toBe('0.0004');
    expect(formatScore(0)).toBe('0.00');
    expect(formatScore(0.9805)).toBe('0.98');
    expect(scoreFormat('pt-BR')(0.99694)).toBe('0,997');
  });
});
