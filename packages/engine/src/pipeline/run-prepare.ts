import type { ModelFamily, ReplayRecord } from '@indicata/contracts';
import type { PanelFrame } from '../data/frame.ts';
import type { EngineConfig } from './config.ts';
import { buildFoldData, buildTrainingSet, lazyFoldSets, prepareTarget, type PreparedTarget } from './prepare.ts';
import { ColumnStatsMemo, transformFeatures, type FeatureSource } from '../preprocess/features.ts';
import { validationFolds, type Fold } from '../search/splits.ts';
import type { InputSet } from '../search/spaces.ts';
import type { TaskRunner } from '../search/pool.ts';
import type { FoldData } from '../search/search.ts';
import { deriveSeed } from '../data/random.ts';
import type { RunBudget } from './budget.ts';
import { ENGINE_WARNINGS } from './warnings.ts';
import type { FinalData } from './final-fits.ts';
import { samplePositions, searchRowCap, subsetRows } from '../search/row-sample.ts';
import { targetHistoryColumns, withHistory } from './target-history.ts';
import { horizonFold, horizonShape } from './horizon-check.ts';

/** What every phase of a run reads: the configuration, the clock, the fit threads, and the warnings gathered so far. */
export interface RunSetup {
  frame: PanelFrame;
  config: EngineConfig;
  budget: RunBudget;
  progress: (fraction: number, message: string) => void;
  signal: AbortSignal | undefined;
  modelModule: string;
  replay: ReplayRecord | undefined;
  runner: TaskRunner;
  families: ModelFamily[];
  /** Appended to by every phase, in the order the results list them. */
  warnings: string[];
}

/** Everything fit on one input set: fold data, final training set, test matrices. */
export interface InputData {
  source: FeatureSource;
  folds: FoldData[];
  final: FinalData;
}

/** The data side of a run, shared by every later phase. */
export interface PreparedRun {
  prepared: PreparedTarget;
  nClasses: number;
  titles: string[];
  folds: Fold[];
  foldKind: ReturnType<typeof validationFolds>['kind'];
  inputSets: InputSet[];
  /** The target's history columns, when an input set uses them. */
  history: FeatureSource | null;
  permutationPositions: number[];
  dataOf: (inputs: string) => InputData;
  /** The first input set's data: its folds are the ones the choice is scored on. */
  primary: InputData;
  randomFoldsOf: ReturnType<typeof lazyFoldSets>['randomFoldsOf'];
  horizonFoldOf: ReturnType<typeof lazyFoldSets>['horizonFoldOf'];
  /** The horizon check's fold (training years only), on forward-chaining runs. */
  horizon: Fold | null;
  horizonShapeOf: (inputs: string) => ReturnType<typeof horizonShape>;
}

/**
 * Permutation importance is estimated on at most this many test rows (a seeded sample, the same for every
 * model): it costs features x repeats predictions, which on a large test set would eat the budget.
 */
const PERMUTATION_MAX_ROWS = 200;

function inputSetsOf(mode: EngineConfig['targetHistory']): InputSet[] {
  if (mode === 'off') return ['indicators'];
  if (mode === 'on') return ['indicators+history'];
  return ['indicators', 'indicators+history'];
}

/**
 * The prepare phase: the target's classes and split, the validation folds over the training rows, and one
 * preprocessing per fold and input set, shared by every candidate of the search.
 * @param setup the run's configuration, clock and warnings (warnings of the preparation are appended)
 */
export function prepareRun(setup: RunSetup): PreparedRun {
  const { frame, config, warnings } = setup;
  const prepared = prepareTarget(frame, config);
  warnings.push(...prepared.warnings);
  const nClasses = prepared.classes.classes.length;
  const titles = prepared.classes.classes.map((c) => c.title);

  // Validation folds over the outer training rows.
  const trainTimes = prepared.trainRows.map((i) => frame.time[i]);
  const trainClasses = prepared.trainRows.map((i) => prepared.classOf[i]);
  const { folds, kind: foldKind } = validationFolds(trainTimes, trainClasses, { folds: config.folds, randomFolds: config.randomFolds, seed: deriveSeed(config.seed, 'fallback-folds') });
  if (foldKind === 'random') warnings.push(ENGINE_WARNINGS.singleTimeValue());

  const inputSets = inputSetsOf(config.targetHistory);
  const history = inputSets.includes('indicators+history') ? targetHistoryColumns(frame, prepared.target, prepared.classes, config.target) : null;
  const permutationPositions = samplePositions(prepared.testRows.length, PERMUTATION_MAX_ROWS, deriveSeed(config.seed, 'permutation-rows'));
  const data = new Map<InputSet, InputData>();
  const statsMemo = new ColumnStatsMemo();
  for (const inputs of inputSets) {
    const source = inputs === 'indicators' ? prepared.source : withHistory(prepared.source, history as FeatureSource);
    const view: PreparedTarget = { ...prepared, source };
    const set = buildTrainingSet(frame, view, prepared.trainRows, config, 'final', statsMemo);
    const test = transformFeatures(source, set.fitted, prepared.testRows).X;
    data.set(inputs, {
      source,
      folds: buildFoldData(frame, view, folds, config, 'fc', statsMemo),
      final: { set, test, permutation: subsetRows(test, permutationPositions) },
    });
  }
  const dataOf = (inputs: string) => data.get(inputs as InputSet) as InputData;
  const primary = dataOf(inputSets[0]);
  warnings.push(...primary.final.set.fitted.warnings);
  const largestSampled = Math.max(0, ...primary.folds.map((fold) => fold.sampledFromTrainRows ?? 0));
  if (largestSampled > 0) {
    warnings.push(ENGINE_WARNINGS.searchSampled(config.budgetSeconds, searchRowCap(config.budgetSeconds), largestSampled, primary.final.set.balanced.y.length));
  }
  // Random folds (the CV gap) and the horizon check's fold (training years only) are built only when used.
  const { randomFoldsOf, horizonFoldOf } = lazyFoldSets(frame, prepared, config, (inputs) => dataOf(inputs).source, statsMemo);
  const horizon = foldKind === 'forward-chaining' ? horizonFold(trainTimes, new Set(prepared.testRows.map((i) => frame.time[i])).size) : null;
  const horizonShapeOf = (inputs: string) => horizonShape(horizon as Fold, dataOf(inputs).final.set.balanced.X.cols, searchRowCap(config.budgetSeconds));
  return { prepared, nClasses, titles, folds, foldKind, inputSets, history, permutationPositions, dataOf, primary, randomFoldsOf, horizonFoldOf, horizon, horizonShapeOf };
}
