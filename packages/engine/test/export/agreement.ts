/**
 * Shared checks of the ONNX agreement tests: run an exported file in onnxruntime-node and compare it row
 * by row with the engine's own prediction of the same saved model.
 */
import * as ort from 'onnxruntime-node';
import type { ProbabilityPrediction, RawRow } from '../../src/predict/predict-rows.ts';
import { rawMatrix } from '../../src/predict/predict-rows.ts';
import type { PanelFrame } from '../../src/data/frame.ts';

/** The file's answers for a batch of rows. */
export interface OnnxAnswer {
  labels: string[];
  indices: number[];
  /** Row-major rows x classes. */
  probabilities: Float64Array;
}

/**
 * Runs an exported file on raw rows.
 * @param bytes the .onnx file
 * @param features the pipeline's feature columns (the input's column order)
 * @param rows raw rows
 */
export async function runOnnx(bytes: Uint8Array, features: readonly string[], rows: readonly RawRow[]): Promise<OnnxAnswer> {
  const session = await ort.InferenceSession.create(bytes);
  try {
    const X = rawMatrix(features, rows);
    const out = await session.run({ X: new ort.Tensor('float64', X.data, [X.rows, X.cols]) });
    return {
      labels: Array.from(out.label.data as string[]),
      indices: Array.from(out.label_index.data as BigInt64Array, Number),
      probabilities: out.probabilities.data as Float64Array,
    };
  } finally {
    await session.release();
  }
}

/** Row-by-row comparison of the engine and the file. */
export interface Agreement {
  rows: number;
  sameLabel: number;
  /** Rows whose labels differ. */
  differing: number[];
  /** Largest absolute probability difference over all rows and classes. */
  maxProbabilityDifference: number;
  /** Rows whose class title output differs from the title of the file's own class index. */
  titleMismatches: number;
}

/**
 * Compares the engine's predictions with the file's.
 * @param engine predictRowsWithProbabilities / predictEnsembleRows output
 * @param onnx runOnnx output for the same rows
 * @param titles class titles in index order
 */
export function compare(engine: readonly ProbabilityPrediction[], onnx: OnnxAnswer, titles: readonly string[]): Agreement {
  const k = titles.length;
  const differing: number[] = [];
  let maxProbabilityDifference = 0;
  let titleMismatches = 0;
  engine.forEach((e, i) => {
    if (e.index !== onnx.indices[i]) differing.push(i);
    if (onnx.labels[i] !== titles[onnx.indices[i]]) titleMismatches += 1;
    e.probabilities.forEach((p, c) => {
      maxProbabilityDifference = Math.max(maxProbabilityDifference, Math.abs(p - onnx.probabilities[i * k + c]));
    });
  });
  return { rows: engine.length, sameLabel: engine.length - differing.length, differing, maxProbabilityDifference, titleMismatches };
}

/**
 * A float32 tie: the engine's two most probable classes are within `tolerance` of each other, so float32
 * rounding in the file (tree scores, the network, the SVM's float32 kernel) can order them the other way.
 * @param probabilities the engine's probabilities of the row
 * @param tolerance largest gap still counted as a tie
 */
export function isProbabilityTie(probabilities: readonly number[], tolerance = 1e-5): boolean {
  const sorted = [...probabilities].sort((a, b) => b - a);
  return sorted.length > 1 && sorted[0] - sorted[1] <= tolerance;
}

/** Every row of a frame as raw values by column name. */
export function frameRows(frame: PanelFrame): RawRow[] {
  return frame.space.map((_, i) => Object.fromEntries(frame.columns.map((c) => [c.name, c.values[i]])));
}

/** Frame row index by "space|time". */
export function rowIndex(frame: PanelFrame): Map<string, number> {
  return new Map(frame.space.map((s, i) => [`${s}|${frame.time[i]}`, i]));
}
