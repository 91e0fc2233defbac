import { deriveSeed } from '../data/random.ts';
import { sampleShapley, type SampledShapley } from '../explain/sampling-shap.ts';
import type { Matrix } from '../models/types.ts';
import { applyScaler } from '../preprocess/scalers.ts';
import type { SavedPipelineModel } from '../pipeline/saved-model.ts';
import { ensembleFeatures, filledInput, loadProbabilities, rawMatrix, type RawRow, type WeightedSavedModel } from './predict-rows.ts';

/**
 * Sampled per-row Shapley values of any saved model or of the soft-voting ensemble, over the background rows saved
 * with it. The inputs are the raw columns (for an ensemble, the union of its members'): "input j is unknown" puts
 * a background row's value in column j of every member that reads it. As fill, bins and every scaler work one column
 * at a time, mixing filled rows is mixing raw rows, and each member is fed its own filled form of the mix.
 */

/** Seed of the orders: fixed, mixed with the row's values so a row gets the same explanation alone or in a batch. */
const EXPLAIN_SEED = 20261127;

/** One member prepared for the game: where its columns sit among the inputs, its background rows, its model. */
interface PreparedMember {
  weight: number;
  /** Input (union column) index of each of the member's columns. */
  columnOf: Int32Array;
  /** Background rows (filled, not scaled), the shared rows only, row-major. */
  background: Float64Array;
  model: SavedPipelineModel;
  probabilities: (X: Matrix) => Float64Array;
  dispose: () => void;
}

/** Whether a saved model carries the background rows sampled explanations need. */
export function hasBackground(saved: SavedPipelineModel): boolean {
  const b = saved.pipeline.background;
  return b !== undefined && b.keys.length > 0 && b.values.length === b.keys.length * saved.pipeline.features.length;
}

/** The background keys every member has, in the first member's order. */
function sharedKeys(members: readonly WeightedSavedModel[]): string[] {
  const [first, ...rest] = members.map((m) => m.saved.pipeline.background?.keys ?? []);
  const others = rest.map((keys) => new Set(keys));
  return first.filter((key) => others.every((set) => set.has(key)));
}

function prepareMembers(members: readonly WeightedSavedModel[], features: string[], keys: string[]): PreparedMember[] {
  const position = new Map(features.map((name, j) => [name, j]));
  return members.map(({ saved, weight }) => {
    const cols = saved.pipeline.features.length;
    const source = saved.pipeline.background as NonNullable<SavedPipelineModel['pipeline']['background']>;
    const at = new Map(source.keys.map((key, r) => [key, r]));
    const background = new Float64Array(keys.length * cols);
    keys.forEach((key, b) => {
      const r = at.get(key) as number;
      for (let k = 0; k < cols; k++) background[b * cols + k] = source.values[r * cols + k];
    });
    const loaded = loadProbabilities(saved);
    return {
      weight,
      columnOf: Int32Array.from(saved.pipeline.features, (name) => position.get(name) as number),
      background,
      model: saved,
      probabilities: loaded.probabilities,
      dispose: loaded.dispose,
    };
  });
}

/** A seed from the row's values, so that the same row always gets the same orders. */
function rowSeed(values: ArrayLike<number>): number {
  return deriveSeed(EXPLAIN_SEED, ...Array.from(values, String));
}

/**
 * Sampled Shapley values of rows for the probability of each row's predicted class, from a single model (one member
 * of weight 1) or an ensemble; null when a member has no background rows (models saved before them) or the
 * members share none.
 * @param members the model, or the ensemble's members with their weights
 * @param rows raw rows by column name
 * @param predicted the class whose probability is explained, per row
 * @param pairs antithetic pairs of orders per background row
 * @returns per row the inputs (union columns, in ensembleFeatures order) and their estimate
 */
export function sampledExplanations(
  members: readonly WeightedSavedModel[],
  rows: readonly RawRow[],
  predicted: ArrayLike<number>,
  pairs = 1,
): { features: string[]; rows: SampledShapley[] } | null {
  if (members.length === 0 || !members.every((m) => hasBackground(m.saved))) return null;
  const features = ensembleFeatures(members);
  const keys = sharedKeys(members);
  if (keys.length === 0) return null;
  const prepared = prepareMembers(members, features, keys);
  try {
    const m = features.length;
    const nb = keys.length;
    // Each member's filled rows, computed once for all rows.
    const filled = prepared.map((p) => filledInput(p.model.pipeline, rawMatrix(p.model.pipeline.features, rows)).X);
    const explained = rows.map((_, r) => {
      const c = predicted[r];
      const rowOf = prepared.map((p, i) => filled[i].data.subarray(r * filled[i].cols, (r + 1) * filled[i].cols));
      const differs = new Uint8Array(nb * m);
      prepared.forEach((p, i) => {
        const cols = p.columnOf.length;
        for (let b = 0; b < nb; b++) {
          for (let k = 0; k < cols; k++) if (rowOf[i][k] !== p.background[b * cols + k]) differs[b * m + p.columnOf[k]] = 1;
        }
      });
      const evaluate = (masks: Uint8Array, backgroundOf: Int32Array, count: number) => {
        const out = new Float64Array(count);
        prepared.forEach((p, i) => {
          const cols = p.columnOf.length;
          const data = new Float64Array(count * cols);
          for (let q = 0; q < count; q++) {
            const b = backgroundOf[q];
            for (let k = 0; k < cols; k++) data[q * cols + k] = masks[q * m + p.columnOf[k]] === 1 ? rowOf[i][k] : p.background[b * cols + k];
          }
          const raw: Matrix = { data, rows: count, cols };
          const scaler = p.model.pipeline.scaler;
          const proba = p.probabilities(scaler ? applyScaler(scaler, raw) : raw);
          const k = p.model.pipeline.classes.length;
          for (let q = 0; q < count; q++) out[q] += p.weight * proba[q * k + c];
        });
        return out;
      };
      const seedValues = rowOf.flatMap((v) => Array.from(v));
      return sampleShapley({ players: m, backgrounds: nb, differs, evaluate }, { seed: rowSeed(seedValues), pairs });
    });
    return { features, rows: explained };
  } finally {
    for (const p of prepared) p.dispose();
  }
}
