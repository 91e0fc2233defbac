import { describe, expect, it } from 'vitest';
import { autoMLResultsSchema, type AutoMLResults } from '@indicata/contracts';
import { resultsFixture } from './results-fixture.ts';
import { builtinSectionHtml } from './builtin-prose.ts';
import { sectionFacts } from './facts.ts';
import { collectFacts, unsupportedNumbers } from '../assistant/number-check.ts';
import { scoreLinesOf } from '../mail/job-mail.ts';

/** A rule recommended by a run of the fixture: its validation and test scores, and the search's choice beside it. */
interface RuleRun {
  rule: 'Persistence' | 'Trend';
  validation: number;
  test: { macroF1: number; accuracy: number };
  modelValidation: number;
  margin: number;
  reason: string;
}

/** The fixture as a run that recommends `run.rule`, the rule a model of the results, the ensemble weighed. */
function ruleRecommended(
  run: RuleRun,
  baselines: (b: AutoMLResults['baselines'][number], ruleTest: AutoMLResults['baselines'][number]['test']) => AutoMLResults['baselines'][number],
): AutoMLResults {
  const results = resultsFixture();
  const rf = results.models.RF!;
  const test = { ...rf.test, ...run.test };
  const params = { rule: run.rule === 'Persistence' ? 'keeps the class' : 'projects the trend' };
  results.models[run.rule] = { ...rf, algorithm: run.rule, params, paramsSource: 'rule', validationMacroF1: run.validation, validationMacroF1Std: 0.03, test, hyperparameters: [], impurityImportance: null, permutationImportance: null };
  results.best = run.rule;
  results.bestReason = run.reason;
  results.baselines = results.baselines.map((b) => baselines(b, test));
  results.baselinesAtLeastAsGood = [];
  results.choice = {
    model: 'RF',
    modelValidationMacroF1: run.modelValidation,
    tieBreak: null,
    ensemble: { considered: true, chosen: false, bestMember: 'RF', margin: 0.0012, standardError: 0.0081 },
    rules: { best: run.rule, validationMacroF1: run.validation, margin: run.margin, standardError: 0.0074 },
    recommended: run.rule,
  };
  return autoMLResultsSchema.parse(results);
}

/**
 * The fixture as a run that recommends the persistence rule: RF (the search's choice) does not beat the rule on
 * validation by more than one standard error, the rule is a model of the results, and the ensemble was weighed.
 */
export function persistenceRecommended(): AutoMLResults {
  return ruleRecommended(
    { rule: 'Persistence', validation: 0.781, test: { macroF1: 0.7801, accuracy: 0.82 }, modelValidation: 0.7842, margin: 0.0032, reason: "no model beats the rule of keeping each place's class of its latest earlier year by more than the noise of the validation folds" },
    (b, ruleTest) => (b.name === 'persistence' ? { ...b, test: ruleTest, validation: { macroF1: 0.781, std: 0.03 } } : { ...b, validation: { macroF1: 0.2, std: 0.01 } }),
  );
}

const text = (html: string) => html.replace(/<[^>]+>/g, ' ');

describe('a recommended persistence rule is said plainly', () => {
  it('report (en): the rule in plain words first, the figures behind it, the ensemble decision, no "adds nothing" caveat', () => {
    const en = text(builtinSectionHtml(persistenceRecommended(), 'results', 'en'));
    expect(en).toContain("The best rule here is to keep each country's class of its latest year; no model improved on it.");
    expect(en.indexOf('The best rule here')).toBe(en.search(/\S/));
    expect(en).toContain("The best model, RF, scored 0.784 on validation against the rule's 0.781: a difference of 0.003, within one standard error (0.007).");
    expect(en).toContain('The ensemble was not chosen: it did not beat its best member, RF, by more than the noise (0.001 on validation, standard error 0.008).');
    expect(en).toMatch(/It beats the Majority-class baseline on validation \(0\.781 against 0\.200\) and on test \(0\.780, 95% interval \d\.\d{3} to \d\.\d{3}, against 0\.210\)\./);
    expect(en).not.toContain('Plainly');
    expect(en).not.toContain('The chosen model is');
    // The rule is not compared with its own baseline.
    expect(en).not.toContain('The persistence baseline scores');
    expect(text(builtinSectionHtml(persistenceRecommended(), 'hyperparameters', 'en'))).toContain('Persistence: a fixed rule, nothing searched or fitted');
  });

  it('report (pt-BR): the same, in Portuguese', () => {
    const pt = text(builtinSectionHtml(persistenceRecommended(), 'results', 'pt-BR'));
    expect(pt).toContain('A melhor regra aqui é manter a classe de cada país do seu último ano; nenhum modelo a superou.');
    expect(pt).toContain('O ensemble não foi escolhido: não superou seu melhor membro, RF, por mais que o ruído (0,001 na validação, erro-padrão 0,008).');
    expect(pt).not.toContain('Em termos claros');
  });

  it('report: a chosen ensemble is reported with its margin; a model run says nothing of rules', () => {
    const results = resultsFixture();
    results.choice = { model: 'RF', modelValidationMacroF1: 0.7842, tieBreak: null, ensemble: { considered: true, chosen: true, bestMember: 'KNN', margin: 0.0213, standardError: 0.0101 }, rules: null, recommended: 'RF' };
    const en = text(builtinSectionHtml(results, 'results', 'en'));
    expect(en).toContain('The ensemble was chosen: it beat its best member, KNN, by 0.021 on validation (standard error 0.010).');
    expect(en).toMatch(/On the \d+ test rows the chosen model RF reached an accuracy/);
    expect(en).not.toContain('The best rule here');
    expect(text(builtinSectionHtml(results, 'results', 'pt-BR'))).toMatch(/Nas \d+ linhas de teste o modelo escolhido RF obteve acurácia/);
  });

  it('report: an ensemble first among the models while a rule is recommended is the best model, not "chosen", and the test figures name the rule', () => {
    const results = trendRecommended();
    results.choice = { ...results.choice!, model: 'Ensemble', ensemble: { considered: true, chosen: true, bestMember: 'SVM', margin: 0.0071, standardError: 0.0052 } };
    const en = text(builtinSectionHtml(results, 'results', 'en'));
    expect(en).toContain('Among the models the ensemble came first: it beat its best member, SVM, by 0.007 on validation (standard error 0.005).');
    expect(en).not.toContain('The ensemble was chosen');
    // The test sentence follows the ensemble's: "it" would read as the ensemble, whose test score is another.
    expect(en).toMatch(/On the \d+ test rows the recommended Trend rule reached an accuracy of 93\.0% and a macro-F1 of 0\.901/);
    const pt = text(builtinSectionHtml(results, 'results', 'pt-BR'));
    expect(pt).toContain('Entre os modelos o ensemble ficou em primeiro: superou seu melhor membro, SVM, por 0,007 na validação (erro-padrão 0,005).');
    expect(pt).not.toContain('O ensemble foi escolhido');
    expect(pt).toMatch(/Nas \d+ linhas de teste a regra Trend recomendada obteve acurácia de 93,0%/);
  });

  it("the number check accepts the choice's figures a language model may quote", () => {
    const results = persistenceRecommended();
    const allowed = collectFacts([sectionFacts(results, 'results'), results.baselines, results.choice]);
    expect(unsupportedNumbers('The rule scored 0.781 on validation against 0.784 for RF, a margin of 0.003 (standard error 0.007); the ensemble missed by 0.001.', allowed)).toEqual([]);
    expect(unsupportedNumbers('The rule scored 0.555 on validation.', allowed)).toEqual(['0.555']);
  });

  it('e-mail: the rule sentence first, in the job\'s language, and the rule is "(chosen)" without the caveat', () => {
    const en = scoreLinesOf(persistenceRecommended());
    expect(en[0]).toBe("The best rule here is to keep each country's class of its latest year; no model improved on it.");
    expect(en[1]).toMatch(/^The best model, RF, scored 0\.784 on validation/);
    expect(en.some((l) => l.startsWith('Persistence (chosen):'))).toBe(true);
    // The persistence baseline is that line; the majority baseline, not a candidate here, has its own.
    expect(en.filter((l) => /^(Baseline persistence|Persistence)\b/.test(l))).toHaveLength(1);
    expect(en.filter((l) => l.startsWith('Baseline majority:'))).toHaveLength(1);
    expect(en.some((l) => l.startsWith('Plainly'))).toBe(false);
    const pt = scoreLinesOf(persistenceRecommended(), 'pt-BR');
    expect(pt[0]).toBe('A melhor regra aqui é manter a classe de cada país do seu último ano; nenhum modelo a superou.');
    expect(pt.some((l) => l.startsWith('Persistence (escolhido):'))).toBe(true);
    expect(scoreLinesOf(resultsFixture())[0]).not.toMatch(/best rule/);
  });
});

describe('a simpler baseline as good as the recommended rule on test', () => {
  /** The persistence run of the fixture where the majority baseline matches the rule on the test rows. */
  function majorityAsGood(): AutoMLResults {
    const results = persistenceRecommended();
    results.baselines = results.baselines.map((b) => (b.name === 'majority' ? { ...b, test: { ...b.test, macroF1: 0.7901 } } : b));
    results.baselinesAtLeastAsGood = ['majority'];
    return results;
  }

  it('report and e-mail call it the recommended rule, not a model that adds nothing, in both languages', () => {
    const en = text(builtinSectionHtml(majorityAsGood(), 'results', 'en'));
    expect(en).toContain('Plainly: on the test rows the majority baseline (macro-F1 0.790) did at least as well as the recommended Persistence rule (0.780), so that simpler rule would have served as well on these years.');
    expect(en).not.toContain('adds nothing');
    const pt = text(builtinSectionHtml(majorityAsGood(), 'results', 'pt-BR'));
    expect(pt).toContain('foi pelo menos tão boa quanto a regra Persistence recomendada (0,780); nesses anos essa regra mais simples teria servido igualmente.');
    expect(pt).not.toContain('não acrescenta nada');
    expect(scoreLinesOf(majorityAsGood())).toContain('Plainly: the majority baseline scored at least as well as the recommended Persistence rule on the test rows.');
    expect(scoreLinesOf(majorityAsGood(), 'pt-BR').some((line) => line.includes('quanto a regra Persistence recomendada nas linhas de teste'))).toBe(true);
  });
});

describe('a model vetoed year by year (one test year)', () => {
  it('report and e-mail say that its pooled lead did not hold year by year, in both languages', () => {
    const results = persistenceRecommended();
    results.choice = {
      ...results.choice!,
      rules: { best: 'Persistence', validationMacroF1: 0.781, margin: 0.0532, standardError: 0.0214 },
      yearly: { years: [2010, 2011, 2012, 2013], modelMacroF1: 0.8012, ruleMacroF1: 0.7904, standardError: 0.0391, passed: false, compared: [{ algorithm: 'RF', modelMacroF1: 0.8012, ruleMacroF1: 0.7904, standardError: 0.0391, passed: false }] },
    };
    const sentence =
      "The best model, RF, was ahead of the rule on the validation years taken together, but scored year by year on 2010-2013, as the single test year will be, it averaged 0.801 against the rule's 0.790, not ahead by more than the noise from year to year (standard error 0.039). Its lead did not hold year by year.";
    const en = text(builtinSectionHtml(results, 'results', 'en'));
    expect(en).toContain(sentence);
    // The one-step sentence would say the model was within one standard error of the rule, which is not so here.
    expect(en).not.toContain('within one standard error (0.021)');
    expect(scoreLinesOf(results)[1]).toBe(sentence);
    expect(text(builtinSectionHtml(results, 'results', 'pt-BR'))).toContain('avaliado ano a ano em 2010-2013');
    expect(scoreLinesOf(results, 'pt-BR')[1]).toMatch(/^O melhor modelo, RF, superava a regra nos anos de validação tomados em conjunto, .* obteve em média 0,801 contra 0,790 da regra/);
  });
});

describe('a model that predicted what the rule predicts on every validation row', () => {
  it('report and e-mail say it learned the rule, not "a difference of 0.000 within one standard error", in both languages', () => {
    const results = persistenceRecommended();
    results.choice = { ...results.choice!, modelValidationMacroF1: 0.781, rules: { best: 'Persistence', validationMacroF1: 0.781, margin: 0, standardError: 0, samePredictions: true } };
    const sentence = 'The best model, RF, predicted on every validation row what the rule predicts (0.781 both): it learned the rule and adds nothing to it.';
    const en = text(builtinSectionHtml(results, 'results', 'en'));
    expect(en).toContain(sentence);
    expect(en).not.toContain('a difference of 0.000');
    expect(scoreLinesOf(results)[1]).toBe(sentence);
    expect(text(builtinSectionHtml(results, 'results', 'pt-BR'))).toContain('O melhor modelo, RF, previu em todas as linhas de validação o mesmo que a regra (0,781 ambos)');
    expect(scoreLinesOf(results, 'pt-BR')[1]).toMatch(/^O melhor modelo, RF, previu em todas as linhas de validação o mesmo que a regra/);
    // A language model writing the report is told so too.
    expect(sectionFacts(results, 'results')).toMatchObject({ choice: { rules: { samePredictions: true } } });
  });
});

/** The fixture as a run that recommends the trend rule, which beats both baselines on validation and on test. */
function trendRecommended(): AutoMLResults {
  return ruleRecommended(
    {
      rule: 'Trend',
      validation: 0.912,
      test: { macroF1: 0.9012, accuracy: 0.93 },
      modelValidation: 0.9101,
      margin: -0.0019,
      reason: "no model beats the rule of projecting each place's latest yearly change of the target to the row's year and taking that value's class by more than the noise of the validation folds",
    },
    (b) => ({ ...b, validation: { macroF1: b.name === 'persistence' ? 0.781 : 0.2, std: 0.01 } }),
  );
}

describe('a recommended trend rule', () => {
  it('report and e-mail say the trend rule in words, and compare it with the persistence baseline it is not', () => {
    const en = text(builtinSectionHtml(trendRecommended(), 'results', 'en'));
    expect(en).toContain("The best rule here is to carry each country's latest yearly change forward and take the class of the value it reaches; no model improved on it.");
    expect(en).toMatch(/It beats the Persistence baseline on validation \(0\.912 against 0\.781\) and on test \(0\.901, 95% interval \d\.\d{3} to \d\.\d{3}, against 0\.680\)\./);
    expect(text(builtinSectionHtml(trendRecommended(), 'hyperparameters', 'en'))).toContain('Trend: a fixed rule, nothing searched or fitted');
    const pt = text(builtinSectionHtml(trendRecommended(), 'results', 'pt-BR'));
    expect(pt).toContain('A melhor regra aqui é prolongar a última variação anual de cada país e tomar a classe do valor alcançado; nenhum modelo a superou.');
    expect(scoreLinesOf(trendRecommended())[0]).toBe("The best rule here is to carry each country's latest yearly change forward and take the class of the value it reaches; no model improved on it.");
    expect(scoreLinesOf(trendRecommended(), 'pt-BR').some((l) => l.startsWith('Trend (escolhido):'))).toBe(true);
  });
});

describe('a model whose lead over the rule rested on classes of a few validation rows', () => {
  it('report and e-mail give the lead on the classes that count, not "a difference of 0.109 within one standard error", in both languages', () => {
    const results = persistenceRecommended();
    const supportedClasses = { classes: [0, 1], minRows: 5, margin: -0.0514 };
    results.choice = { ...results.choice!, modelValidationMacroF1: 0.8904, rules: { best: 'Persistence', validationMacroF1: 0.781, margin: 0.1094, standardError: 0.0654, supportedClasses } };
    const sentence =
      "The best model, RF, scored 0.890 on validation against the rule's 0.781, a difference of 0.109; but on the classes with at least 5 validation rows, the ones that count as evidence, it was behind the rule by 0.051 (standard error 0.065).";
    const en = text(builtinSectionHtml(results, 'results', 'en'));
    expect(en).toContain(sentence);
    expect(en).not.toContain('within one standard error (0.065)');
    expect(scoreLinesOf(results)[1]).toBe(sentence);
    expect(scoreLinesOf(results, 'pt-BR')[1]).toMatch(/^O melhor modelo, RF, obteve 0,890 na validação contra 0,781 da regra, uma diferença de 0,109; mas nas classes com pelo menos 5 linhas/);
    // A language model writing the report is told which reading the choice made.
    expect(sectionFacts(results, 'results')).toMatchObject({ choice: { rules: { supportedClasses: { classes: [0, 1], minRows: 5, margin: -0.0514 } } } });
  });
});
