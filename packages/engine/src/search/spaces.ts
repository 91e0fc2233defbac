import type { ModelFamily } from '@indicata/contracts';
import type { ScalerKind } from '../preprocess/scalers.ts';
import { createRng, shuffleInPlace } from '../data/random.ts';

/** One configuration to evaluate: a family, its parameters (scikit-learn names) and its scaler. */
export interface Candidate {
  family: ModelFamily;
  params: Record<string, unknown>;
  scaler: ScalerKind;
}

/** Families that get a scaler in their pipeline (trees need none). */
export const SCALED_FAMILIES: readonly ModelFamily[] = ['KNN', 'SVM', 'ANN'];

type Grid = Record<string, readonly unknown[]>;

/**
 * Our `auto` search spaces. Each grid is crossed with the three scalers for the scaled families; the
 * candidates are tried in a seeded random order after a few hand-picked ones (library defaults with
 * each scaler, since the scaler matters most on heavy-tailed WHO panels).
 */
export const SEARCH_GRIDS: Record<ModelFamily, Grid> = {
  DT: {
    criterion: ['gini', 'entropy'],
    max_depth: [null, 4, 6, 8, 12, 20],
    min_samples_split: [2, 5, 10, 20],
    min_samples_leaf: [1, 2, 5, 10],
    max_features: [null, 'sqrt'],
    class_weight: [null, 'balanced'],
  },
  RF: {
    n_estimators: [50, 100, 200],
    criterion: ['gini', 'entropy'],
    max_depth: [null, 8, 16],
    min_samples_leaf: [1, 2, 4],
    max_features: ['sqrt', 'log2', 0.5],
    bootstrap: [true],
    class_weight: [null, 'balanced'],
  },
  KNN: {
    n_neighbors: [1, 3, 5, 7, 9, 15, 25],
    weights: ['uniform', 'distance'],
    p: [1, 2],
  },
  SVM: {
    kernel: ['rbf', 'linear', 'poly'],
    C: [0.1, 1, 10, 100],
    gamma: ['scale', 0.01, 0.1, 1],
    degree: [3],
  },
  ANN: {
    num_layers: [1, 2, 3],
    neurons: [16, 32, 64, 128],
    activation: ['relu', 'tanh', 'elu', 'leaky_relu'],
    dropout_rate: [0, 0.1, 0.2, 0.3],
    optimizer: ['adam', 'rmsprop'],
    learning_rate: [0.003, 0.01, 0.03],
    epochs: [30, 60],
    batch_size: [64, 128],
  },
};

/** Hand-picked first candidates per family (before the random ones). */
const FIRST: Record<ModelFamily, Record<string, unknown>[]> = {
  DT: [{ criterion: 'gini', max_depth: null, min_samples_split: 2, min_samples_leaf: 1, max_features: null, class_weight: null }],
  RF: [{ n_estimators: 100, criterion: 'gini', max_depth: null, min_samples_leaf: 1, max_features: 'sqrt', bootstrap: true, class_weight: null }],
  KNN: [{ n_neighbors: 5, weights: 'uniform', p: 2 }],
  SVM: [{ kernel: 'rbf', C: 1, gamma: 'scale', degree: 3 }],
  // Cheap first: tfjs costs grow with epochs x batches, and the first candidate always runs.
  ANN: [{ num_layers: 2, neurons: 32, activation: 'relu', dropout_rate: 0, optimizer: 'adam', learning_rate: 0.01, epochs: 30, batch_size: 128 }],
};

function cartesian(grid: Grid): Record<string, unknown>[] {
  let out: Record<string, unknown>[] = [{}];
  for (const [key, values] of Object.entries(grid)) {
    const next: Record<string, unknown>[] = [];
    for (const partial of out) for (const v of values) next.push({ ...partial, [key]: v });
    out = next;
  }
  return out;
}

function keyOf(c: Candidate): string {
  return JSON.stringify([c.scaler, Object.entries(c.params).sort(([a], [b]) => a.localeCompare(b))]);
}

/**
 * The ordered candidate list of a family.
 * @param family model family
 * @param choice 'auto' or explicit parameters (used as given; a list value is a set of candidates whose
 *   grid is searched; for scaled families each scaler is tried, the scaler not being a user parameter)
 * @param seed seed of the random order
 * @param maxCandidates cap on the list length
 */
export function candidatesFor(
  family: ModelFamily,
  choice: 'auto' | Record<string, unknown>,
  seed: number,
  maxCandidates: number,
): Candidate[] {
  // log1p-then-standard first: on the WHO panel it was the best scaler for SVM (validation macro-F1 0.82 vs
  // 0.77 standard, 0.64 quantile-normal) and close for KNN, and under a tight budget the first candidate may be
  // the only one evaluated.
  const scalers: ScalerKind[] = SCALED_FAMILIES.includes(family) ? ['log1p-standard', 'standard', 'quantile-normal'] : ['none'];
  if (choice !== 'auto') {
    // A list value is the user's own candidate set for that parameter (the wizard's comma-separated input).
    const grid: Grid = Object.fromEntries(Object.entries(choice).map(([key, value]) => [key, Array.isArray(value) ? value : [value]]));
    const explicit: Candidate[] = [];
    for (const params of cartesian(grid)) for (const scaler of scalers) explicit.push({ family, params, scaler });
    return explicit.slice(0, Math.max(1, maxCandidates));
  }
  const first: Candidate[] = [];
  for (const params of FIRST[family]) for (const scaler of scalers) first.push({ family, params, scaler });
  const rest: Candidate[] = [];
  for (const params of cartesian(SEARCH_GRIDS[family])) for (const scaler of scalers) rest.push({ family, params, scaler });
  shuffleInPlace(rest, createRng(seed));
  const seen = new Set<string>();
  const out: Candidate[] = [];
  for (const c of [...first, ...rest]) {
    const key = keyOf(c);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(c);
    if (out.length >= maxCandidates) break;
  }
  return out;
}
