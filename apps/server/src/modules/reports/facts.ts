import { LIMITS, recommendedIntervals, showsCvGap, validationMethod, type AutoMLResults, type ModelResult, type ReportSectionKey } from '@indicata/contracts';
import { roundFact } from '../assistant/profile.ts';
import { trustFacts } from './trust-prose.ts';

/**
 * The facts each report section may state, computed from the results. The language model receives them as
 * JSON; the number check accepts exactly the numbers they hold; the built-in analyst writes from them.
 */

const r = (value: number | null | undefined): number | null => (value === null || value === undefined || !Number.isFinite(value) ? null : roundFact(value));

function modelsOf(results: AutoMLResults): ModelResult[] {
  return Object.values(results.models).filter((m): m is ModelResult => !!m);
}

/** Training classes whose largest is more than this many times the smallest are called imbalanced. */
const IMBALANCE_RATIO = 1.5;

export interface ClassBalance {
  largest: { title: string; count: number };
  smallest: { title: string; count: number };
  /** largest / smallest training count (Infinity shown as null when a class is empty). */
  ratio: number | null;
  /** Whether the ratio is above IMBALANCE_RATIO (quantile classes are balanced by construction). */
  imbalanced: boolean;
  /** The test set's smallest class; `thin` below the verdict's minimum of test rows per class. */
  testSmallest: { title: string; count: number; thin: boolean };
}

/** The training classes' sizes and the test set's smallest class, for the report's limitations. */
export function classBalance(results: AutoMLResults): ClassBalance | null {
  if (results.classes.length === 0) return null;
  const byTrain = [...results.classes].sort((a, b) => b.trainCount - a.trainCount);
  const byTest = [...results.classes].sort((a, b) => a.testCount - b.testCount);
  const largest = byTrain[0]!;
  const smallest = byTrain[byTrain.length - 1]!;
  const ratio = smallest.trainCount > 0 ? r(largest.trainCount / smallest.trainCount) : null;
  return {
    largest: { title: largest.title, count: largest.trainCount },
    smallest: { title: smallest.title, count: smallest.trainCount },
    ratio,
    imbalanced: ratio === null || ratio > IMBALANCE_RATIO,
    // Below the verdict's own threshold the page warns too; above it a count is only a count.
    testSmallest: { title: byTest[0]!.title, count: byTest[0]!.testCount, thin: byTest[0]!.testCount < LIMITS.verdict.minClassTestRows },
  };
}

/** The most frequent wrong prediction of a confusion matrix: actual -> predicted, count. */
export function topConfusion(model: ModelResult): { actual: string; predicted: string; count: number } | null {
  const { labels, matrix } = model.confusionMatrix;
  let best: { actual: string; predicted: string; count: number } | null = null;
  matrix.forEach((row, i) =>
    row.forEach((count, j) => {
      if (i !== j && count > 0 && (!best || count > best.count)) best = { actual: labels[i] ?? String(i), predicted: labels[j] ?? String(j), count };
    }),
  );
  return best;
}

/** Recall per class from a confusion matrix (rows actual). */
export function classRecalls(model: ModelResult): { title: string; correct: number; total: number; recall: number | null }[] {
  const { labels, matrix } = model.confusionMatrix;
  return matrix.map((row, i) => {
    const total = row.reduce((s, v) => s + v, 0);
    const correct = row[i] ?? 0;
    return { title: labels[i] ?? String(i), correct, total, recall: total > 0 ? r(correct / total) : null };
  });
}

/** Strongest correlations in the matrix: with the target (when it is one of the labels) and between features. */
export function strongestCorrelations(results: AutoMLResults): { withTarget: { feature: string; r: number }[]; pairs: { a: string; b: string; r: number }[] } {
  const { labels, values } = results.correlationMatrix;
  const targetIndex = labels.indexOf(results.labels.target);
  const withTarget: { feature: string; r: number }[] = [];
  const pairs: { a: string; b: string; r: number }[] = [];
  for (let i = 0; i < labels.length; i++) {
    for (let j = i + 1; j < labels.length; j++) {
      const v = values[i]?.[j];
      if (v === null || v === undefined || !Number.isFinite(v)) continue;
      if (i === targetIndex) withTarget.push({ feature: labels[j]!, r: r(v)! });
      else if (j === targetIndex) withTarget.push({ feature: labels[i]!, r: r(v)! });
      else pairs.push({ a: labels[i]!, b: labels[j]!, r: r(v)! });
    }
  }
  withTarget.sort((x, y) => Math.abs(y.r) - Math.abs(x.r));
  pairs.sort((x, y) => Math.abs(y.r) - Math.abs(x.r));
  return { withTarget: withTarget.slice(0, 8), pairs: pairs.slice(0, 8) };
}

function summaryOf(results: AutoMLResults) {
  return modelsOf(results).map((m) => ({
    algorithm: m.algorithm,
    testRows: m.test.TotalIntances,
    accuracy: r(m.test.accuracy),
    macroF1: r(m.test.macroF1),
    weightedF1: r(m.test.weightedF1),
    validationMacroF1: r(m.validationMacroF1),
  }));
}

/** The facts of one section, as a JSON-ready object. */
export function sectionFacts(results: AutoMLResults, key: ReportSectionKey): Record<string, unknown> {
  const best = results.models[results.best];
  switch (key) {
    case 'results':
      return {
        target: results.labels.target,
        bestAlgorithm: results.best,
        bestReason: results.bestReason,
        bestTest: best ? { accuracy: r(best.test.accuracy), macroF1: r(best.test.macroF1), weightedF1: r(best.test.weightedF1), validationMacroF1: r(best.validationMacroF1) } : null,
        algorithms: summaryOf(results),
        baselines: results.baselines.map((b) => ({
          name: b.name,
          accuracy: r(b.test.accuracy),
          macroF1: r(b.test.macroF1),
          ...(b.validation ? { validationMacroF1: r(b.validation.macroF1), validationStd: r(b.validation.std) } : {}),
        })),
        choice: choiceFacts(results),
        trust: trustFacts(results),
        classes: results.classes.map((c) => ({ title: c.title, trainRows: c.trainCount, testRows: c.testCount })),
      };
    case 'outliers': {
      const o = results.preprocessing.outliers;
      return {
        quantiles: o.quantiles,
        k: o.k,
        lowerBound: r(o.lower),
        upperBound: r(o.upper),
        removedTrainRows: o.removedTrainRows,
        flaggedTestRows: o.flaggedTestRows,
        examples: results.outliers.slice(0, 8).map((x) => ({ space: x.space, time: x.time, value: r(x.value), set: x.set, action: x.action })),
      };
    }
    case 'correlation': {
      const strongest = strongestCorrelations(results);
      return { target: results.labels.target, variables: results.correlationMatrix.labels.length, pearsonCut: results.preprocessing.attributeSelection.pearsonCut, ...strongest };
    }
    case 'features':
      return {
        selection: results.preprocessing.attributeSelection.mode,
        minInformationGain: results.preprocessing.attributeSelection.minInformationGain,
        usedIndicators: results.usedIndicators.slice(0, 20).map((i) => ({ name: i.indicatorAnalyzingName, missingPercent: r(i.missingDatasPercent), ig: r(i.ig), pearson: r(i.pearson) })),
        unusedIndicatorCount: results.unusedIndicators.length,
        importance: modelsOf(results)
          .filter((m) => m.impurityImportance?.length || m.permutationImportance?.length)
          .map((m) => ({
            algorithm: m.algorithm,
            kind: m.permutationImportance?.length ? 'permutation' : 'impurity',
            top: (m.permutationImportance?.length ? m.permutationImportance : m.impurityImportance ?? []).slice(0, 5).map((f) => ({ feature: f.Feature, importance: r(f.Importance) })),
          })),
      };
    case 'confusion':
      return {
        models: modelsOf(results).map((m) => ({ algorithm: m.algorithm, perClass: classRecalls(m), mostFrequentError: topConfusion(m) })),
      };
    case 'detailed':
      return {
        bestAlgorithm: results.best,
        perClass: results.resultados
          .filter((row) => row.Algorithm === results.best)
          .map((row) => ({ category: row.Category, instances: row.TotalIntances, precision: r(row.precision), recall: r(row.recall), f1: r(row.f1) })),
        testYears: results.split.testYears,
        predictionsByYear: best ? predictionsByYear(best) : [],
      };
    case 'hyperparameters':
      return {
        models: modelsOf(results).map((m) => ({
          algorithm: m.algorithm,
          source: m.paramsSource,
          params: m.params,
          validationMacroF1: r(m.validationMacroF1),
          validationMacroF1Std: r(m.validationMacroF1Std),
          evaluated: m.search.evaluated,
          planned: m.search.planned,
          budgetBound: m.search.budgetBound,
        })),
      };
    case 'limitations': {
      const balance = classBalance(results);
      const md = results.preprocessing.missingData;
      return {
        classBalance: balance,
        // Counted by the engine only with imputation off (rows filled and flagged); with the mean or median every gap
        // is filled and no count exists, so none is given to be misread as "no test row had a gap".
        ...(md.imputation === 'none'
          ? { imputedTestRows: md.imputedTestRows, imputedShare: results.split.testRows > 0 ? r(md.imputedTestRows / results.split.testRows) : null }
          : {}),
        testRows: results.split.testRows,
        droppedTrainRows: md.droppedTrainRows,
        imputation: md.imputation,
        carryForward: md.carryForward ?? false,
        carriedTrainCells: md.carriedTrainCells ?? 0,
        carriedTestCells: md.carriedTestCells ?? 0,
        removedColumns: md.removedColumns.length,
        split: {
          mode: results.split.mode,
          testYear: results.split.testYear,
          testPercent: results.split.testPercent,
          trainRows: results.split.trainRows,
          testRows: results.split.testRows,
          trainYears: results.split.trainYears.length ? [results.split.trainYears[0], results.split.trainYears.at(-1)] : [],
          testYears: results.split.testYears,
          folds: results.split.folds.length,
          // The model is told which folds the run used, so its prose cannot speak of later years when they were random.
          validation: validationMethod(results),
        },
        cvGap: results.cvGap && showsCvGap(results) ? { algorithm: results.cvGap.algorithm, forwardChaining: r(results.cvGap.forwardChaining), randomKFold: r(results.cvGap.randomKFold), gap: r(results.cvGap.gap), folds: results.cvGap.folds } : null,
        warnings: results.warnings,
      };
    }
  }
}

/**
 * How the recommendation was made (results.choice), rounded, with each difference also as its size (a prose may
 * write "behind by 0.004" for a margin of -0.004), and the bootstrap interval of the recommendation's test macro-F1.
 */
function choiceFacts(results: AutoMLResults): Record<string, unknown> | null {
  const choice = results.choice;
  const interval = recommendedIntervals(results);
  const size = (x: number | null | undefined) => (x === null || x === undefined ? null : r(Math.abs(x)));
  return {
    recommended: results.best,
    testInterval: interval ? { low: r(interval.macroF1.low), high: r(interval.macroF1.high), level: interval.level } : null,
    ...(choice
      ? {
          model: choice.model,
          modelValidationMacroF1: r(choice.modelValidationMacroF1),
          tieBreak: choice.tieBreak,
          ensemble: { ...choice.ensemble, margin: r(choice.ensemble.margin), marginSize: size(choice.ensemble.margin), standardError: r(choice.ensemble.standardError) },
          rules: choice.rules
            ? { best: choice.rules.best, validationMacroF1: r(choice.rules.validationMacroF1), margin: r(choice.rules.margin), marginSize: size(choice.rules.margin), standardError: r(choice.rules.standardError), samePredictions: choice.rules.samePredictions ?? false, supportedClasses: choice.rules.supportedClasses ? { ...choice.rules.supportedClasses, margin: r(choice.rules.supportedClasses.margin) } : null }
            : null,
        }
      : {}),
  };
}

function predictionsByYear(model: ModelResult): { year: number; rows: number; correct: number; share: number | null }[] {
  const byYear = new Map<number, { rows: number; correct: number }>();
  for (const p of model.predictions) {
    const entry = byYear.get(p.time) ?? { rows: 0, correct: 0 };
    entry.rows++;
    if (p.correct) entry.correct++;
    byYear.set(p.time, entry);
  }
  return [...byYear.entries()].sort((a, b) => a[0] - b[0]).map(([year, e]) => ({ year, rows: e.rows, correct: e.correct, share: e.rows ? r(e.correct / e.rows) : null }));
}
