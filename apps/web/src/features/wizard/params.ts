/**
 * The parameters of the five model pages: their display names (spec section 9), the job field each maps
 * to (spec section 3, prefixed names), how the "Customize" text is read, and the choices of selects.
 * The model pages, Random Forest's validation and buildJobData all read this one table.
 */
import {
  ANN_ACTIVATIONS,
  ANN_OPTIMIZERS,
  DT_SPLITTERS,
  KNN_ALGORITHMS,
  KNN_WEIGHTS,
  SVM_KERNELS,
  TREE_CRITERIA,
  type ModelFamily,
} from '@indicata/contracts';

export type ParamKind =
  /** Comma-separated integers (candidates); `None` allowed when allowNone. */
  | { type: 'int'; min: number; allowNone?: boolean }
  /** Comma-separated numbers; `None` when allowNone; extra words (sqrt, scale...) when keywords. */
  | { type: 'number'; min?: number; max?: number; exclusiveMin?: boolean; exclusiveMax?: boolean; allowNone?: boolean; keywords?: readonly string[] }
  /** One choice of a fixed list. */
  | { type: 'select'; options: readonly string[] }
  /** True or False. */
  | { type: 'bool' };

export interface ParamDef {
  /** Display name, scikit-learn style (n_estimators). Also the key in the saved ParamSettings. */
  key: string;
  /** Field in the job's model config (RFnEstimators). */
  field: string;
  kind: ParamKind;
  /** Example shown in an empty input. */
  placeholder?: string;
  /** Held in the configuration but not displayed (ANN batch size and epochs). */
  hidden?: boolean;
}

const criterion: ParamKind = { type: 'select', options: TREE_CRITERIA };
const maxDepth: ParamKind = { type: 'int', min: 1, allowNone: true };
const minSamplesSplit: ParamKind = { type: 'number', min: 0, exclusiveMin: true };
const minSamplesLeaf: ParamKind = { type: 'number', min: 0, exclusiveMin: true };
const minWeightFractionLeaf: ParamKind = { type: 'number', min: 0, max: 0.5 };
const maxFeatures: ParamKind = { type: 'number', min: 0, exclusiveMin: true, allowNone: true, keywords: ['sqrt', 'log2'] };
const maxLeafNodes: ParamKind = { type: 'int', min: 2, allowNone: true };
const minImpurityDecrease: ParamKind = { type: 'number', min: 0 };

export const MODEL_PARAMS: Record<ModelFamily, readonly ParamDef[]> = {
  RF: [
    { key: 'n_estimators', field: 'RFnEstimators', kind: { type: 'int', min: 1 }, placeholder: '100, 200' },
    { key: 'criterion', field: 'RFcriterion', kind: criterion },
    { key: 'max_depth', field: 'RFmaxDepth', kind: maxDepth, placeholder: 'None, 10' },
    { key: 'min_samples_split', field: 'RFminSamplesSplit', kind: minSamplesSplit, placeholder: '2' },
    { key: 'min_samples_leaf', field: 'RFminSamplesLeaf', kind: minSamplesLeaf, placeholder: '1' },
    { key: 'min_weight_fraction_leaf', field: 'RFminWeightFractionLeaf', kind: minWeightFractionLeaf, placeholder: '0' },
    { key: 'max_features', field: 'RFmaxFeatures', kind: maxFeatures, placeholder: 'sqrt, log2, None, 0.5' },
    { key: 'max_leaf_nodes', field: 'RFmaxLeafNodes', kind: maxLeafNodes, placeholder: 'None' },
    { key: 'min_impurity_decrease', field: 'RFminImpurityDecrease', kind: minImpurityDecrease, placeholder: '0' },
    { key: 'bootstrap', field: 'RFbootstrap', kind: { type: 'bool' } },
    { key: 'oob_score', field: 'RFoobScore', kind: { type: 'bool' } },
  ],
  ANN: [
    { key: 'neurons', field: 'ANNneurons', kind: { type: 'int', min: 1 }, placeholder: '32, 64' },
    { key: 'dropout_rate', field: 'ANNdropoutRate', kind: { type: 'number', min: 0, max: 1, exclusiveMax: true }, placeholder: '0.2' },
    { key: 'activation', field: 'ANNactivation', kind: { type: 'select', options: ANN_ACTIVATIONS } },
    { key: 'optimizer', field: 'ANNoptimizer', kind: { type: 'select', options: ANN_OPTIMIZERS } },
    { key: 'batch_size', field: 'ANNbatchSize', kind: { type: 'int', min: 1 }, hidden: true },
    { key: 'epochs', field: 'ANNepochs', kind: { type: 'int', min: 1 }, hidden: true },
  ],
  DT: [
    { key: 'criterion', field: 'DTcriterion', kind: criterion },
    { key: 'splitter', field: 'DTsplitter', kind: { type: 'select', options: DT_SPLITTERS } },
    { key: 'max_depth', field: 'DTmaxDepth', kind: maxDepth, placeholder: 'None, 5' },
    { key: 'min_samples_split', field: 'DTminSamplesSplit', kind: minSamplesSplit, placeholder: '2' },
    { key: 'min_samples_leaf', field: 'DTminSamplesLeaf', kind: minSamplesLeaf, placeholder: '1' },
    { key: 'min_weight_fraction_leaf', field: 'DTminWeightFractionLeaf', kind: minWeightFractionLeaf, placeholder: '0' },
    { key: 'max_features', field: 'DTmaxFeatures', kind: maxFeatures, placeholder: 'None, sqrt' },
    { key: 'random_state', field: 'DTrandomState', kind: { type: 'int', min: 0, allowNone: true }, placeholder: '42' },
    { key: 'max_leaf_nodes', field: 'DTmaxLeafNodes', kind: maxLeafNodes, placeholder: 'None' },
    { key: 'min_impurity_decrease', field: 'DTminImpurityDecrease', kind: minImpurityDecrease, placeholder: '0' },
  ],
  KNN: [
    { key: 'n_neighbors', field: 'KNNnNeighbors', kind: { type: 'int', min: 1 }, placeholder: '3, 5, 7' },
    { key: 'weights', field: 'KNNweights', kind: { type: 'select', options: KNN_WEIGHTS } },
    { key: 'algorithm', field: 'KNNalgorithm', kind: { type: 'select', options: KNN_ALGORITHMS } },
    { key: 'leaf_size', field: 'KNNleafSize', kind: { type: 'int', min: 1 }, placeholder: '30' },
    { key: 'p', field: 'KNNp', kind: { type: 'number', min: 1 }, placeholder: '1, 2' },
  ],
  SVM: [
    { key: 'C', field: 'SVMC', kind: { type: 'number', min: 0, exclusiveMin: true }, placeholder: '0.1, 1, 10' },
    { key: 'kernel', field: 'SVMkernel', kind: { type: 'select', options: SVM_KERNELS } },
    { key: 'degree', field: 'SVMdegree', kind: { type: 'int', min: 1 }, placeholder: '3' },
    { key: 'gamma', field: 'SVMgamma', kind: { type: 'number', min: 0, exclusiveMin: true, keywords: ['scale', 'auto'] }, placeholder: 'scale, auto, 0.1' },
    { key: 'coef0', field: 'SVMcoef0', kind: { type: 'number' }, placeholder: '0' },
    { key: 'shrinking', field: 'SVMshrinking', kind: { type: 'bool' } },
    { key: 'probability', field: 'SVMprobability', kind: { type: 'bool' } },
  ],
};

export type ParsedParam = { ok: true; values: (number | string | boolean | null)[] } | { ok: false };

function inRange(value: number, kind: Extract<ParamKind, { type: 'int' | 'number' }>): boolean {
  if (kind.min !== undefined && (value < kind.min || (kind.type === 'number' && kind.exclusiveMin && value === kind.min))) return false;
  if (kind.type === 'number' && kind.max !== undefined && (value > kind.max || (kind.exclusiveMax && value === kind.max))) return false;
  return true;
}

/**
 * Reads a "Customize" text as a list of candidate values. Empty text gives an empty list (ok);
 * any token that does not fit the parameter makes the whole text invalid.
 */
export function parseParamText(kind: ParamKind, text: string): ParsedParam {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: true, values: [] };
  if (kind.type === 'select') return kind.options.includes(trimmed) ? { ok: true, values: [trimmed] } : { ok: false };
  if (kind.type === 'bool') {
    if (trimmed === 'True') return { ok: true, values: [true] };
    if (trimmed === 'False') return { ok: true, values: [false] };
    return { ok: false };
  }
  const values: (number | string | null)[] = [];
  for (const token of trimmed.split(',').map((t) => t.trim())) {
    if (token === '') return { ok: false };
    if (token === 'None' && kind.allowNone) {
      values.push(null);
      continue;
    }
    if (kind.type === 'number' && kind.keywords?.includes(token)) {
      values.push(token);
      continue;
    }
    if (!/^-?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(token)) return { ok: false };
    const value = Number(token);
    if (!Number.isFinite(value)) return { ok: false };
    if (kind.type === 'int' && !Number.isInteger(value)) return { ok: false };
    if (!inRange(value, kind)) return { ok: false };
    values.push(value);
  }
  // Duplicates would only repeat the same search candidate.
  return { ok: true, values: [...new Set(values)] };
}

/** The order in which Random Forest's save checks that every parameter is filled or auto (spec section 5). */
export const RF_VALIDATION_ORDER = MODEL_PARAMS.RF.map((p) => p.key);

/**
 * Random Forest's save rule: the first parameter that is neither auto nor filled, or null.
 * @param values the Customize texts by parameter key
 * @param auto the per-parameter auto flags (a missing flag counts as auto)
 */
export function firstUnconfiguredRfParameter(values: Record<string, string>, auto: Record<string, boolean>): string | null {
  for (const key of RF_VALIDATION_ORDER) {
    if (auto[key] !== false) continue;
    if ((values[key] ?? '').trim() === '') return key;
  }
  return null;
}
