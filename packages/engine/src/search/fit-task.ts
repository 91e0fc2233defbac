import type { ModelFamily } from '@indicata/contracts';
import type { Classifier, Matrix, SavedModel } from '../models/types.ts';
import { applyScaler, fitScaler, type ScalerKind, type ScalerState } from '../preprocess/scalers.ts';
import { createRng, deriveSeed, shuffleInPlace } from '../data/random.ts';
import { MODEL_FACTORY_IMPORTER } from '../compiled-loader.mjs';

/**
 * One unit of CPU work, run in a worker thread (or in the calling thread when workers = 0): fit one
 * model (scaler + classifier) on one training matrix and predict one or more matrices. Pure function of
 * its input, so results do not depend on which thread ran it or when.
 */

/** A module exporting the model factory (the real one is ../models/index.ts). */
export type ModelFactory = (family: ModelFamily, params: Record<string, unknown>, seed: number) => Classifier;

export interface FitTask {
  family: ModelFamily;
  params: Record<string, unknown>;
  scaler: ScalerKind;
  seed: number;
  nClasses: number;
  train: Matrix;
  y: Int32Array;
  /** Matrices to predict (a validation fold, or the test rows). */
  predict: Matrix[];
  /** Skip the fit when this epoch-ms time has passed before it starts (budget); null = never skip. */
  deadline: number | null;
  /** Final fit: also return the saved model, importances and the permuted-test predictions. */
  final: boolean;
  /** Permutation importance on predict[matrix]: repeats per feature and the permutation seed. */
  permutation: { repeats: number; seed: number; matrix: number } | null;
  /** URL of the module exporting createModel. */
  modelModule: string;
}

export interface FitResult {
  skipped: boolean;
  /** Predicted class per row, per predicted matrix. */
  predictions: Int32Array[];
  /** Row-major class probabilities per predicted matrix (one-hot of the prediction when the model has none). */
  probabilities: Float64Array[];
  /** Whether probabilities are real (false: one-hot votes). */
  hasProbabilities: boolean;
  /** Seconds spent fitting and predicting. */
  seconds: number;
  /** Of which fitting the scaler and the model. */
  fitSeconds: number;
  saved: SavedModel | null;
  impurityImportance: number[] | null;
  scaler: ScalerState | null;
  /** For permutation importance: [feature][repeat] predictions and probabilities on predict[permutation.matrix]. */
  permuted: { base: Int32Array; predictions: Int32Array[][]; probabilities: Float64Array[][] } | null;
}

const factories = new Map<string, Promise<ModelFactory>>();

/** How this thread imports a module by URL: set by the thread entries (compiled-loader.mjs), else import(). */
function importByUrl(url: string): Promise<unknown> {
  const installed = (globalThis as Record<symbol, unknown>)[MODEL_FACTORY_IMPORTER] as ((url: string) => Promise<unknown>) | undefined;
  return installed ? installed(url) : import(url);
}

async function loadFactory(url: string): Promise<ModelFactory> {
  let factory = factories.get(url);
  if (!factory) {
    factory = importByUrl(url).then((mod) => (mod as { createModel: ModelFactory }).createModel);
    factories.set(url, factory);
  }
  return factory;
}

function argmax(proba: Float64Array, nClasses: number): Int32Array {
  const rows = proba.length / nClasses;
  const out = new Int32Array(rows);
  for (let i = 0; i < rows; i++) {
    let best = 0;
    for (let c = 1; c < nClasses; c++) if (proba[i * nClasses + c] > proba[i * nClasses + best]) best = c;
    out[i] = best;
  }
  return out;
}

function oneHot(pred: Int32Array, nClasses: number): Float64Array {
  const out = new Float64Array(pred.length * nClasses);
  pred.forEach((c, i) => {
    out[i * nClasses + c] = 1;
  });
  return out;
}

/**
 * The shuffled row order used to permute feature `feature` in repeat `repeat`; identical for every
 * family so the ensemble's permutation importance combines like with like.
 * @param rows number of rows
 * @param seed permutation seed of the run
 * @param feature feature position
 * @param repeat repeat number
 */
export function permutationOrder(rows: number, seed: number, feature: number, repeat: number): number[] {
  return shuffleInPlace(
    Array.from({ length: rows }, (_, i) => i),
    createRng(deriveSeed(seed, 'perm', feature, repeat)),
  );
}

/**
 * Runs one fit task.
 * @param task see FitTask
 */
export async function runFitTask(task: FitTask): Promise<FitResult> {
  const empty: FitResult = {
    skipped: true,
    predictions: [],
    probabilities: [],
    hasProbabilities: false,
    seconds: 0,
    fitSeconds: 0,
    saved: null,
    impurityImportance: null,
    scaler: null,
    permuted: null,
  };
  if (task.deadline !== null && Date.now() > task.deadline) return empty;
  // Loading the model module (first task of a thread) is not part of the fit: it would inflate the cost model.
  const createModel = await loadFactory(task.modelModule);
  const started = performance.now();
  const scaler = fitScaler(task.scaler, task.train);
  const model = createModel(task.family, task.params, task.seed);
  try {
    await model.fit(applyScaler(scaler, task.train), task.y, task.nClasses);
    const fitSeconds = (performance.now() - started) / 1000;
    let hasProbabilities = true;
    const predictScaled = (scaled: Matrix): { pred: Int32Array; proba: Float64Array } => {
      const pred = model.predict(scaled);
      let proba: Float64Array;
      if (hasProbabilities) {
        try {
          proba = model.predictProba(scaled);
        } catch {
          hasProbabilities = false;
          proba = oneHot(pred, task.nClasses);
        }
      } else proba = oneHot(pred, task.nClasses);
      return { pred, proba };
    };
    const scaledPredict = task.predict.map((X) => applyScaler(scaler, X));
    const outputs = scaledPredict.map(predictScaled);
    // For permuted copies, families whose predict() is the arg-max of their probabilities (all but the SVM)
    // are asked once, not twice: permutation importance costs many predictions.
    const predictPermuted = (scaled: Matrix): { pred: Int32Array; proba: Float64Array } => {
      if (!hasProbabilities || task.family === 'SVM') return predictScaled(scaled);
      const proba = model.predictProba(scaled);
      return { pred: argmax(proba, task.nClasses), proba };
    };
    let permuted: FitResult['permuted'] = null;
    if (task.permutation && task.predict.length > task.permutation.matrix) {
      // The scaled matrix, permuted: every scaler maps each column on its own, value by value, so a scaled column in a
      // shuffled order is the shuffled column scaled. Scaling each permuted copy again cost a pass over the whole
      // matrix per feature and repeat (the quantile scaler's search per cell dominated a final fit's importances).
      const X = scaledPredict[task.permutation.matrix];
      const predictions: Int32Array[][] = [];
      const probabilities: Float64Array[][] = [];
      for (let f = 0; f < X.cols; f++) {
        predictions.push([]);
        probabilities.push([]);
        for (let r = 0; r < task.permutation.repeats; r++) {
          const order = permutationOrder(X.rows, task.permutation.seed, f, r);
          const data = X.data.slice();
          for (let i = 0; i < X.rows; i++) data[i * X.cols + f] = X.data[order[i] * X.cols + f];
          const out = predictPermuted({ data, rows: X.rows, cols: X.cols });
          predictions[f].push(out.pred);
          probabilities[f].push(out.proba);
        }
      }
      permuted = { base: predictPermuted(X).pred, predictions, probabilities };
    }
    const importances = task.final && model.featureImportances ? model.featureImportances() : undefined;
    return {
      skipped: false,
      predictions: outputs.map((o) => o.pred),
      probabilities: outputs.map((o) => o.proba),
      hasProbabilities,
      seconds: (performance.now() - started) / 1000,
      fitSeconds,
      saved: task.final ? model.toJSON() : null,
      impurityImportance: importances ? Array.from(importances) : null,
      scaler,
      permuted,
    };
  } finally {
    model.dispose();
  }
}

export default runFitTask;
