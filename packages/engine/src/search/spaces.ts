import type { ModelFamily } from '@indicata/contracts';
import type { ScalerKind } from '../preprocess/scalers.ts';
import { createRng, shuffleInPlace } from '../data/random.ts';

/** The inputs a candidate sees: the indicators alone, or with the target's own history (pipeline/target-history.ts). */
export type InputSet = 'indicators' | 'indicators+history';

/** One configuration to evaluate: a family, its parameters (scikit-learn names), its scaler and its inputs. */
export interface Candidate {
  family: ModelFamily;
  params: Record<string, unknown>;
  scaler: ScalerKind;
  /** Input set (absent: the indicators alone). */
  inputs?: InputSet;
  /**
   * A smaller stand-in for the family's default, at the end of its list: started only when nothing of the family with
   * this input set was started yet and its next regular candidate is predicted not to fit the time left.
   */
  fallback?: true;
}

/**
 * Forest sizes tried, largest first, when the default 300 trees do not fit the time left. More trees only lower the
 * vote's variance, so a smaller forest is the same model with a noisier vote: on 24,000 rows and the default 60 s
 * budget, 300 trees were predicted at 32 s per fold and the family was left out of the run altogether.
 */
export const FALLBACK_FOREST_SIZES: readonly number[] = [100, 50, 25];

/** Families that get a scaler in their pipeline (trees need none). */
export const SCALED_FAMILIES: readonly ModelFamily[] = ['KNN', 'SVM', 'ANN'];

type Grid = Record<string, readonly unknown[]>;

/**
 * Our `auto` search spaces, as unions of grids (a parameter that matters only for some values of another, such
 * as the SVM's gamma and degree, gets its own grid). Each grid is crossed with the three scalers for the scaled
 * families; the candidates are tried in a seeded random order after the hand-picked ones (FIRST).
 */
export const SEARCH_GRIDS: Record<ModelFamily, Grid[]> = {
  DT: [
    {
      criterion: ['gini', 'entropy'],
      max_depth: [null, 4, 6, 8, 12, 20],
      min_samples_split: [2, 5, 10, 20],
      min_samples_leaf: [1, 2, 5, 10],
      max_features: [null, 'sqrt'],
      class_weight: [null, 'balanced'],
    },
  ],
  RF: [
    {
      // Not tuned: more trees only lower the variance of the vote (Probst & Boulesteix, JMLR 2018), so a smaller
      // forest that wins on validation has won on noise. 300 is the reference scikit-learn forest's size.
      n_estimators: [300],
      criterion: ['gini', 'entropy'],
      max_depth: [null, 12, 20],
      min_samples_leaf: [1, 2, 4],
      max_features: ['sqrt', 'log2', 0.3, 0.5],
      bootstrap: [true],
      class_weight: [null, 'balanced'],
    },
  ],
  KNN: [
    {
      n_neighbors: [1, 3, 5, 7, 9, 15, 25],
      weights: ['uniform', 'distance'],
      p: [1, 2],
    },
  ],
  SVM: [
    { kernel: ['rbf'], C: [0.1, 1, 10, 100], gamma: ['scale', 0.01, 0.1, 1] },
    { kernel: ['linear'], C: [0.1, 1, 10] },
    // Large C with a polynomial kernel takes libsvm orders of magnitude longer and rarely wins.
    { kernel: ['poly'], C: [0.1, 1], gamma: ['scale'], degree: [2, 3] },
  ],
  ANN: [
    {
      num_layers: [1, 2, 3],
      neurons: [16, 32, 64, 128],
      activation: ['relu', 'tanh', 'elu', 'leaky_relu'],
      dropout_rate: [0, 0.1, 0.2, 0.3],
      optimizer: ['adam', 'rmsprop'],
      learning_rate: [0.003, 0.01, 0.03],
      epochs: [30, 60],
      batch_size: [64, 128],
    },
  ],
};

/**
 * Hand-picked first candidates per family, strongest first: scikit-learn's defaults (strong on tabular data)
 * and one or two well-known alternatives. The search prefers them when scores are within noise.
 */
export const FIRST: Record<ModelFamily, Record<string, unknown>[]> = {
  DT: [
    { criterion: 'gini', max_depth: null, min_samples_split: 2, min_samples_leaf: 1, max_features: null, class_weight: null },
    { criterion: 'entropy', max_depth: 8, min_samples_split: 10, min_samples_leaf: 5, max_features: null, class_weight: null },
  ],
  RF: [
    { n_estimators: 300, criterion: 'gini', max_depth: null, min_samples_leaf: 1, max_features: 'sqrt', bootstrap: true, class_weight: null },
    { n_estimators: 300, criterion: 'entropy', max_depth: null, min_samples_leaf: 1, max_features: 0.5, bootstrap: true, class_weight: null },
  ],
  KNN: [
    { n_neighbors: 5, weights: 'uniform', p: 2 },
    { n_neighbors: 9, weights: 'distance', p: 1 },
  ],
  SVM: [
    { kernel: 'rbf', C: 1, gamma: 'scale' },
    { kernel: 'rbf', C: 10, gamma: 'scale' },
  ],
  // Cheap first: tfjs costs grow with epochs x batches.
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
  return JSON.stringify([c.scaler, c.inputs ?? 'indicators', Object.entries(c.params).sort(([a], [b]) => a.localeCompare(b))]);
}

/**
 * The ordered candidate list of a family.
 * @param family model family
 * @param choice 'auto' or explicit parameters (used as given; a list value is a set of candidates whose
 *   grid is searched; for scaled families each scaler is tried, the scaler not being a user parameter)
 * @param seed seed of the random order
 * @param maxCandidates cap on the list length
 * @param inputSets the input sets to try (each hand-picked and explicit candidate with each; the random ones
 *   alternate); default: the indicators alone
 */
export function candidatesFor(
  family: ModelFamily,
  choice: 'auto' | Record<string, unknown>,
  seed: number,
  maxCandidates: number,
  inputSets: readonly InputSet[] = ['indicators'],
): Candidate[] {
  // log1p-then-standard first: on the WHO panel it was the best scaler for SVM (validation macro-F1 0.82 vs
  // 0.77 standard, 0.64 quantile-normal) and close for KNN.
  const scalers: ScalerKind[] = SCALED_FAMILIES.includes(family) ? ['log1p-standard', 'standard', 'quantile-normal'] : ['none'];
  const tag = (c: Omit<Candidate, 'inputs'>, inputs: InputSet): Candidate => (inputs === 'indicators' ? { ...c } : { ...c, inputs });
  if (choice !== 'auto') {
    // A list value is the user's own candidate set for that parameter (the wizard's comma-separated input).
    const grid: Grid = Object.fromEntries(Object.entries(choice).map(([key, value]) => [key, Array.isArray(value) ? value : [value]]));
    const explicit: Candidate[] = [];
    for (const params of cartesian(grid)) for (const scaler of scalers) for (const inputs of inputSets) explicit.push(tag({ family, params, scaler }, inputs));
    return explicit.slice(0, Math.max(1, maxCandidates));
  }
  const first: Candidate[] = [];
  for (const params of FIRST[family]) for (const scaler of scalers) for (const inputs of inputSets) first.push(tag({ family, params, scaler }, inputs));
  const rest: Candidate[] = [];
  for (const grid of SEARCH_GRIDS[family]) for (const params of cartesian(grid)) for (const scaler of scalers) rest.push({ family, params, scaler });
  const rng = createRng(seed);
  shuffleInPlace(rest, rng);
  // The random candidates take the input sets in turn.
  const tagged = rest.map((c, i) => tag(c, inputSets[i % inputSets.length]));
  const seen = new Set<string>();
  const out: Candidate[] = [];
  for (const c of [...first, ...tagged]) {
    const key = keyOf(c);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(c);
    if (out.length >= maxCandidates) break;
  }
  // Appended after the capped list, so that the regular candidates keep their positions (a replay finds a candidate by
  // its position in this list).
  if (family === 'RF') {
    const base = FIRST.RF[0];
    for (const trees of FALLBACK_FOREST_SIZES) for (const inputs of inputSets) out.push({ ...tag({ family, params: { ...base, n_estimators: trees }, scaler: 'none' }, inputs), fallback: true });
  }
  return out;
}

/**
 * How many candidates of a list are regular ones (the fallbacks, if any, follow them): what a family plans to search.
 * @param list a family's candidate list
 */
export function regularCount(list: readonly Candidate[]): number {
  const first = list.findIndex((c) => c.fallback === true);
  return first < 0 ? list.length : first;
}

/**
 * How many candidates at the head of candidatesFor's list are hand-picked defaults or the user's explicit
 * configurations: the search always scores them on every fold and prefers them when scores are within noise.
 * @param family model family
 * @param choice 'auto' or explicit parameters
 * @param inputSets the input sets tried
 * @param listLength length of the candidate list
 */
export function preferredCount(family: ModelFamily, choice: 'auto' | Record<string, unknown>, inputSets: readonly InputSet[], listLength: number): number {
  if (choice !== 'auto') return listLength;
  const scalers = SCALED_FAMILIES.includes(family) ? 3 : 1;
  return Math.min(listLength, FIRST[family].length * scalers * inputSets.length);
}
