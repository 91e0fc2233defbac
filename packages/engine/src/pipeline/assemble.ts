import type { AutoMLResults, Baseline, ChoiceReport, ModelResult, ResultAlgorithm, ResultRow } from '@indicata/contracts';
import type { RuleCandidate } from './rules.ts';
import type { PanelFrame } from '../data/frame.ts';
import { totalNonNumericCells } from '../data/frame.ts';
import type { EngineConfig } from './config.ts';
import type { PreparedTarget, TrainingSet } from './prepare.ts';
import { BALANCING_DESCRIPTIONS } from '../preprocess/balancing.ts';
import { carriedCellCount } from '../preprocess/carry-forward.ts';
import type { Fold } from '../search/splits.ts';
import { clean, summaryMetrics } from '../metrics/tables.ts';
import { correlationMatrix } from '../explain/correlation.ts';
import { persistencePredictions } from '../explain/baselines.ts';
import type { RunBudget } from './budget.ts';
import { ENGINE_WARNINGS } from './warnings.ts';
import { MIN_ROWS_FOR_A_LEAD } from './choose.ts';

/** The results JSON's top level, from the stages' outputs. */
export interface AssembleInput {
  frame: PanelFrame;
  config: EngineConfig;
  prepared: PreparedTarget;
  finalSet: TrainingSet;
  chosen: { algorithm: ResultAlgorithm; mean: number; std: number; reason: string };
  foldKind: string;
  folds: Fold[];
  models: Partial<Record<ResultAlgorithm, ModelResult>>;
  resultados: ResultRow[];
  summary: ResultRow[];
  cvGap: AutoMLResults['cvGap'];
  warnings: string[];
  actual: Int32Array;
  testIncompleteCount: number;
  budget: RunBudget;
  cvGapSkippedReason: string | null;
  targetHistory: NonNullable<AutoMLResults['targetHistory']>;
  /** The rules' validation scores (null without forward-chaining folds). */
  rules: RuleCandidate[] | null;
  /** How the recommendation was made. */
  choice: ChoiceReport;
}

/**
 * Builds the results JSON.
 * @param input every stage's output (see AssembleInput)
 */
export function assembleResults(input: AssembleInput): AutoMLResults {
  const { frame, config, prepared, finalSet, chosen, folds, actual } = input;
  const nClasses = prepared.classes.classes.length;
  const classes = prepared.classes.classes.map((c, index) => ({
    index,
    title: c.title,
    min: clean(c.min) as number,
    max: clean(c.max) as number,
    trainCount: finalSet.rows.filter((i) => prepared.classOf[i] === index).length,
    testCount: prepared.testRows.filter((i) => prepared.classOf[i] === index).length,
  }));

  // Baselines: majority class of the training rows; persistence (the place's class in its latest earlier year), each
  // with its score on the validation folds when the rules were scored there.
  const validationOf = (name: 'Majority' | 'Persistence') => {
    const rule = input.rules?.find((r) => r.name === name);
    if (!rule) return {};
    const mean = rule.foldScores.reduce((a, v) => a + v, 0) / rule.foldScores.length;
    const std = Math.sqrt(rule.foldScores.reduce((a, v) => a + (v - mean) ** 2, 0) / rule.foldScores.length);
    return { validation: { macroF1: clean(rule.pooled) as number, std: clean(std) as number } };
  };
  const trainCounts = classes.map((c) => c.trainCount);
  const majority = trainCounts.indexOf(Math.max(...trainCounts));
  const majorityPred = new Int32Array(actual.length).fill(majority);
  const persistence = persistencePredictions(frame, prepared, majority);
  const baselines: Baseline[] = [
    {
      name: 'majority',
      description: `Always predicts the most frequent training class (${classes[majority].title}).`,
      test: summaryMetrics(actual, majorityPred, nClasses),
      ...validationOf('Majority'),
    },
    {
      name: 'persistence',
      description:
        "Predicts each place's class in its latest earlier year with a target value (training or earlier test years); places with no earlier year get the majority class.",
      test: summaryMetrics(actual, persistence.predicted, nClasses),
      ...validationOf('Persistence'),
      fallbackRows: persistence.fallbackRows,
    },
  ];

  const b = prepared.bounds;
  const region = (i: number) => (frame.region ? (frame.region[i] ?? null) : null);
  const outliers = [
    ...prepared.outlierTrainRows.map((i) => ({ i, set: 'train' as const, action: 'removed' as const })),
    ...prepared.outlierTestRows.map((i) => ({ i, set: 'test' as const, action: 'flagged' as const })),
  ]
    .map(({ i, set, action }) => ({ space: frame.space[i], region: region(i), time: frame.time[i], value: prepared.target[i], set, action }))
    .sort((a, b2) => a.time - b2.time || a.space.localeCompare(b2.space));
  const split = prepared.split;
  const testFraction = prepared.testRows.length / (prepared.testRows.length + prepared.trainRows.length + prepared.outlierTrainRows.length);
  const results: AutoMLResults = {
    format: 'indicata-results',
    version: 1,
    best: chosen.algorithm,
    bestReason: `${chosen.algorithm}: ${chosen.reason} on the ${input.foldKind} validation folds (pooled macro-F1 ${(clean(chosen.mean) as number).toFixed(4)}); test scores played no part in the choice.`,
    seed: config.seed,
    elapsedSeconds: clean(input.budget.elapsedSeconds()) as number,
    budgetSeconds: config.budgetSeconds,
    labels: { space: frame.spaceColumn, region: frame.regionColumn ?? null, time: frame.timeColumn, target: config.target },
    classes,
    split: {
      mode: config.split.mode,
      testYear: config.split.mode === 'year' ? config.split.testYear : null,
      testRegion: config.split.mode === 'year' ? config.split.testRegion : null,
      testPercent: config.split.mode === 'percent' ? config.split.testPercent : null,
      actualTestFraction: clean(testFraction) as number,
      trainYears: split.trainYears,
      testYears: split.testYears,
      trainRows: finalSet.rows.length,
      testRows: prepared.testRows.length,
      folds: folds.map((f) => ({
        validationYears: f.validationYears,
        trainRows: f.train.length,
        validationRows: f.validation.length,
      })),
      description: split.description,
    },
    preprocessing: {
      missingData: {
        maxMissingPercent: config.preprocessing.missingData.maxMissingPercent,
        imputation: config.preprocessing.missingData.imputation,
        removedColumns: finalSet.fitted.removedColumns,
        droppedTrainRows: finalSet.droppedIncomplete,
        imputedTestRows: input.testIncompleteCount,
        carryForward: prepared.source.carried !== undefined,
        ...(prepared.source.carried
          ? {
              carriedTrainCells: carriedCellCount(prepared.source, finalSet.fitted.sourceIndex, finalSet.rows),
              carriedTestCells: carriedCellCount(prepared.source, finalSet.fitted.sourceIndex, prepared.testRows),
            }
          : {}),
        rowsWithoutTarget: prepared.rowsWithoutTarget,
        nonNumericCells: totalNonNumericCells(frame),
      },
      outliers: {
        quantiles: config.preprocessing.outliers.quantiles,
        k: config.preprocessing.outliers.k,
        lower: b ? clean(b.lower) : null,
        upper: b ? clean(b.upper) : null,
        removedTrainRows: prepared.outlierTrainRows.length,
        flaggedTestRows: prepared.outlierTestRows.length,
      },
      targetDiscretization: {
        mode: prepared.classes.mode,
        method: prepared.classes.method,
        requestedGroups: config.targetDiscretization.mode === 'automatic' ? config.targetDiscretization.groups : null,
        unassignedRows: prepared.unassignedRows,
      },
      attributeSelection: {
        mode: finalSet.fitted.selectionMode,
        minInformationGain: config.preprocessing.attributeSelection.minInformationGain,
        maxFeatures: config.preprocessing.attributeSelection.maxFeatures,
        pearsonCut: config.preprocessing.attributeSelection.pearsonCut,
        igBins: 10,
      },
      attributeDiscretization: finalSet.fitted.names
        .map((name, k) => ({ name, edges: finalSet.fitted.binEdges[k] }))
        .filter((e) => e.edges !== null)
        .map((e) => ({
          indicator: e.name,
          option: config.preprocessing.attributeDiscretization.find((a) => a.indicator === e.name)?.option ?? 'automatic',
          edges: (e.edges as number[]).map((v) => clean(v) as number),
        })),
      balancing: {
        algorithm: config.preprocessing.balancing,
        description: BALANCING_DESCRIPTIONS[config.preprocessing.balancing],
        syntheticRows: finalSet.balanced.syntheticRows,
        removedRows: finalSet.balanced.removedRows,
        classCountsBefore: finalSet.balanced.classCountsBefore,
        classCountsAfter: finalSet.balanced.classCountsAfter,
      },
      scaling:
        'KNN, SVM and ANN: scaler chosen by the search among standard, log1p-then-standard (non-negative skewed columns) and quantile-to-normal, fit on the rows each model is fit on; trees: none.',
    },
    resultados: input.resultados,
    summary: input.summary,
    models: input.models,
    baselines,
    cvGap: input.cvGap,
    usedIndicators: finalSet.fitted.used,
    unusedIndicators: finalSet.fitted.unused,
    correlationMatrix: correlationMatrix(prepared, finalSet.fitted.names, finalSet.rows),
    outliers,
    warnings: input.warnings,
    cvGapSkippedReason: input.cvGapSkippedReason,
    targetHistory: input.targetHistory,
    choice: input.choice,
  };
  // Say plainly, first, when a baseline does at least as well as the chosen model on the test rows.
  const chosenF1 = input.models[chosen.algorithm]?.test.macroF1 ?? null;
  // A recommended rule is not compared with itself.
  const itself = chosen.algorithm.toLowerCase();
  const atLeastAsGood = baselines
    .filter((b) => b.name !== itself && chosenF1 !== null && b.test.macroF1 !== null && b.test.macroF1 >= chosenF1 - 1e-12)
    .map((b) => b.name);
  results.baselinesAtLeastAsGood = atLeastAsGood;
  if (atLeastAsGood.length > 0) {
    const asGood = baselines.filter((b) => atLeastAsGood.includes(b.name)).map((b) => ({ name: b.name, macroF1: b.test.macroF1 as number }));
    results.warnings.unshift(ENGINE_WARNINGS.baselinesAsGood(asGood, chosen.algorithm, chosenF1 as number));
  }
  const fewRows = fewTestRowClasses(classes);
  if (fewRows) results.warnings.push(ENGINE_WARNINGS.fewTestRows(fewRows.few, fewRows.largest));
  if (finalSet.balanced.fallbackClasses.length > 0) {
    results.warnings.push(ENGINE_WARNINGS.balancingFallback(finalSet.balanced.fallbackClasses.map((c) => classes[c].title)));
  }
  return results;
}

/**
 * The classes with test rows but fewer than MIN_ROWS_FOR_A_LEAD of them, and the class with the most test rows, when
 * at least two classes have test rows and some have so few; else null. Macro-F1 weighs every class alike, so a few
 * rows there can decide which model scores higher on test, and the reader is told so.
 * @param classes each class's title and number of test rows
 */
export function fewTestRowClasses(classes: readonly { title: string; testCount: number }[]): { few: { title: string; rows: number }[]; largest: { title: string; rows: number } } | null {
  const present = classes.filter((c) => c.testCount > 0);
  const few = present.filter((c) => c.testCount < MIN_ROWS_FOR_A_LEAD).map((c) => ({ title: c.title, rows: c.testCount }));
  if (present.length < 2 || few.length === 0) return null;
  const largest = present.reduce((a, b) => (b.testCount > a.testCount ? b : a));
  return { few, largest: { title: largest.title, rows: largest.testCount } };
}

/**
 * What the results say about the target's history as an input, in words.
 * @param mode the run's target-history mode
 * @param historyRule the rule the run recommends when it reads the target's history (persistence, trend), else null
 * @param used whether the recommended configuration reads the history columns
 */
export function historyDescription(mode: EngineConfig['targetHistory'], historyRule: 'Persistence' | 'Trend' | null, used: boolean): string {
  if (mode === 'off') return 'Not offered: the models saw the indicators only.';
  if (historyRule === 'Persistence') return "The recommended rule is the target's own history: each place's class of its latest earlier year, computed one step ahead as the persistence baseline is.";
  if (historyRule === 'Trend') return "The recommended rule is the target's own history: the class of the value each place's latest yearly change projects for the year, computed one step ahead as the persistence baseline is.";
  if (used) return "The chosen model uses the target's own history (each place's previous known value and class, and the years since), computed one step ahead as the persistence baseline does.";
  return mode === 'on' ? "Offered, but the chosen model's inputs are the indicators only." : 'Offered to the search; validation preferred the indicators alone for the chosen model.';
}

/**
 * How the run spent its budget, stage by stage, and how many candidates the search evaluated of those it planned.
 * @param budget the finished run's budget
 * @param budgetSeconds the configured budget
 * @param searches each family's search
 */
export function budgetUse(budget: RunBudget, budgetSeconds: number, searches: { planned: number; scored: unknown[] }[]): NonNullable<AutoMLResults['budgetUse']> {
  return {
    budgetSeconds,
    searchSeconds: clean(budget.secondsIn('search')) as number,
    finalFitSeconds: clean(budget.secondsIn('final')) as number,
    cvGapSeconds: clean(budget.secondsIn('gap')) as number,
    otherSeconds: clean(budget.secondsIn('prepare') + budget.secondsIn('assemble')) as number,
    totalSeconds: clean(budget.elapsedSeconds()) as number,
    candidatesEvaluated: searches.reduce((n, s) => n + s.scored.length, 0),
    candidatesPlanned: searches.reduce((n, s) => n + s.planned, 0),
    stopped: [...budget.stopped],
  };
}
