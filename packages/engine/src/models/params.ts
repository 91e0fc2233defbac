/**
 * Hyper-parameters of the five families, named as scikit-learn names them (snake_case), with their
 * defaults and validators. The parameters a job may set come from the contracts' hyper-parameter table (the
 * API's job schema and the wizard read the same table, so they accept exactly these values); the rest are
 * engine-only settings. Invalid or unknown parameters throw an Error that names the parameter and what it
 * accepts, so a bad configuration fails before any fitting starts.
 */
import {
  acceptsParamValue,
  combinationProblem,
  describeParamValues,
  HYPERPARAMETERS,
  hyperParameterDefaults,
  hyperParameterOf,
  type HyperParameter,
} from '@indicata/contracts/hyperparameters';
import {
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

// The parameters a job may set take their defaults from the contracts' table; the rest are engine-only.
const DEFAULTS: ParamsByFamily = {
  DT: { ...hyperParameterDefaults('DT'), class_weight: null } as unknown as DecisionTreeParams,
  RF: { ...hyperParameterDefaults('RF'), random_state: null, class_weight: null } as unknown as RandomForestParams,
  KNN: hyperParameterDefaults('KNN') as unknown as KnnParams,
  SVM: { ...hyperParameterDefaults('SVM'), tol: 1e-3, cache_size: 200 } as unknown as SvmParams,
  ANN: {
    ...hyperParameterDefaults('ANN'),
    learning_rate: 0.001,
    num_layers: 2,
    early_stopping: false,
    validation_fraction: 0.1,
    n_iter_no_change: 10,
  } as unknown as AnnParams,
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

/** A job parameter's rule is the contracts' table entry: the same values, described in the same words. */
function fromTable(param: HyperParameter, extraKeywords: readonly string[] = []): Rule {
  const describe = describeParamValues(param) + (extraKeywords.length > 0 ? ` (or ${extraKeywords.join(', ')} outside a job)` : '');
  return {
    describe,
    check: (v) => {
      const value = v === 'None' ? null : v;
      if (typeof value === 'string' && extraKeywords.includes(value)) return ok(value);
      return acceptsParamValue(param, value) ? ok(value) : bad;
    },
  };
}

/**
 * Values the models take outside a job: a precomputed SVM kernel needs a kernel matrix as the input, which a job
 * (whose inputs are indicators) never gives, so the job table leaves it out.
 */
const ENGINE_ONLY_KEYWORDS: Partial<Record<ModelFamily, Record<string, readonly string[]>>> = { SVM: { kernel: ['precomputed'] } };

function tableRules(family: ModelFamily): Record<string, Rule> {
  return Object.fromEntries(HYPERPARAMETERS[family].map((p) => [p.sklearn, fromTable(p, ENGINE_ONLY_KEYWORDS[family]?.[p.sklearn])]));
}

const RULES: Record<ModelFamily, Record<string, Rule>> = {
  DT: { ...tableRules('DT'), class_weight: either('balanced or None', oneOf(['balanced']), none) },
  RF: {
    ...tableRules('RF'),
    random_state: fromTable(hyperParameterOf('DT', 'random_state')!),
    class_weight: either('balanced, balanced_subsample or None', oneOf(['balanced', 'balanced_subsample']), none),
  },
  KNN: tableRules('KNN'),
  SVM: { ...tableRules('SVM'), tol: real(0, Infinity, { minOpen: true }), cache_size: real(0, Infinity, { minOpen: true }) },
  ANN: {
    ...tableRules('ANN'),
    learning_rate: real(0, Infinity, { minOpen: true }),
    num_layers: integer(1),
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
  const combination = combinationProblem(family, Object.fromEntries(Object.entries(result).map(([name, value]) => [name, [value]])));
  if (combination) {
    const name = HYPERPARAMETERS[family].find((p) => p.field === combination.field)?.sklearn ?? combination.field;
    throw new Error(`Invalid value for ${family} parameter "${name}": ${combination.message}`);
  }
  return result as unknown as ParamsByFamily[F];
}
