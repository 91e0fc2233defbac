/**
 * The parameters of the five model pages, read from the contracts' hyper-parameter table: their display names
 * (scikit-learn's, spec section 9), the job field each maps to (spec section 3), how the "Customize" text is read
 * and the choices of selects. A value the page accepts is exactly one the API and the engine accept.
 */
import { acceptsParamValue, HYPERPARAMETERS, type HyperParameter, type ModelFamily, type ParamValue } from '@indicata/contracts';

export type ParamKind =
  /** One choice of a fixed list (a parameter whose only values are keywords). */
  | { type: 'select'; options: readonly string[] }
  /** True or False. */
  | { type: 'bool' }
  /** Comma-separated candidates: numbers, `None`, keywords, as the table allows. */
  | { type: 'text'; param: HyperParameter };

export interface ParamDef {
  /** Display name, scikit-learn style (n_estimators). Also the key in the saved ParamSettings. */
  key: string;
  /** Field in the job's model config (RFnEstimators). */
  field: string;
  kind: ParamKind;
  /** The table's entry (allowed values, default, help). */
  param: HyperParameter;
  /** Example shown in an empty input. */
  placeholder?: string;
  /** Held in the configuration but not displayed (ANN batch size and epochs). */
  hidden?: boolean;
}

function kindOf(param: HyperParameter): ParamKind {
  const [only] = param.accepts;
  if (param.accepts.length === 1 && only.kind === 'keyword') return { type: 'select', options: only.values };
  if (param.accepts.length === 1 && only.kind === 'bool') return { type: 'bool' };
  return { type: 'text', param };
}

function defOf(param: HyperParameter): ParamDef {
  return {
    key: param.sklearn,
    field: param.field,
    kind: kindOf(param),
    param,
    ...(param.placeholder !== undefined ? { placeholder: param.placeholder } : {}),
    ...(param.hidden ? { hidden: true } : {}),
  };
}

export const MODEL_PARAMS: Record<ModelFamily, readonly ParamDef[]> = {
  RF: HYPERPARAMETERS.RF.map(defOf),
  ANN: HYPERPARAMETERS.ANN.map(defOf),
  DT: HYPERPARAMETERS.DT.map(defOf),
  KNN: HYPERPARAMETERS.KNN.map(defOf),
  SVM: HYPERPARAMETERS.SVM.map(defOf),
};

export type ParsedParam = { ok: true; values: ParamValue[] } | { ok: false };

const NUMBER_TOKEN = /^-?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;

/** One typed token as a value: None, a keyword or a number; undefined when it is none of them. */
function tokenValue(token: string): ParamValue | undefined {
  if (token === 'None') return null;
  if (NUMBER_TOKEN.test(token)) return Number(token);
  return /^[a-z_0-9]+$/i.test(token) ? token : undefined;
}

/**
 * Reads a "Customize" text as a list of candidate values. Empty text gives an empty list (ok);
 * any token the table does not allow makes the whole text invalid.
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
  const values: ParamValue[] = [];
  for (const token of trimmed.split(',').map((t) => t.trim())) {
    const value = tokenValue(token);
    if (value === undefined || !acceptsParamValue(kind.param, value)) return { ok: false };
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
