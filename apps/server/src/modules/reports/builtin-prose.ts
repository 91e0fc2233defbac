import {
  baselineLabel,
  baselinesAtLeastAsGood,
  comparisonSentences,
  cvGapReading,
  ensembleSentence,
  horizonTieSentence,
  formatFixed,
  formatPercentage,
  headlineComparisons,
  isRuleAlgorithm,
  isTargetHistoryColumn,
  recommendedIntervals,
  ruleSentences,
  showsCvGap,
  splitSentence,
  storyText,
  validationSentence,
  verdictText,
  warningTexts,
  type AutoMLResults,
  type ReportLocale,
  type ReportSectionKey,
} from '@indicata/contracts';
import { escapeHtml } from '../assistant/sanitize.ts';
import { classBalance, classRecalls, strongestCorrelations, topConfusion } from './facts.ts';
import { trustSentences } from './trust-prose.ts';

/**
 * The built-in analyst's prose for each report section: sentences computed from the results, in English or
 * Brazilian Portuguese. It is the default report and every language model's per-section fallback.
 */

const pct = (x: number | null | undefined, locale: ReportLocale = 'en'): string => (x === null || x === undefined ? '—' : formatPercentage(x, 1, locale));
const dec = (x: number | null | undefined, d = 3, locale: ReportLocale = 'en'): string => (x === null || x === undefined ? '—' : formatFixed(x, d, locale));

/** The same numbers written the Brazilian way (decimal comma). */
const pctPt = (x: number | null | undefined): string => pct(x, 'pt-BR');
const decPt = (x: number | null | undefined, d = 3): string => dec(x, d, 'pt-BR');

type Writer = (results: AutoMLResults) => string[];

const modelsOf = (results: AutoMLResults) => Object.values(results.models).filter((m) => !!m);

/** A count with its noun in the singular or the plural ("1 test row", "2 test rows"); the same rule in both languages. */
const count = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`;

/** Whether the chosen model has the highest validation macro-F1 of all the models in the results. */
const hasHighestValidation = (res: AutoMLResults): boolean => {
  const chosen = res.models[res.best]?.validationMacroF1;
  if (chosen === null || chosen === undefined) return false;
  return modelsOf(res).every((m) => (m.validationMacroF1 ?? -Infinity) <= chosen);
};

/**
 * What the verdict says first, in the report's language: a recommended rule in plain words (and the figures behind
 * it), the ensemble decision, and the recommendation against each baseline on validation and on test (with the
 * verdict's bootstrap interval of its test macro-F1, and the caveat when a test lead lies inside it).
 */
function choiceSentences(res: AutoMLResults, locale: ReportLocale): { rule: string[]; tie: string[]; ensemble: string[]; against: string[] } {
  const format = locale === 'pt-BR' ? (x: number | null | undefined, d?: number) => decPt(x, Math.max(3, d ?? 3)) : (x: number | null | undefined, d?: number) => dec(x, Math.max(3, d ?? 3));
  const intervals = recommendedIntervals(res);
  const ensemble = ensembleSentence(res, format);
  const tie = horizonTieSentence(res, format);
  return {
    rule: ruleSentences(res, locale, format).map((s) => verdictText(s, locale)),
    tie: tie ? [verdictText(tie, locale)] : [],
    ensemble: ensemble ? [verdictText(ensemble, locale)] : [],
    against: headlineComparisons(res).flatMap((c) => comparisonSentences(c, baselineLabel(c.name, locale), intervals, format).map((sentence) => verdictText(sentence, locale))),
  };
}

/**
 * How the rows were split and the models validated, from the results' fields (as the result page says it), so no
 * sentence of the report can speak of folds of later years when the validation folds were random.
 */
const splitAndValidation = (res: AutoMLResults, locale: ReportLocale): string[] => [storyText(splitSentence(res, locale), locale), storyText(validationSentence(res), locale)];

/** The share of test rows the engine filled and flagged (counted only with imputation off), or null without test rows. */
const imputedShare = (res: AutoMLResults): number | null => (res.split.testRows > 0 ? res.preprocessing.missingData.imputedTestRows / res.split.testRows : null);

/**
 * The run's inputs counted as a reader counts them: indicators used, columns of the target's own history beside them
 * (not indicators: the limit of 20 is on indicators), and indicators left out.
 */
const inputCounts = (res: AutoMLResults, locale: ReportLocale): { indicators: number; history: number; unused: number } => {
  const history = res.usedIndicators.filter((i) => isTargetHistoryColumn(i.indicatorAnalyzingName, locale)).length;
  return { indicators: res.usedIndicators.length - history, history, unused: res.unusedIndicators.length };
};

/** Why the model was chosen, without the engine's leading "<family>: ", which the report's sentence already names. */
const chosenReason = (res: AutoMLResults): string => (res.bestReason.startsWith(`${res.best}: `) ? res.bestReason.slice(res.best.length + 2) : res.bestReason);

const en: Record<ReportSectionKey, Writer> = {
  results: (res) => {
    const best = res.models[res.best];
    const beaten = baselinesAtLeastAsGood(res);
    const choice = choiceSentences(res, 'en');
    const out = [
      ...choice.rule,
      ...(beaten.length > 0 && best
        ? [
            `Plainly: on the test rows ${beaten.map((b) => `the ${b.name} baseline (macro-F1 ${dec(b.test.macroF1)})`).join(' and ')} did at least as well as ${
              isRuleAlgorithm(res.best)
                ? `the recommended ${res.best} rule (${dec(best.test.macroF1)}), so that simpler rule would have served as well on these years.`
                : `the chosen model ${res.best} (${dec(best.test.macroF1)}), so the model adds nothing over that simple rule on these years.`
            }`,
          ]
        : []),
      isRuleAlgorithm(res.best) ? '' : `The chosen model is ${res.best}: ${chosenReason(res)}`,
      ...choice.tie,
      ...choice.ensemble,
      best
        ? `On the ${best.test.TotalIntances} test rows ${isRuleAlgorithm(res.best) ? `the recommended ${res.best} rule` : `the chosen model ${res.best}`} reached an accuracy of ${pct(best.test.accuracy)} and a macro-F1 of ${dec(best.test.macroF1)} (validation macro-F1 ${dec(best.validationMacroF1)}).`
        : '',
      ...choice.against,
    ];
    for (const b of res.baselines) {
      if (b.name === res.best.toLowerCase()) continue;
      out.push(`The ${b.name} baseline scores a macro-F1 of ${dec(b.test.macroF1)} (accuracy ${pct(b.test.accuracy)}); a useful model must beat it.`);
    }
    const ranked = modelsOf(res).sort((a, b) => (b.test.macroF1 ?? -1) - (a.test.macroF1 ?? -1));
    if (ranked.length > 1) out.push(`Test macro-F1 by algorithm: ${ranked.map((m) => `${m.algorithm} ${dec(m.test.macroF1)}`).join(', ')}.`);
    out.push(...trustSentences(res, 'en'));
    return out;
  },
  outliers: (res) => {
    const o = res.preprocessing.outliers;
    if (!o.quantiles) return ['Outlier removal was off: no target values were removed or flagged.'];
    return [
      `Target values outside ${dec(o.lower, 4)} to ${dec(o.upper, 4)} (IQR rule on the ${o.quantiles[0]}/${o.quantiles[1]} quantiles of the training rows, k = ${o.k}) count as outliers.`,
      `${o.removedTrainRows} training rows were removed and ${o.flaggedTestRows} test rows were kept and flagged, so the test set is never trimmed.`,
    ];
  },
  correlation: (res) => {
    const { withTarget, pairs } = strongestCorrelations(res);
    const out: string[] = [];
    if (withTarget.length) out.push(`Strongest linear correlations with the target ${res.labels.target}: ${withTarget.slice(0, 3).map((c) => `${c.feature} (r = ${dec(c.r)})`).join(', ')}.`);
    if (pairs.length) out.push(`Most correlated pair of inputs: ${pairs[0]!.a} and ${pairs[0]!.b} (r = ${dec(pairs[0]!.r)}); strongly correlated inputs carry overlapping information.`);
    if (!out.length) out.push('The correlation matrix has too few variables with values to comment on.');
    out.push('Correlation is computed on training rows only and does not imply causation.');
    return out;
  },
  features: (res) => {
    const { indicators, history, unused } = inputCounts(res, 'en');
    const leftOut = `${unused} ${unused === 1 ? 'was' : 'were'}`;
    const out = [
      history > 0
        ? `${indicators} indicators were used, with ${history} columns of the target's own history beside them, and ${leftOut} left out.`
        : `${indicators} indicators were used and ${leftOut} left out.`,
    ];
    const top = res.usedIndicators[0];
    if (top && top.ig !== null) out.push(`The most informative indicator is ${top.indicatorAnalyzingName} (information gain ${dec(top.ig)}, ${dec(top.missingDatasPercent, 1)}% missing).`);
    const best = res.models[res.best];
    const importance = best?.permutationImportance?.length ? best.permutationImportance : best?.impurityImportance;
    if (importance?.length) out.push(`For ${res.best}, the most important features are ${importance.slice(0, 3).map((f) => `${f.Feature} (${dec(f.Importance)})`).join(', ')}.`);
    return out;
  },
  confusion: (res) => {
    const out: string[] = [];
    const best = res.models[res.best];
    if (best) {
      const recalls = classRecalls(best).filter((c) => c.total > 0);
      const weakest = [...recalls].sort((a, b) => (a.recall ?? 0) - (b.recall ?? 0))[0];
      if (weakest) out.push(`For ${res.best}, the class recognised least often is ${weakest.title}: ${weakest.correct} of ${count(weakest.total, 'test row', 'test rows')} (${pct(weakest.recall)}).`);
      const confusion = topConfusion(best);
      if (confusion) out.push(`Its most frequent error is predicting ${confusion.predicted} for ${confusion.actual} (${count(confusion.count, 'row', 'rows')}).`);
      else out.push(`${res.best} made no errors on the test rows.`);
    }
    out.push('Rows of each matrix are the actual classes and columns the predicted ones; errors between neighbouring classes are less serious than distant ones.');
    return out;
  },
  detailed: (res) => {
    const rows = res.resultados.filter((r) => r.Algorithm === res.best && r.Category !== 'macro avg' && r.Category !== 'weighted avg');
    const out = rows.map((r) => `${r.Category}: ${count(r.TotalIntances, 'test row', 'test rows')}, precision ${dec(r.precision)}, recall ${dec(r.recall)}, F1 ${dec(r.f1)}.`);
    if (res.split.testYears.length) out.push(`Test years: ${res.split.testYears.join(', ')}.`);
    return out.length ? [`Per-class results of ${res.best}:`, ...out] : ['No per-class results were produced.'];
  },
  hyperparameters: (res) =>
    modelsOf(res).map(
      (m) =>
        `${m.algorithm}: ${m.paramsSource === 'auto' ? `searched ${m.search.evaluated} of ${m.search.planned} candidates${m.search.budgetBound ? ' before the time budget ran out' : ''}` : m.paramsSource === 'explicit' ? 'the parameters you gave' : m.paramsSource === 'rule' ? 'a fixed rule, nothing searched or fitted' : 'a weighted vote of the best models'}; validation macro-F1 ${dec(m.validationMacroF1)} ± ${dec(m.validationMacroF1Std)}.`,
    ),
  limitations: (res) => {
    const out: string[] = [];
    const balance = classBalance(res);
    if (balance) {
      out.push(
        `${balance.imbalanced ? 'Class imbalance' : 'Class sizes'}: the largest class (${balance.largest.title}) has ${balance.largest.count} training rows and the smallest (${balance.smallest.title}) ${balance.smallest.count}` +
          (balance.ratio !== null ? `, a ratio of ${dec(balance.ratio, 1)} to 1.` : '.') +
          (balance.testSmallest.count === 0
            ? ` The test set has no row of ${balance.testSmallest.title}, so the test says nothing about that class.`
            : ` The smallest class in the test set (${balance.testSmallest.title}) has ${count(balance.testSmallest.count, 'row', 'rows')}${balance.testSmallest.thin ? ', so its scores are uncertain.' : '.'}`),
      );
    }
    const md = res.preprocessing.missingData;
    // The engine counts test rows with a gap only when imputation is off (they are filled and flagged then); with the
    // mean or median every gap is filled, and the carry-forward sentence, or this one, says how.
    if (md.imputation === 'none') {
      out.push(
        `Imputation was off: ${md.droppedTrainRows} training rows with a missing value were dropped, and ${md.imputedTestRows} of ${res.split.testRows} test rows (${pct(imputedShare(res))}) had one, filled with the training median and flagged.`,
      );
    } else if (!md.carryForward) {
      out.push(`A missing indicator value was filled with the training ${md.imputation}; no row was dropped.`);
    }
    if (md.carryForward) {
      out.push(
        `A missing indicator value was filled with the country's latest earlier value of that indicator where there was one (${count(md.carriedTrainCells ?? 0, 'cell', 'cells')} of the training rows, ${count(md.carriedTestCells ?? 0, 'cell', 'cells')} of the test rows), otherwise with the training ${md.imputation}.`,
      );
    }
    out.push(...splitAndValidation(res, 'en'));
    if (res.cvGap && showsCvGap(res)) {
      out.push(
        `Forward-chaining validation gave a macro-F1 of ${dec(res.cvGap.forwardChaining)} for ${res.cvGap.algorithm}, random cross-validation ${dec(res.cvGap.randomKFold)}: a gap of ${dec(res.cvGap.gap)}. ` +
          (cvGapReading(res.cvGap.gap) === 'flatters' ? 'A random split would have flattered the model; expect the forward-chaining figure on future years.' : 'The model does not rely much on seeing the future.'),
      );
    }
    out.push(...warningTexts(res.warnings, 'en').translated);
    return out;
  },
};

const ptBR: Record<ReportSectionKey, Writer> = {
  results: (res) => {
    const best = res.models[res.best];
    const beaten = baselinesAtLeastAsGood(res);
    const choice = choiceSentences(res, 'pt-BR');
    const out = [
      ...choice.rule,
      ...(beaten.length > 0 && best
        ? [
            `Em termos claros: nas linhas de teste ${beaten.map((b) => `a ${baselineLabel(b.name, 'pt-BR').toLowerCase()} (macro-F1 ${decPt(b.test.macroF1)})`).join(' e ')} foi pelo menos tão boa quanto ${
              isRuleAlgorithm(res.best)
                ? `a regra ${res.best} recomendada (${decPt(best.test.macroF1)}); nesses anos essa regra mais simples teria servido igualmente.`
                : `o modelo escolhido ${res.best} (${decPt(best.test.macroF1)}); nesses anos o modelo não acrescenta nada a essa regra simples.`
            }`,
          ]
        : []),
      // The engine's reason is English text: say what the numbers show in Portuguese. The chosen model need not have
      // the highest validation score (one-standard-error rule, or a final fit that did not fit the time left).
      isRuleAlgorithm(res.best)
        ? ''
        : hasHighestValidation(res)
        ? `O modelo escolhido é ${res.best}: tem a maior macro-F1 nas dobras de validação (${decPt(best?.validationMacroF1 ?? null, 4)}); as métricas de teste não influenciaram a escolha.`
        : `O modelo escolhido é ${res.best}, com macro-F1 de ${decPt(best?.validationMacroF1 ?? null, 4)} nas dobras de validação: outro candidato pontuou um pouco mais, mas a diferença ficou dentro do ruído (regra de um erro-padrão) ou o seu ajuste final não cabia no tempo restante; as métricas de teste não influenciaram a escolha.`,
      ...choice.tie,
      ...choice.ensemble,
      best
        ? `Nas ${best.test.TotalIntances} linhas de teste ${isRuleAlgorithm(res.best) ? `a regra ${res.best} recomendada` : `o modelo escolhido ${res.best}`} obteve acurácia de ${pctPt(best.test.accuracy)} e macro-F1 de ${decPt(best.test.macroF1)} (macro-F1 de validação ${decPt(best.validationMacroF1)}).`
        : '',
      ...choice.against,
    ];
    for (const b of res.baselines.filter((x) => x.name !== res.best.toLowerCase())) out.push(`A ${baselineLabel(b.name, 'pt-BR').toLowerCase()} tem macro-F1 de ${decPt(b.test.macroF1)} (acurácia ${pctPt(b.test.accuracy)}); um modelo útil precisa superá-la.`);
    const ranked = modelsOf(res).sort((a, b) => (b.test.macroF1 ?? -1) - (a.test.macroF1 ?? -1));
    if (ranked.length > 1) out.push(`Macro-F1 de teste por algoritmo: ${ranked.map((m) => `${m.algorithm} ${decPt(m.test.macroF1)}`).join(', ')}.`);
    out.push(...trustSentences(res, 'pt-BR'));
    return out;
  },
  outliers: (res) => {
    const o = res.preprocessing.outliers;
    if (!o.quantiles) return ['A remoção de outliers estava desligada: nenhum valor do alvo foi removido ou marcado.'];
    return [
      `Valores do alvo fora de ${decPt(o.lower, 4)} a ${decPt(o.upper, 4)} (regra do IQR nos quantis ${o.quantiles[0]}/${o.quantiles[1]} das linhas de treino, k = ${o.k}) contam como outliers.`,
      `${o.removedTrainRows} linhas de treino foram removidas e ${o.flaggedTestRows} linhas de teste foram mantidas e marcadas; o conjunto de teste nunca é cortado.`,
    ];
  },
  correlation: (res) => {
    const { withTarget, pairs } = strongestCorrelations(res);
    const out: string[] = [];
    if (withTarget.length) out.push(`Correlações lineares mais fortes com o alvo ${res.labels.target}: ${withTarget.slice(0, 3).map((c) => `${c.feature} (r = ${decPt(c.r)})`).join(', ')}.`);
    if (pairs.length) out.push(`Par de entradas mais correlacionado: ${pairs[0]!.a} e ${pairs[0]!.b} (r = ${decPt(pairs[0]!.r)}); entradas muito correlacionadas trazem informação redundante.`);
    if (!out.length) out.push('A matriz de correlação tem poucas variáveis com valores para comentar.');
    out.push('A correlação é calculada só nas linhas de treino e não implica causalidade.');
    return out;
  },
  features: (res) => {
    const { indicators, history, unused } = inputCounts(res, 'pt-BR');
    const leftOut = `${unused} ${unused === 1 ? 'ficou' : 'ficaram'}`;
    const out = [
      history > 0
        ? `${indicators} indicadores foram usados, com ${history} colunas do histórico do próprio alvo ao lado deles, e ${leftOut} de fora.`
        : `${indicators} indicadores foram usados e ${leftOut} de fora.`,
    ];
    const top = res.usedIndicators[0];
    if (top && top.ig !== null) out.push(`O indicador mais informativo é ${top.indicatorAnalyzingName} (ganho de informação ${decPt(top.ig)}, ${decPt(top.missingDatasPercent, 1)}% ausente).`);
    const best = res.models[res.best];
    const importance = best?.permutationImportance?.length ? best.permutationImportance : best?.impurityImportance;
    if (importance?.length) out.push(`Para ${res.best}, as variáveis mais importantes são ${importance.slice(0, 3).map((f) => `${f.Feature} (${decPt(f.Importance)})`).join(', ')}.`);
    return out;
  },
  confusion: (res) => {
    const out: string[] = [];
    const best = res.models[res.best];
    if (best) {
      const recalls = classRecalls(best).filter((c) => c.total > 0);
      const weakest = [...recalls].sort((a, b) => (a.recall ?? 0) - (b.recall ?? 0))[0];
      if (weakest) out.push(`Para ${res.best}, a classe menos reconhecida é ${weakest.title}: ${weakest.correct} de ${count(weakest.total, 'linha de teste', 'linhas de teste')} (${pctPt(weakest.recall)}).`);
      const confusion = topConfusion(best);
      if (confusion) out.push(`O erro mais frequente é prever ${confusion.predicted} para ${confusion.actual} (${count(confusion.count, 'linha', 'linhas')}).`);
      else out.push(`${res.best} não errou nenhuma linha de teste.`);
    }
    out.push('As linhas de cada matriz são as classes reais e as colunas as previstas; erros entre classes vizinhas são menos graves que entre classes distantes.');
    return out;
  },
  detailed: (res) => {
    const rows = res.resultados.filter((r) => r.Algorithm === res.best && r.Category !== 'macro avg' && r.Category !== 'weighted avg');
    const out = rows.map((r) => `${r.Category}: ${count(r.TotalIntances, 'linha de teste', 'linhas de teste')}, precisão ${decPt(r.precision)}, revocação ${decPt(r.recall)}, F1 ${decPt(r.f1)}.`);
    if (res.split.testYears.length) out.push(`Anos de teste: ${res.split.testYears.join(', ')}.`);
    return out.length ? [`Resultados por classe de ${res.best}:`, ...out] : ['Nenhum resultado por classe foi produzido.'];
  },
  hyperparameters: (res) =>
    modelsOf(res).map(
      (m) =>
        `${m.algorithm}: ${m.paramsSource === 'auto' ? `${m.search.evaluated} de ${m.search.planned} candidatos avaliados${m.search.budgetBound ? ' antes de acabar o tempo' : ''}` : m.paramsSource === 'explicit' ? 'os parâmetros informados' : m.paramsSource === 'rule' ? 'uma regra fixa, nada buscado nem ajustado' : 'votação ponderada dos melhores modelos'}; macro-F1 de validação ${decPt(m.validationMacroF1)} ± ${decPt(m.validationMacroF1Std)}.`,
    ),
  limitations: (res) => {
    const out: string[] = [];
    const balance = classBalance(res);
    if (balance) {
      out.push(
        `${balance.imbalanced ? 'Desbalanceamento' : 'Tamanho das classes'}: a maior classe (${balance.largest.title}) tem ${balance.largest.count} linhas de treino e a menor (${balance.smallest.title}) ${balance.smallest.count}` +
          (balance.ratio !== null ? `, uma razão de ${decPt(balance.ratio, 1)} para 1.` : '.') +
          (balance.testSmallest.count === 0
            ? ` O teste não tem nenhuma linha de ${balance.testSmallest.title}, então nada diz sobre essa classe.`
            : ` A menor classe no teste (${balance.testSmallest.title}) tem ${count(balance.testSmallest.count, 'linha', 'linhas')}${balance.testSmallest.thin ? '; suas métricas são incertas.' : '.'}`),
      );
    }
    const md = res.preprocessing.missingData;
    if (md.imputation === 'none') {
      out.push(
        `A imputação estava desligada: ${md.droppedTrainRows} linhas de treino com valor ausente foram descartadas, e ${md.imputedTestRows} de ${res.split.testRows} linhas de teste (${pctPt(imputedShare(res))}) tinham algum, preenchido com a mediana do treino e sinalizado.`,
      );
    } else if (!md.carryForward) {
      out.push(`Um valor ausente de indicador recebeu a ${md.imputation === 'mean' ? 'média' : 'mediana'} do treino; nenhuma linha foi descartada.`);
    }
    if (md.carryForward) {
      out.push(
        `Um valor ausente de indicador recebeu o valor anterior mais recente do país para aquele indicador, quando havia (${count(md.carriedTrainCells ?? 0, 'célula', 'células')} das linhas de treino, ${count(md.carriedTestCells ?? 0, 'célula', 'células')} das linhas de teste); senão, a ${md.imputation === 'mean' ? 'média' : 'mediana'} do treino.`,
      );
    }
    out.push(...splitAndValidation(res, 'pt-BR'));
    if (res.cvGap && showsCvGap(res)) {
      out.push(
        `A validação em cadeia temporal deu macro-F1 de ${decPt(res.cvGap.forwardChaining)} para ${res.cvGap.algorithm}, a validação cruzada aleatória ${decPt(res.cvGap.randomKFold)}: diferença de ${decPt(res.cvGap.gap)}. ` +
          (cvGapReading(res.cvGap.gap) === 'flatters' ? 'Uma divisão aleatória teria favorecido o modelo; espere o valor da cadeia temporal em anos futuros.' : 'O modelo não depende muito de ver o futuro.'),
      );
    }
    // The warnings the engine is known to write are said in Portuguese; any other is English text, announced as such.
    const warnings = warningTexts(res.warnings, 'pt-BR');
    out.push(...warnings.translated);
    if (warnings.english.length > 0) out.push(`${storyText({ key: 'warningsInEnglish', values: {} }, 'pt-BR')} ${warnings.english.join(' ')}`);
    return out;
  },
};

/**
 * The built-in prose of a section as HTML paragraphs (escaped).
 * @param results the job's results
 * @param key the section
 * @param locale language
 */
export function builtinSectionHtml(results: AutoMLResults, key: ReportSectionKey, locale: ReportLocale): string {
  const sentences = (locale === 'pt-BR' ? ptBR : en)[key](results).filter((s) => s.trim() !== '');
  return sentences.map((s) => `<p>${escapeHtml(s)}</p>`).join('');
}
