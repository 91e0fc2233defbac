import type { PanelFrame } from '../data/frame.ts';
import { columnValues } from '../data/frame.ts';
import { pickInt32 } from '../data/stats.ts';
import type { EngineConfig } from './config.ts';
import type { Matrix } from '../models/types.ts';
import { fitOutlierBounds, isOutlier, type OutlierBounds } from '../preprocess/outliers.ts';
import { assignClass, fitTargetClasses, type TargetClasses } from '../preprocess/target-classes.ts';
import { fitFeatures, transformFeatures, type ColumnStatsMemo, type FeatureSource, type FittedFeatures } from '../preprocess/features.ts';
import { balance, type BalancedSet } from '../preprocess/balancing.ts';
import { carriedForward } from '../preprocess/carry-forward.ts';
import { outerSplit, stratifiedKFold, type Fold, type OuterSplit } from '../search/splits.ts';
import type { FoldData } from '../search/search.ts';
import { deriveSeed } from '../data/random.ts';
import { searchRowCap, stratifiedSample, subsetRows } from '../search/row-sample.ts';
import { ENGINE_WARNINGS } from './warnings.ts';

/**
 * Target-side preparation, fit on the outer training rows only: the split, target outliers (IQR) and
 * the class definitions. Feature-side steps are fit per fold by buildTrainingSet.
 */
export interface PreparedTarget {
  split: OuterSplit;
  target: Float64Array;
  /** Outer training rows after outlier removal and with a class (frame row indices). */
  trainRows: number[];
  /** Class index per frame row (-1 when missing/unassigned). */
  classOf: Int32Array;
  testRows: number[];
  classes: TargetClasses;
  bounds: OutlierBounds | null;
  outlierTrainRows: number[];
  outlierTestRows: number[];
  rowsWithoutTarget: number;
  unassignedRows: number;
  source: FeatureSource;
  warnings: string[];
}

/**
 * Splits rows, handles target outliers and fits the target classes.
 * @param frame the panel
 * @param config validated engine configuration
 */
export function prepareTarget(frame: PanelFrame, config: EngineConfig): PreparedTarget {
  const warnings: string[] = [];
  const target = columnValues(frame, config.target);
  const featureNames = config.features ?? frame.columns.map((c) => c.name).filter((n) => n !== config.target);
  for (const name of featureNames) {
    if (name === config.target) throw new Error(`The target column "${name}" cannot also be a feature.`);
  }
  const columns = featureNames.map((n) => columnValues(frame, n));
  const { imputation, carryForward } = config.preprocessing.missingData;
  const source: FeatureSource = {
    names: featureNames,
    columns,
    ...(carryForward && imputation !== 'none' ? { carried: carriedForward(frame.space, frame.time, columns) } : {}),
  };
  if (featureNames.length === 0) throw new Error('The data has no numeric feature column besides the target.');

  const usable: number[] = [];
  let rowsWithoutTarget = 0;
  for (let i = 0; i < target.length; i++) {
    if (Number.isNaN(target[i])) rowsWithoutTarget += 1;
    else usable.push(i);
  }
  const split = outerSplit(usable, frame.time, frame.space, frame.region ?? null, config.split);

  let bounds: OutlierBounds | null = null;
  let trainRows = split.trainRows;
  const outlierTrainRows: number[] = [];
  const outlierTestRows: number[] = [];
  const { quantiles, k } = config.preprocessing.outliers;
  if (quantiles) {
    bounds = fitOutlierBounds(
      trainRows.map((i) => target[i]),
      quantiles,
      k,
    );
    const b = bounds;
    trainRows = trainRows.filter((i) => {
      if (isOutlier(target[i], b)) {
        outlierTrainRows.push(i);
        return false;
      }
      return true;
    });
    for (const i of split.testRows) if (isOutlier(target[i], b)) outlierTestRows.push(i);
  }
  if (trainRows.length === 0) throw new Error('Every training row was removed as a target outlier.');

  const classes = fitTargetClasses(
    trainRows.map((i) => target[i]),
    config.targetDiscretization,
  );
  const classOf = new Int32Array(target.length).fill(-1);
  for (const i of usable) classOf[i] = assignClass(target[i], classes);
  let unassignedRows = 0;
  const keep = (i: number) => {
    if (classOf[i] === -1) {
      unassignedRows += 1;
      return false;
    }
    return true;
  };
  trainRows = trainRows.filter(keep);
  const testRows = split.testRows.filter(keep);
  if (unassignedRows > 0) warnings.push(ENGINE_WARNINGS.unassignedRows(unassignedRows));
  if (trainRows.length === 0) throw new Error('No training row falls in any target class.');
  if (testRows.length === 0) throw new Error('No test row falls in any target class.');
  if (classes.classes.length < 2) {
    throw new Error(
      'The target discretization gives a single class on the training rows; a classifier needs at least two. Choose 2 or more groups (or manual classes).',
    );
  }
  const present = new Set(trainRows.map((i) => classOf[i]));
  if (present.size < 2) throw new Error('Every training row falls in the same target class; choose other class ranges or more groups.');
  return {
    split,
    target,
    trainRows,
    classOf,
    testRows,
    classes,
    bounds,
    outlierTrainRows,
    outlierTestRows,
    rowsWithoutTarget,
    unassignedRows,
    source,
    warnings,
  };
}

/** A training set made from some training rows: fitted features, balanced matrix, and its rows. */
export interface TrainingSet {
  fitted: FittedFeatures;
  /** Frame rows actually fit on (after dropping incomplete rows with imputation 'none'). */
  rows: number[];
  droppedIncomplete: number;
  balanced: BalancedSet;
}

/**
 * Fits the feature preprocessing on some training rows and balances them.
 * @param frame the panel
 * @param prepared target preparation
 * @param rows frame rows to fit on
 * @param config engine configuration
 * @param seedLabel label mixed into the balancing seed (fold name); also names the row set in `memo`
 * @param memo the run's column statistics, shared with fits of other input sets on the same rows
 */
export function buildTrainingSet(
  frame: PanelFrame,
  prepared: PreparedTarget,
  rows: number[],
  config: EngineConfig,
  seedLabel: string,
  memo?: ColumnStatsMemo,
): TrainingSet {
  const { source, classOf, target, classes } = prepared;
  const nClasses = classes.classes.length;
  const fitted = fitFeatures(
    source,
    rows,
    rows.map((i) => classOf[i]),
    rows.map((i) => target[i]),
    nClasses,
    config.preprocessing,
    memo?.forRows(seedLabel, rows),
    // Missing data is judged on as many of the latest years as the search validates on.
    { times: rows.map((i) => frame.time[i]), years: config.folds },
  );
  const { X, incomplete } = transformFeatures(source, fitted, rows);
  let kept = rows;
  let matrix: Matrix = X;
  let dropped = 0;
  if (config.preprocessing.missingData.imputation === 'none') {
    const keepIdx: number[] = [];
    incomplete.forEach((flag, i) => {
      if (!flag) keepIdx.push(i);
    });
    dropped = rows.length - keepIdx.length;
    if (keepIdx.length === 0) {
      throw new Error('Every training row has a missing attribute and imputation is "none"; choose mean or median imputation.');
    }
    kept = keepIdx.map((i) => rows[i]);
    const data = new Float64Array(keepIdx.length * X.cols);
    keepIdx.forEach((i, r) => data.set(X.data.subarray(i * X.cols, (i + 1) * X.cols), r * X.cols));
    matrix = { data, rows: keepIdx.length, cols: X.cols };
  }
  const y = pickInt32(classOf, kept);
  const balanced = balance(
    matrix,
    y,
    nClasses,
    {
      space: kept.map((i) => frame.space[i]),
      region: frame.region ? kept.map((i) => (frame.region as (string | null)[])[i]) : null,
      time: kept.map((i) => frame.time[i]),
    },
    config.preprocessing.balancing,
    deriveSeed(config.seed, 'balance', seedLabel),
  );
  return { fitted, rows: kept, droppedIncomplete: dropped, balanced };
}

/** The most frequent class of `y` (the lowest index on ties). */
export function majorityClass(y: ArrayLike<number>, nClasses: number): number {
  const counts = new Array<number>(nClasses).fill(0);
  for (let i = 0; i < y.length; i++) if (y[i] >= 0) counts[y[i]] += 1;
  return counts.indexOf(Math.max(...counts));
}

/**
 * Builds the preprocessed data of each validation fold: features fit on the fold's training rows,
 * balancing inside the fold's training rows only; validation rows are original rows, transformed.
 * On large data the fits use a seeded, class-stratified sample of at most searchRowCap(budget) training rows, and
 * are scored on a sample of as many validation rows (row-sample.ts). Without balancing (the default) the fold's
 * preprocessing is fit on that same sample; a balancing method sees all of the fold's rows (its neighbours and
 * adjacent years would be lost in a sample), and its output is sampled.
 * @param frame the panel
 * @param prepared target preparation
 * @param folds folds over positions of prepared.trainRows
 * @param config engine configuration
 * @param label fold-set label for seeds ('fc' forward chaining, 'rk' random k-fold)
 * @param memo the run's column statistics, shared with fits of other input sets on the same rows
 */
export function buildFoldData(frame: PanelFrame, prepared: PreparedTarget, folds: Fold[], config: EngineConfig, label: string, memo?: ColumnStatsMemo): FoldData[] {
  const cap = searchRowCap(config.budgetSeconds);
  const nClasses = prepared.classes.classes.length;
  return folds.map((fold, f) => {
    const allTrainRows = fold.train.map((p) => prepared.trainRows[p]);
    // Fitting the preprocessing on rows that no search fit sees took most of a short budget on large data (on
    // 1,000,000 rows and 30 s, the preparation ended after the search's deadline).
    const rowSample =
      config.preprocessing.balancing === 'none'
        ? stratifiedSample(pickInt32(prepared.classOf, allTrainRows), nClasses, cap, deriveSeed(config.seed, 'search-rows', label, f, 'fold-rows'))
        : null;
    const trainRows = rowSample ? rowSample.map((p) => allTrainRows[p]) : allTrainRows;
    const allValidationRows = fold.validation.map((p) => prepared.trainRows[p]);
    const set = buildTrainingSet(frame, prepared, trainRows, config, `${label}-${f}`, memo);
    const validationY = pickInt32(prepared.classOf, allValidationRows);
    const validationSample = stratifiedSample(validationY, nClasses, cap, deriveSeed(config.seed, 'search-rows', label, f, 'validation'));
    const validationRows = validationSample ? validationSample.map((p) => allValidationRows[p]) : allValidationRows;
    const { X } = transformFeatures(prepared.source, set.fitted, validationRows);
    const trainSample = stratifiedSample(set.balanced.y, nClasses, cap, deriveSeed(config.seed, 'search-rows', label, f, 'train'));
    const sampled = rowSample || trainSample || validationSample;
    return {
      train: trainSample ? subsetRows(set.balanced.X, trainSample) : set.balanced.X,
      y: trainSample ? pickInt32(set.balanced.y, trainSample) : set.balanced.y,
      validation: X,
      yValidation: validationSample ? pickInt32(validationY, validationSample) : validationY,
      ...(sampled ? { sampledFromTrainRows: rowSample ? allTrainRows.length : set.balanced.y.length } : {}),
      validationRows,
      majority: majorityClass(pickInt32(prepared.classOf, allTrainRows), nClasses),
    };
  });
}

/**
 * Fold sets built on first use and kept: seeded stratified random k-fold over the training rows (the CV gap) and a
 * single given fold (the horizon check), per input set.
 * @param frame the panel
 * @param prepared target preparation
 * @param config engine configuration
 * @param sourceOf the feature source of an input set
 * @param memo the run's column statistics
 */
export function lazyFoldSets(frame: PanelFrame, prepared: PreparedTarget, config: EngineConfig, sourceOf: (inputs: string) => FeatureSource, memo: ColumnStatsMemo) {
  const cache = new Map<string, FoldData[]>();
  const cached = (key: string, build: () => FoldData[]) => {
    let folds = cache.get(key);
    if (!folds) {
      folds = build();
      cache.set(key, folds);
    }
    return folds;
  };
  return {
    randomFoldsOf: (inputs: string, k: number): FoldData[] =>
      cached(`${inputs}:rk${k}`, () => {
        const folds = stratifiedKFold(
          prepared.trainRows.map((i) => prepared.classOf[i]),
          k,
          deriveSeed(config.seed, 'random-kfold', k),
        );
        return buildFoldData(frame, { ...prepared, source: sourceOf(inputs) }, folds, config, `rk${k}`, memo);
      }),
    horizonFoldOf: (inputs: string, fold: Fold | null): FoldData => cached(`${inputs}:hz`, () => buildFoldData(frame, { ...prepared, source: sourceOf(inputs) }, [fold as Fold], config, 'hz', memo))[0],
  };
}
