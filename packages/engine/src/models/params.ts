/**
 * Hyper-parameters of the five families, named as scikit-learn names them (snake_case), with their
 * defaults and a hand-written validator per family. Invalid or unknown parameters throw an Error that
 * names the parameter and what it accepts, so a bad configuration fails before any fitting starts.
 */
import {
  ANN_ACTIVATIONS,
  ANN_OPTIMIZERS,
  DT_SPLITTERS,
  KNN_ALGORITHMS,
  KNN_WEIGHTS,
  SVM_KERNELS,
  TREE_CRITERIA,
  type AnnActivation,
  type AnnOptimizer,
  type DtSplitter,
  type KnnAlgorithm,
  type KnnWeights,
  type ModelFamily,
  type SvmKernel,
  type TreeCriterion,
} from '@indicata/contracts/options';

/** max_features: a keyword, null (all features), a fraction in (0, 1] or a count >= 1. */
export type MaxFeatures = 'sqrt' | 'log2' | null | number;

export interface DecisionTreeParams {
  criterion: TreeCriterion;
  splitter: DtSplitter;
  max_depth: number | null;
  /** Integer >= 2, or a fraction in (0, 1) of the training rows. */
  min_samples_split: number;
  /** Integer >= 1, or a fraction in (0, 1) of the training rows. */
  min_samples_leaf: number;
  min_weight_fraction_leaf: number;
  max_features: MaxFeatures;
  /** Overrides the seed given to createModel when set. */
  random_state: number | null;
  max_leaf_nodes: number | null;
  min_impurity_decrease: number;
  class_weight: 'balanced' | null;
}

export interface RandomForestParams extends Omit<DecisionTreeParams, 'splitter' | 'class_weight'> {
  n_estimators: number;
  bootstrap: boolean;
  oob_score: boolean;
  class_weight: 'balanced' | 'balanced_subsample' | null;
}

export interface KnnParams {
  n_neighbors: number;
  weights: KnnWeights;
  algorithm: KnnAlgorithm;
  leaf_size: number;
  /** Minkowski power (1 = Manhattan, 2 = Euclidean). */
  p: number;
}

export interface SvmParams {
  C: number;
  kernel: SvmKernel;
  degree: number;
  gamma: 'scale' | 'auto' | number;
  coef0: number;
  shrinking: boolean;
  probability: boolean;
  tol: number;
  cache_size: number;
}

export interface AnnParams {
  batch_size: number;
  epochs: number;
  optimizer: AnnOptimizer;
  learning_rate: number;
  /** Units per hidden layer. */
  neurons: number;
  /** Number of hidden layers. */
  num_layers: number;
  dropout_rate: number;
  activation: AnnActivation;
  /** Stop when the loss on a seeded validation slice of the training rows stops improving. */
  early_stopping: boolean;
  validation_fraction: number;
  n_iter_no_change: number;
}

export interface ParamsByFamily {
  DT: DecisionTreeParams;
  RF: RandomForestParams;
  KNN: KnnParams;
  SVM: SvmParams;
  ANN: AnnParams;
}

const TREE_DEFAULTS = {
  criterion: 'gini',
  max_depth: null,
  min_samples_split: 2,
  min_samples_leaf: 1,
  min_weight_fraction_leaf: 0,
  random_state: null,
  max_leaf_nodes: null,
  min_impurity_decrease: 0,
} as const;

const DEFAULTS: ParamsByFamily = {
  DT: { ...TREE_DEFAULTS, splitter: 'best', max_features: null, class_weight: null },
  RF: { ...TREE_DEFAULTS, n_estimators: 100, max_features: 'sqrt', bootstrap: true, oob_score: false, class_weight: null },
  KNN: { n_neighbors: 5, weights: 'uniform', algorithm: 'auto', leaf_size: 30, p: 2 },
  SVM: { C: 1, kernel: 'rbf', degree: 3, gamma: 'scale', coef0: 0, shrinking: true, probability: false, tol: 1e-3, cache_size: 200 },
  ANN: {
    batch_size: 32,
    epochs: 50,
    optimizer: 'adam',
    learning_rate: 0.001,
    neurons: 32,
    num_layers: 2,
    dropout_rate: 0,
    activation: 'relu',
    early_stopping: false,
    validation_fraction: 0.1,
    n_iter_no_change: 10,
  },
};

/**
 * scikit-learn's default hyper-parameters of one family (ours for the ANN, which has no sklearn twin).
 * @param family DT, RF, KNN, SVM or ANN
 */
export function defaultParams<F extends ModelFamily>(family: F): ParamsByFamily[F] {
  return structuredClone(DEFAULTS[family]);
}

/** A rule checks one value and returns it normalised, or returns undefined when it is not acceptable. */
interface Rule {
  describe: string;
  check(value: unknown): { ok: true; value: unknown } | { ok: false };
}

const isNone = (v: unknown): boolean => v === null || v === 'None';
const ok = (value: unknown) => ({ ok: true as const, value });
const bad = { ok: false as const };

function oneOf(values: readonly string[]): Rule {
  return { describe: `one of ${values.join(', ')}`, check: (v) => (typeof v === 'string' && values.includes(v) ? ok(v) : bad) };
}
function integer(min: number, options: { nullable?: boolean } = {}): Rule {
  return {
    describe: `an integer >= ${min}${options.nullable ? ' or None' : ''}`,
    check: (v) => {
      if (options.nullable && isNone(v)) return ok(null);
      return typeof v === 'number' && Number.isInteger(v) && v >= min ? ok(v) : bad;
    },
  };
}
function real(min: number, max: number, options: { minOpen?: boolean; maxOpen?: boolean } = {}): Rule {
  const lo = options.minOpen ? '(' : '[';
  const hi = options.maxOpen ? ')' : ']';
  return {
    describe: `a number in ${lo}${min}, ${max === Infinity ? 'inf' : max}${max === Infinity ? ')' : hi}`,
    check: (v) =>
      typeof v === 'number' &&
      Number.isFinite(v) &&
      (options.minOpen ? v > min : v >= min) &&
      (options.maxOpen ? v < max : v <= max)
        ? ok(v)
        : bad,
  };
}
const boolean: Rule = { describe: 'true or false', check: (v) => (typeof v === 'boolean' ? ok(v) : bad) };
function either(describe: string, ...rules: Rule[]): Rule {
  return {
    describe,
    check: (v) => {
      for (const rule of rules) {
        const result = rule.check(v);
        if (result.ok) return result;
      }
      return bad;
    },
  };
}
const none: Rule = { describe: 'None', check: (v) => (isNone(v) ? ok(null) : bad) };

const maxFeatures: Rule = {
  describe: 'sqrt, log2, None, a fraction in (0, 1) or an integer >= 1',
  check: (v) => {
    if (isNone(v)) return ok(null);
    if (v === 'sqrt' || v === 'log2') return ok(v);
    if (typeof v === 'number' && Number.isInteger(v) && v >= 1) return ok(v);
    if (typeof v === 'number' && v > 0 && v < 1) return ok(v);
    return bad;
  },
};

const TREE_RULES: Record<string, Rule> = {
  criterion: oneOf(TREE_CRITERIA),
  max_depth: integer(1, { nullable: true }),
  // 1 is an integer in JavaScript, so the fraction range is open at 1 (scikit-learn also takes 1.0).
  min_samples_split: either('an integer >= 2 or a fraction in (0, 1)', integer(2), real(0, 1, { minOpen: true, maxOpen: true })),
  min_samples_leaf: either('an integer >= 1 or a fraction in (0, 1)', integer(1), real(0, 1, { minOpen: true, maxOpen: true })),
  min_weight_fraction_leaf: real(0, 0.5),
  max_features: maxFeatures,
  random_state: integer(0, { nullable: true }),
  max_leaf_nodes: integer(2, { nullable: true }),
  min_impurity_decrease: real(0, Infinity),
};

const RULES: Record<ModelFamily, Record<string, Rule>> = {
  DT: {
    ...TREE_RULES,
    splitter: oneOf(DT_SPLITTERS),
    class_weight: either('balanced or None', oneOf(['balanced']), none),
  },
  RF: {
    ...TREE_RULES,
    n_estimators: integer(1),
    bootstrap: boolean,
    oob_score: boolean,
    class_weight: either('balanced, balanced_subsample or None', oneOf(['balanced', 'balanced_subsample']), none),
  },
  KNN: {
    n_neighbors: integer(1),
    weights: oneOf(KNN_WEIGHTS),
    algorithm: oneOf(KNN_ALGORITHMS),
    leaf_size: integer(1),
    p: real(1, Infinity),
  },
  SVM: {
    C: real(0, Infinity, { minOpen: true }),
    kernel: oneOf(SVM_KERNELS),
    degree: integer(0),
    gamma: either('scale, auto or a number > 0', oneOf(['scale', 'auto']), real(0, Infinity, { minOpen: true })),
    coef0: real(-Infinity, Infinity),
    shrinking: boolean,
    probability: boolean,
    tol: real(0, Infinity, { minOpen: true }),
    cache_size: real(0, Infinity, { minOpen: true }),
  },
  ANN: {
    batch_size: integer(1),
    epochs: integer(1),
    optimizer: oneOf(ANN_OPTIMIZERS),
    learning_rate: real(0, Infinity, { minOpen: true }),
    neurons: integer(1),
    num_layers: integer(1),
    dropout_rate: real(0, 1, { maxOpen: true }),
    activation: oneOf(ANN_ACTIVATIONS),
    early_stopping: boolean,
    validation_fraction: real(0, 1, { minOpen: true, maxOpen: true }),
    n_iter_no_change: integer(1),
  },
};

/**
 * Checks and completes the hyper-parameters of one family: unknown names and invalid values throw an
 * Error naming the parameter and its allowed values; missing ones take the family default; "None"
 * is read as null.
 * @param family DT, RF, KNN, SVM or ANN
 * @param params the user's parameters (snake_case, scikit-learn names); may be partial
 */
export function validateParams<F extends ModelFamily>(family: F, params: Record<string, unknown>): ParamsByFamily[F] {
  const rules = RULES[family];
  if (!rules) throw new Error(`Unknown model family "${String(family)}"; allowed families: DT, RF, KNN, SVM, ANN.`);
  const result = { ...defaultParams(family) } as unknown as Record<string, unknown>;
  for (const [name, value] of Object.entries(params ?? {})) {
    const rule = rules[name];
    if (!rule) {
      throw new Error(`Unknown parameter "${name}" for ${family}; allowed parameters: ${Object.keys(rules).sort().join(', ')}.`);
    }
    if (value === undefined) continue;
    const checked = rule.check(value);
    if (!checked.ok) {
      throw new Error(`Invalid value for ${family} parameter "${name}": ${JSON.stringify(value)}; allowed values: ${rule.describe}.`);
    }
    result[name] = checked.value;
  }
  if (family === 'RF' && result.oob_score === true && result.bootstrap !== true) {
    throw new Error('Invalid value for RF parameter "oob_score": true needs bootstrap=true; allowed values: false when bootstrap is false.');
  }
  return result as unknown as ParamsByFamily[F];
}
