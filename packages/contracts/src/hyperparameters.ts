/**
 * The one table of model hyper-parameters a job may set: for each family parameter its scikit-learn name, the
 * job field (spec section 3), the name the detail view shows, the values it takes, its default and its help
 * text. The wizard's model pages, the API's job schema and the engine's parameter validation all read it, so
 * the three accept the same values: the API refuses up front (400 naming the field) what the engine would
 * refuse when a fit thread builds the model.
 */
import {
  ANN_ACTIVATIONS,
  ANN_OPTIMIZERS,
  DT_SPLITTERS,
  KNN_ALGORITHMS,
  KNN_WEIGHTS,
  TREE_CRITERIA,
  type ModelFamily,
} from './options.ts';

/** One kind of value a parameter takes; a parameter takes any of its alternatives. */
export type ParamAlternative =
  /** A whole number in [min, max]. */
  | { kind: 'int'; min: number; max?: number }
  /** A number between min and max (infinite bounds allowed), each end open or closed; `fraction` only names it. */
  | { kind: 'real'; min: number; max: number; minOpen?: boolean; maxOpen?: boolean; fraction?: boolean }
  | { kind: 'keyword'; values: readonly string[] }
  /** scikit-learn's None (null in a job). */
  | { kind: 'none' }
  | { kind: 'bool' };

export type ParamValue = number | string | boolean | null;
export type HelpLocale = 'en' | 'pt-BR';

export interface HyperParameter {
  family: ModelFamily;
  /** scikit-learn's name, the engine's key and the wizard's label: `min_samples_split`. */
  sklearn: string;
  /** The job configuration's field: `RFminSamplesSplit`. */
  field: string;
  /** The result detail view's name (the field without its family prefix): `minSamplesSplit`. */
  detail: string;
  accepts: readonly ParamAlternative[];
  /** The value used when the parameter is left on auto and the family's configuration is explicit. */
  default: ParamValue;
  /** Example shown in an empty wizard input. */
  placeholder?: string;
  /** Held in the configuration but not shown on the wizard's page (ANN batch size and epochs). */
  hidden?: boolean;
  help: Record<HelpLocale, string>;
}

// Largest seed scikit-learn takes (numpy's RandomState: 2**32 - 1).
const SEED_MAX = 2 ** 32 - 1;
const int = (min: number, max?: number): ParamAlternative => (max === undefined ? { kind: 'int', min } : { kind: 'int', min, max });
const real = (min: number, max: number, open: { minOpen?: boolean; maxOpen?: boolean; fraction?: boolean } = {}): ParamAlternative => ({ kind: 'real', min, max, ...open });
const keyword = (values: readonly string[]): ParamAlternative => ({ kind: 'keyword', values });
const NONE: ParamAlternative = { kind: 'none' };
const BOOL: ParamAlternative = { kind: 'bool' };

/** The most units a hidden layer of a job's ANN may have. */
export const ANN_NEURONS_MAX = 1024;
/**
 * The most trees of a job's forest and passes of its ANN: far above what a budget of minutes fits on indicator panels
 * (the search tries 300 trees and 30-60 passes), so a typo of a few zeros is refused at once instead of ending
 * the job with "no final model within the budget".
 */
export const RF_TREES_MAX = 10_000;
export const ANN_EPOCHS_MAX = 10_000;

/** Kernels a job may choose: 'precomputed' needs a kernel matrix as input, and a job's inputs are indicators. */
export const JOB_SVM_KERNELS = ['linear', 'poly', 'rbf', 'sigmoid'] as const;

type Row = Omit<HyperParameter, 'family' | 'field' | 'detail'>;

/** Tree parameters shared by Decision Tree and Random Forest (scikit-learn's BaseDecisionTree). */
const TREE: Record<string, Row> = {
  criterion: { sklearn: 'criterion', accepts: [keyword(TREE_CRITERIA)], default: 'gini', help: { en: 'Split quality measure', 'pt-BR': 'Medida de qualidade da divisão' } },
  max_depth: {
    sklearn: 'max_depth',
    accepts: [int(1), NONE],
    default: null,
    help: { en: 'Maximum depth of a tree; None for unlimited', 'pt-BR': 'Profundidade máxima da árvore; None para ilimitada' },
  },
  // JSON has one number type, so 1 is the integer 1 (too small) and the fraction range stops below 1.
  min_samples_split: {
    sklearn: 'min_samples_split',
    accepts: [int(2), real(0, 1, { minOpen: true, maxOpen: true, fraction: true })],
    default: 2,
    placeholder: '2',
    help: { en: 'Minimum samples to split a node: an integer from 2, or a fraction of the rows', 'pt-BR': 'Mínimo de amostras para dividir um nó: um inteiro a partir de 2, ou uma fração das linhas' },
  },
  // Above half the rows no split can leave enough rows on both sides: the tree would be a single leaf.
  min_samples_leaf: {
    sklearn: 'min_samples_leaf',
    accepts: [int(1), real(0, 0.5, { minOpen: true, fraction: true })],
    default: 1,
    placeholder: '1',
    help: { en: 'Minimum samples in a leaf: an integer from 1, or a fraction of the rows up to 0.5', 'pt-BR': 'Mínimo de amostras em uma folha: um inteiro a partir de 1, ou uma fração das linhas até 0,5' },
  },
  min_weight_fraction_leaf: {
    sklearn: 'min_weight_fraction_leaf',
    accepts: [real(0, 0.5, { fraction: true })],
    default: 0,
    placeholder: '0',
    help: { en: 'Minimum weighted fraction in a leaf, 0 to 0.5', 'pt-BR': 'Fração ponderada mínima em uma folha, de 0 a 0,5' },
  },
  max_features: {
    sklearn: 'max_features',
    accepts: [keyword(['sqrt', 'log2']), NONE, int(1), real(0, 1, { minOpen: true, maxOpen: true, fraction: true })],
    default: null,
    help: { en: 'Features per split: sqrt, log2, None, a count or a fraction', 'pt-BR': 'Atributos por divisão: sqrt, log2, None, uma contagem ou uma fração' },
  },
  max_leaf_nodes: { sklearn: 'max_leaf_nodes', accepts: [int(2), NONE], default: null, placeholder: 'None', help: { en: 'Maximum leaves; None for unlimited', 'pt-BR': 'Máximo de folhas; None para ilimitado' } },
  min_impurity_decrease: {
    sklearn: 'min_impurity_decrease',
    accepts: [real(0, Infinity)],
    default: 0,
    placeholder: '0',
    help: { en: 'Minimum impurity decrease to split, 0 or more', 'pt-BR': 'Redução mínima de impureza para dividir, 0 ou mais' },
  },
};

const ROWS: Record<ModelFamily, Row[]> = {
  RF: [
    {
      sklearn: 'n_estimators',
      accepts: [int(1, RF_TREES_MAX)],
      default: 100,
      placeholder: '100, 200',
      help: { en: `Number of trees, 1 to ${RF_TREES_MAX}, e.g. 100, 200`, 'pt-BR': `Número de árvores, de 1 a ${RF_TREES_MAX}, ex.: 100, 200` },
    },
    TREE.criterion,
    { ...TREE.max_depth, placeholder: 'None, 10' },
    TREE.min_samples_split,
    TREE.min_samples_leaf,
    TREE.min_weight_fraction_leaf,
    { ...TREE.max_features, default: 'sqrt', placeholder: 'sqrt, log2, None, 0.5' },
    TREE.max_leaf_nodes,
    TREE.min_impurity_decrease,
    { sklearn: 'bootstrap', accepts: [BOOL], default: true, help: { en: 'Sample rows with replacement for each tree', 'pt-BR': 'Amostrar linhas com reposição para cada árvore' } },
    {
      sklearn: 'oob_score',
      accepts: [BOOL],
      default: false,
      help: { en: 'Score each tree on its out-of-bag rows (needs bootstrap)', 'pt-BR': 'Avaliar cada árvore nas linhas fora da amostra (requer bootstrap)' },
    },
  ],
  ANN: [
    // Bounded: a hidden layer of n units holds n x n weights, and tens of thousands of units exhaust the memory of the
    // fitting thread (the search itself tries 16-128).
    {
      sklearn: 'neurons',
      accepts: [int(1, ANN_NEURONS_MAX)],
      default: 32,
      placeholder: '32, 64',
      help: { en: `Units per hidden layer, 1 to ${ANN_NEURONS_MAX}, e.g. 32, 64`, 'pt-BR': `Unidades por camada oculta, de 1 a ${ANN_NEURONS_MAX}, ex.: 32, 64` },
    },
    {
      sklearn: 'dropout_rate',
      accepts: [real(0, 1, { maxOpen: true, fraction: true })],
      default: 0,
      placeholder: '0.2',
      help: { en: 'Fraction of units dropped while training, 0 to below 1', 'pt-BR': 'Fração de unidades descartadas no treino, de 0 a menos de 1' },
    },
    { sklearn: 'activation', accepts: [keyword(ANN_ACTIVATIONS)], default: 'relu', help: { en: 'Activation of the hidden layers', 'pt-BR': 'Ativação das camadas ocultas' } },
    { sklearn: 'optimizer', accepts: [keyword(ANN_OPTIMIZERS)], default: 'adam', help: { en: 'Training algorithm', 'pt-BR': 'Algoritmo de treino' } },
    { sklearn: 'batch_size', accepts: [int(1)], default: 32, hidden: true, help: { en: 'Rows per training batch', 'pt-BR': 'Linhas por lote de treino' } },
    { sklearn: 'epochs', accepts: [int(1, ANN_EPOCHS_MAX)], default: 50, hidden: true, help: { en: 'Passes over the training rows', 'pt-BR': 'Passagens pelas linhas de treino' } },
  ],
  DT: [
    TREE.criterion,
    { sklearn: 'splitter', accepts: [keyword(DT_SPLITTERS)], default: 'best', help: { en: 'How each split is chosen', 'pt-BR': 'Como cada divisão é escolhida' } },
    { ...TREE.max_depth, placeholder: 'None, 5' },
    TREE.min_samples_split,
    TREE.min_samples_leaf,
    TREE.min_weight_fraction_leaf,
    { ...TREE.max_features, placeholder: 'None, sqrt' },
    {
      sklearn: 'random_state',
      accepts: [int(0, SEED_MAX), NONE],
      default: null,
      placeholder: '42',
      help: { en: 'Seed of the tree; None uses the job seed', 'pt-BR': 'Semente da árvore; None usa a semente do trabalho' },
    },
    TREE.max_leaf_nodes,
    TREE.min_impurity_decrease,
  ],
  KNN: [
    { sklearn: 'n_neighbors', accepts: [int(1)], default: 5, placeholder: '3, 5, 7', help: { en: 'Number of neighbours, e.g. 3, 5, 7', 'pt-BR': 'Número de vizinhos, ex.: 3, 5, 7' } },
    { sklearn: 'weights', accepts: [keyword(KNN_WEIGHTS)], default: 'uniform', help: { en: 'How neighbours vote', 'pt-BR': 'Como os vizinhos votam' } },
    { sklearn: 'algorithm', accepts: [keyword(KNN_ALGORITHMS)], default: 'auto', help: { en: 'Neighbour search structure', 'pt-BR': 'Estrutura de busca de vizinhos' } },
    { sklearn: 'leaf_size', accepts: [int(1)], default: 30, placeholder: '30', help: { en: 'Leaf size of the search tree', 'pt-BR': 'Tamanho da folha da árvore de busca' } },
    // Below 1 the Minkowski "distance" breaks the triangle inequality the search trees rely on.
    { sklearn: 'p', accepts: [real(1, Infinity)], default: 2, placeholder: '1, 2', help: { en: 'Minkowski power, 1 or more: 1 Manhattan, 2 Euclidean', 'pt-BR': 'Potência de Minkowski, 1 ou mais: 1 Manhattan, 2 Euclidiana' } },
  ],
  SVM: [
    { sklearn: 'C', accepts: [real(0, Infinity, { minOpen: true })], default: 1, placeholder: '0.1, 1, 10', help: { en: 'Regularisation strength, above 0', 'pt-BR': 'Força da regularização, acima de 0' } },
    { sklearn: 'kernel', accepts: [keyword(JOB_SVM_KERNELS)], default: 'rbf', help: { en: 'Kernel function', 'pt-BR': 'Função de kernel' } },
    // scikit-learn takes degree 0 (a constant poly kernel); the table follows it.
    { sklearn: 'degree', accepts: [int(0)], default: 3, placeholder: '3', help: { en: 'Degree of the poly kernel, 0 or more', 'pt-BR': 'Grau do kernel poly, 0 ou mais' } },
    {
      sklearn: 'gamma',
      accepts: [keyword(['scale', 'auto']), real(0, Infinity, { minOpen: true })],
      default: 'scale',
      placeholder: 'scale, auto, 0.1',
      help: { en: 'Kernel coefficient: scale, auto or a number above 0', 'pt-BR': 'Coeficiente do kernel: scale, auto ou um número acima de 0' },
    },
    { sklearn: 'coef0', accepts: [real(-Infinity, Infinity)], default: 0, placeholder: '0', help: { en: 'Independent term of the poly and sigmoid kernels', 'pt-BR': 'Termo independente dos kernels poly e sigmoid' } },
    { sklearn: 'shrinking', accepts: [BOOL], default: true, help: { en: 'Use the shrinking heuristic', 'pt-BR': 'Usar a heurística de shrinking' } },
    {
      sklearn: 'probability',
      accepts: [BOOL],
      default: false,
      help: { en: 'Estimate class probabilities (needed for the ensemble)', 'pt-BR': 'Estimar probabilidades das classes (necessário para o ensemble)' },
    },
  ],
};

/** `min_samples_split` -> `minSamplesSplit`; C stays C. */
function camel(sklearn: string): string {
  return sklearn.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

/** Every family's parameters, in the wizard page's order (the spec's order for Random Forest). */
export const HYPERPARAMETERS: Record<ModelFamily, readonly HyperParameter[]> = {
  RF: rowsOf('RF'),
  ANN: rowsOf('ANN'),
  DT: rowsOf('DT'),
  KNN: rowsOf('KNN'),
  SVM: rowsOf('SVM'),
};

function rowsOf(family: ModelFamily): HyperParameter[] {
  return ROWS[family].map((row) => ({ ...row, family, field: `${family}${camel(row.sklearn)}`, detail: camel(row.sklearn) }));
}

/** The parameter behind a job field (`RFminSamplesSplit`), or undefined. */
export function hyperParameterOfField(family: ModelFamily, field: string): HyperParameter | undefined {
  return HYPERPARAMETERS[family].find((p) => p.field === field);
}

/** The parameter of a scikit-learn name in a family, or undefined. */
export function hyperParameterOf(family: ModelFamily, sklearn: string): HyperParameter | undefined {
  return HYPERPARAMETERS[family].find((p) => p.sklearn === sklearn);
}

function fitsAlternative(alternative: ParamAlternative, value: unknown): boolean {
  switch (alternative.kind) {
    case 'int':
      return typeof value === 'number' && Number.isInteger(value) && value >= alternative.min && (alternative.max === undefined || value <= alternative.max);
    case 'real': {
      if (typeof value !== 'number' || Number.isNaN(value) || !Number.isFinite(value)) return false;
      const aboveMin = alternative.minOpen ? value > alternative.min : value >= alternative.min;
      const belowMax = alternative.maxOpen ? value < alternative.max : value <= alternative.max;
      return aboveMin && belowMax;
    }
    case 'keyword':
      return typeof value === 'string' && alternative.values.includes(value);
    case 'none':
      return value === null;
    case 'bool':
      return typeof value === 'boolean';
  }
}

/** Whether one value is allowed for the parameter (null is scikit-learn's None). */
export function acceptsParamValue(param: HyperParameter, value: unknown): value is ParamValue {
  return param.accepts.some((alternative) => fitsAlternative(alternative, value));
}

const WORDS = {
  en: { or: 'or', oneOf: 'one of', integer: 'an integer', number: 'a number', fraction: 'a fraction', anyNumber: 'any number', trueFalse: 'True or False' },
  'pt-BR': { or: 'ou', oneOf: 'um de', integer: 'um inteiro', number: 'um número', fraction: 'uma fração', anyNumber: 'qualquer número', trueFalse: 'True ou False' },
} as const;

/** A number as the locale writes it (0.5 / 0,5), without grouping. */
export function localeNumber(value: number, locale: HelpLocale): string {
  return locale === 'pt-BR' ? String(value).replace('.', ',') : String(value);
}

function describeRange(a: Extract<ParamAlternative, { kind: 'real' | 'int' }>, locale: HelpLocale): string {
  const n = (v: number) => localeNumber(v, locale);
  const pt = locale === 'pt-BR';
  const minOpen = a.kind === 'real' && a.minOpen;
  const maxOpen = a.kind === 'real' && a.maxOpen;
  const max = a.kind === 'int' ? (a.max ?? Infinity) : a.max;
  if (a.min === -Infinity && max === Infinity) return '';
  if (max === Infinity) return minOpen ? (pt ? ` acima de ${n(a.min)}` : ` above ${n(a.min)}`) : pt ? ` de ${n(a.min)} ou mais` : ` of ${n(a.min)} or more`;
  const low = minOpen ? (pt ? `acima de ${n(a.min)} e` : `above ${n(a.min)} and`) : pt ? `de ${n(a.min)}` : `from ${n(a.min)}`;
  const high = maxOpen ? (pt ? `abaixo de ${n(max)}` : `below ${n(max)}`) : pt ? `até ${n(max)}` : minOpen ? `up to ${n(max)}` : `to ${n(max)}`;
  return ` ${low} ${high}`;
}

function describeAlternative(a: ParamAlternative, locale: HelpLocale): string {
  const w = WORDS[locale];
  switch (a.kind) {
    case 'int':
      return `${w.integer}${describeRange(a, locale)}`;
    case 'real': {
      const range = describeRange(a, locale);
      return range === '' ? w.anyNumber : `${a.fraction ? w.fraction : w.number}${range}`;
    }
    case 'keyword':
      return a.values.length <= 2 ? a.values.join(` ${w.or} `) : `${w.oneOf} ${a.values.join(', ')}`;
    case 'none':
      return 'None';
    case 'bool':
      return w.trueFalse;
  }
}

/**
 * What a parameter accepts, in words: "an integer of 2 or more or a fraction above 0 and below 1".
 * @param locale 'en' or 'pt-BR'
 */
export function describeParamValues(param: HyperParameter, locale: HelpLocale = 'en'): string {
  const parts = param.accepts.map((a) => describeAlternative(a, locale));
  if (parts.length === 1) return parts[0];
  return `${parts.slice(0, -1).join(', ')} ${WORDS[locale].or} ${parts[parts.length - 1]}`;
}

/** The wizard's help text of every scikit-learn name (the same for every family that has it). */
export function paramHints(locale: HelpLocale): Record<string, string> {
  const hints: Record<string, string> = {};
  for (const params of Object.values(HYPERPARAMETERS)) for (const p of params) hints[p.sklearn] ??= p.help[locale];
  return hints;
}

/** The default of every parameter of a family, by scikit-learn name. */
export function hyperParameterDefaults(family: ModelFamily): Record<string, ParamValue> {
  return Object.fromEntries(HYPERPARAMETERS[family].map((p) => [p.sklearn, p.default]));
}

/** A problem of one parameter of a job: its field and the message (what was given, what is allowed). */
export interface ParamProblem {
  /** The job field: `RFminSamplesSplit`. */
  field: string;
  message: string;
}

const PROBLEM_TEXT = {
  en: {
    value: '{field}: {value} is not allowed; allowed values: {allowed}.',
    list: '{field} must be auto or a list of 1 to {max} values.',
    unknown: '{field} is not a parameter of {family}; its parameters are {fields}.',
    oob: 'RFoobScore True needs RFbootstrap True (out-of-bag rows exist only with bootstrap): set RFbootstrap to True or auto, or RFoobScore to False.',
  },
  'pt-BR': {
    value: '{field}: {value} não é permitido; valores permitidos: {allowed}.',
    list: '{field} deve ser auto ou uma lista de 1 a {max} valores.',
    unknown: '{field} não é um parâmetro de {family}; seus parâmetros são {fields}.',
    oob: 'RFoobScore True requer RFbootstrap True (só há linhas fora da amostra com bootstrap): defina RFbootstrap como True ou auto, ou RFoobScore como False.',
  },
} as const;

function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/** A value as the message quotes it: None for null, JSON otherwise (cut to 60 characters). */
function quoted(value: unknown): string {
  if (value === null) return 'None';
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

/**
 * The problem of one parameter's setting in a job ('auto' or a list of candidates), or null.
 * @param maxCandidates how many candidates a list may hold
 */
export function paramSettingProblem(param: HyperParameter, setting: unknown, maxCandidates: number, locale: HelpLocale = 'en'): ParamProblem | null {
  const text = PROBLEM_TEXT[locale];
  if (setting === 'auto') return null;
  if (!Array.isArray(setting) || setting.length === 0 || setting.length > maxCandidates) {
    return { field: param.field, message: fill(text.list, { field: param.field, max: maxCandidates }) };
  }
  const bad = setting.find((value) => !acceptsParamValue(param, value));
  if (bad === undefined && setting.every((value) => acceptsParamValue(param, value))) return null;
  return { field: param.field, message: fill(text.value, { field: param.field, value: quoted(bad), allowed: describeParamValues(param, locale) }) };
}

/**
 * Rules between parameters of one family that no single value shows: the candidates of a job are searched as a
 * grid, so one refused combination in the grid refuses the setting. `values` holds each parameter's candidates
 * (its default when on auto), by scikit-learn name.
 */
export function combinationProblem(family: ModelFamily, values: Record<string, readonly unknown[]>, locale: HelpLocale = 'en'): ParamProblem | null {
  // scikit-learn: "Out of bag estimation only available if bootstrap=True".
  if (family === 'RF' && (values.oob_score ?? []).includes(true) && (values.bootstrap ?? []).includes(false)) {
    return { field: 'RFoobScore', message: PROBLEM_TEXT[locale].oob };
  }
  return null;
}

/**
 * Every problem of one family's explicit configuration in a job (`{ RFnEstimators: [100], ... }`): unknown fields,
 * values outside the table, refused combinations. Reads the raw request loosely (before any schema).
 * @param config the family's configuration object as received
 * @param maxCandidates how many candidates one parameter may list
 */
export function modelConfigProblems(family: ModelFamily, config: Record<string, unknown>, maxCandidates: number, locale: HelpLocale = 'en'): ParamProblem[] {
  const problems: ParamProblem[] = [];
  const params = HYPERPARAMETERS[family];
  for (const field of Object.keys(config)) {
    if (!params.some((p) => p.field === field)) {
      problems.push({ field, message: fill(PROBLEM_TEXT[locale].unknown, { field: field.slice(0, 60), family, fields: params.map((p) => p.field).join(', ') }) });
    }
  }
  const candidates: Record<string, readonly unknown[]> = {};
  for (const param of params) {
    const setting = config[param.field] ?? 'auto';
    const problem = paramSettingProblem(param, setting, maxCandidates, locale);
    if (problem) problems.push(problem);
    candidates[param.sklearn] = setting === 'auto' || !Array.isArray(setting) ? [param.default] : setting;
  }
  if (problems.length === 0) {
    const combination = combinationProblem(family, candidates, locale);
    if (combination) problems.push(combination);
  }
  return problems;
}
