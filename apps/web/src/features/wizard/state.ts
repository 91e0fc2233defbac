/**
 * The request-in-progress ("wizard") state of spec section 3: everything the user has chosen on the
 * Configure AutoML tab and its pages, kept in localStorage so it survives moving between pages and a
 * reload. One store, read through `useWizard()` in components and through plain functions elsewhere.
 *
 * Other features call only: `chooseWho()`, `chooseUpload(...)`, `getWizardState()`, `updateWizard(patch)`.
 */
import { useCallback, useSyncExternalStore } from 'react';
import { z } from 'zod';
import {
  DEFAULT_DISCRETIZATION_METHOD,
  DEFAULT_PREDICTION_SET_LEVEL,
  DISCRETIZATION_METHODS,
  LIMITS,
  MODEL_FAMILIES,
  PREDICTION_MODES,
  PREDICTION_SET_LEVELS,
  PREPROCESSING_STEPS,
  TARGET_HISTORY_MODES,
  type DiscretizationMethod,
  type ModelFamily,
  type PredictionMode,
  type PreprocessingStep,
  type TargetHistoryMode,
} from '@indicata/contracts';
import { readSessionHints } from '../../lib/session-hints.ts';

/**
 * The Target Selection's "All regions" choice: the test rows are the target year's rows of every region (the job's
 * `predictionIndicatorRegion` is null). The spec asks for a year and a region; without this choice a panel with no
 * region column could not be split by year at all. A region really named '*' is left out of the page's list.
 */
export const ALL_REGIONS = '*';

/** Bump the suffix when the shape changes incompatibly: an old value then simply resets. */
export const WIZARD_STORAGE_KEY = 'indicata.wizard.v1';

/** Pages that hold parameters: the five models and the four preprocessing pages with plain parameters. */
export const CONFIG_PAGES = ['ANN', 'KNN', 'SVM', 'DT', 'RF', 'MissingData', 'Outliers', 'AttributeSelection', 'Sampling'] as const;
export type ConfigPageId = (typeof CONFIG_PAGES)[number];

/** What a configuration page saved: the text of each "Customize" input and its per-parameter auto flag. */
export interface ParamSettings {
  values: Record<string, string>;
  auto: Record<string, boolean>;
}

/** One row of the manual target class table (kept as typed text until the job is built). */
export interface ManualClassRow {
  title: string;
  min: string;
  max: string;
}

export type DiscretizationMode = 'automatic' | 'manual';

export interface WizardState {
  /** Job name (Name field of the Configure tab). */
  name: string;
  /** The WHO-database flag ("Use WHO Data"). */
  useWho: boolean;
  /** 'WHO', the uploaded database's name, or '' when no source is chosen. */
  database: string;
  uploadId: string | null;
  fileName: string | null;
  regionDimension: string;
  timeDimension: string;

  /** Target indicator code (WHO code or the uploaded file's column) and its label for display. */
  targetCode: string;
  targetLabel: string;
  targetDimensions: string[];
  predictionMode: PredictionMode | null;
  /** Target year (text of the select; '' when unset). */
  targetYear: string;
  /** Target region, `ALL_REGIONS` for every region of the target year, '' when unset. */
  targetRegion: string;
  /** Percentage for testing, digits only ('' when unset). */
  testPercent: string;
  discretizationMode: DiscretizationMode;
  /** Automatic group count 1..100, null when unset. */
  groupsCategorization: number | null;
  discretizationMethod: DiscretizationMethod;
  /** Manual class table; null when the target is discretized automatically. */
  manualClasses: ManualClassRow[] | null;

  /** Per-attribute discretization as the JSON text of spec section 3; '' when none. */
  groupsCategorizationFeatures: string;
  /** Feature indicators chosen on /whoimport or Attribute Selection (codes, or column names for an upload). */
  indicatorsAnalyzingCode: string[];

  preprocessingAuto: boolean;
  preprocessingSteps: PreprocessingStep[];
  stepAuto: Record<PreprocessingStep, boolean>;
  modelsAuto: boolean;
  models: ModelFamily[];
  modelAuto: Record<ModelFamily, boolean>;
  params: Record<ConfigPageId, ParamSettings>;
  /** The search time budget of the run, in seconds (LIMITS.jobBudgetSeconds*). */
  budgetSeconds: number;
  /** The run's seed as typed; '' lets the server choose one. */
  seed: string;
  /** Whether the target's own history is offered to the search (auto: validation decides). */
  targetHistory: TargetHistoryMode;
  /** Nominal coverage of the prediction sets (one of PREDICTION_SET_LEVELS). */
  predictionSetLevel: number;
  /** The last request sent from this browser (Run AutoML or /adddata), for the confirm screen's results. */
  lastJobId: string | null;
  /**
   * The user this request belongs to (the spec's wizard state holds the user ID): on a shared browser another user
   * who signs in starts a request of their own, never one that names the first user's upload.
   */
  userId: string | null;
}

function allTrue<K extends string>(keys: readonly K[]): Record<K, boolean> {
  return Object.fromEntries(keys.map((k) => [k, true])) as Record<K, boolean>;
}

function emptyParams(): Record<ConfigPageId, ParamSettings> {
  return Object.fromEntries(CONFIG_PAGES.map((p) => [p, { values: {}, auto: {} }])) as Record<ConfigPageId, ParamSettings>;
}

/**
 * A fresh request: everything automatic, nothing chosen.
 * @param userId the user it belongs to, when known
 */
export function initialWizardState(userId: string | null = null): WizardState {
  return {
    name: '',
    useWho: false,
    database: '',
    uploadId: null,
    fileName: null,
    regionDimension: '',
    timeDimension: '',
    targetCode: '',
    targetLabel: '',
    targetDimensions: [],
    predictionMode: null,
    targetYear: '',
    targetRegion: '',
    testPercent: '',
    discretizationMode: 'automatic',
    groupsCategorization: null,
    discretizationMethod: DEFAULT_DISCRETIZATION_METHOD,
    manualClasses: null,
    groupsCategorizationFeatures: '',
    indicatorsAnalyzingCode: [],
    preprocessingAuto: true,
    preprocessingSteps: [...PREPROCESSING_STEPS],
    stepAuto: allTrue(PREPROCESSING_STEPS),
    modelsAuto: true,
    models: [...MODEL_FAMILIES],
    modelAuto: allTrue(MODEL_FAMILIES),
    params: emptyParams(),
    budgetSeconds: LIMITS.jobBudgetSecondsDefault,
    seed: '',
    targetHistory: 'auto',
    predictionSetLevel: DEFAULT_PREDICTION_SET_LEVEL,
    lastJobId: null,
    userId,
  };
}

const paramSettingsSchema = z.object({
  values: z.record(z.string(), z.string()),
  auto: z.record(z.string(), z.boolean()),
});

const flagsOf = <K extends string>(keys: readonly [K, ...K[]]) =>
  z.object(Object.fromEntries(keys.map((k) => [k, z.boolean()])) as Record<K, z.ZodBoolean>);

/** Validates a stored value; anything else (old shape, hand-edited, corrupt) resets the wizard. */
export const wizardStateSchema = z.object({
  name: z.string(),
  useWho: z.boolean(),
  database: z.string(),
  uploadId: z.string().nullable(),
  fileName: z.string().nullable(),
  regionDimension: z.string(),
  timeDimension: z.string(),
  targetCode: z.string(),
  targetLabel: z.string(),
  targetDimensions: z.array(z.string()),
  predictionMode: z.enum(PREDICTION_MODES).nullable(),
  targetYear: z.string(),
  targetRegion: z.string(),
  testPercent: z.string(),
  discretizationMode: z.enum(['automatic', 'manual']),
  groupsCategorization: z.number().int().nullable(),
  discretizationMethod: z.enum(DISCRETIZATION_METHODS),
  manualClasses: z.array(z.object({ title: z.string(), min: z.string(), max: z.string() })).nullable(),
  groupsCategorizationFeatures: z.string(),
  indicatorsAnalyzingCode: z.array(z.string()),
  preprocessingAuto: z.boolean(),
  preprocessingSteps: z.array(z.enum(PREPROCESSING_STEPS)),
  stepAuto: flagsOf(PREPROCESSING_STEPS),
  modelsAuto: z.boolean(),
  models: z.array(z.enum(MODEL_FAMILIES)),
  modelAuto: flagsOf(MODEL_FAMILIES),
  params: z.object(
    Object.fromEntries(CONFIG_PAGES.map((p) => [p, paramSettingsSchema])) as Record<ConfigPageId, typeof paramSettingsSchema>,
  ),
  budgetSeconds: z.number().int().min(LIMITS.jobBudgetSecondsMin).max(LIMITS.jobBudgetSecondsMax).default(LIMITS.jobBudgetSecondsDefault),
  seed: z.string().default(''),
  targetHistory: z.enum(TARGET_HISTORY_MODES).default('auto'),
  predictionSetLevel: z
    .number()
    .refine((level) => (PREDICTION_SET_LEVELS as readonly number[]).includes(level))
    .default(DEFAULT_PREDICTION_SET_LEVEL),
  lastJobId: z.string().nullable().default(null),
  userId: z.string().nullable().default(null),
});

/** Parses a stored JSON text; returns a fresh state when it is missing or not a valid wizard state. */
export function parseStoredWizard(text: string | null): WizardState {
  if (!text) return initialWizardState();
  try {
    const parsed = wizardStateSchema.safeParse(JSON.parse(text));
    return parsed.success ? (parsed.data as WizardState) : initialWizardState();
  } catch {
    return initialWizardState();
  }
}

// ---------------------------------------------------------------------------------------------
// Store (module-level, shared by every component and the plain functions)

type Listener = () => void;
const listeners = new Set<Listener>();
let current: WizardState | null = null;

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

function storedWizard(): WizardState {
  return parseStoredWizard(storage()?.getItem(WIZARD_STORAGE_KEY) ?? null);
}

/**
 * The current wizard state (loaded from localStorage on first use): the signed-in user's, or a fresh one when the
 * stored request is another user's. A stored request without an owner (kept before requests had one) is taken to
 * be the signed-in user's.
 */
export function getWizardState(): WizardState {
  if (!current) {
    const stored = storedWizard();
    const signedIn = readSessionHints()?.userID ?? null;
    current = stored.userId === null || stored.userId === signedIn ? { ...stored, userId: stored.userId ?? signedIn } : initialWizardState(signedIn);
  }
  return current;
}

/**
 * At sign-in: the request in progress stays when it is this user's (signing out and in again loses nothing);
 * another user's, or one whose owner is unknown, gives way to a fresh request.
 * @param userId the user who just signed in
 */
export function claimWizardFor(userId: string): void {
  // The stored request's owner first: a page seen signed out may have read a fresh copy in its place.
  const owner = storedWizard().userId ?? current?.userId ?? null;
  if (owner === userId) {
    if (current?.userId !== userId) reloadWizardFromStorage();
    return;
  }
  // Dropped, not overwritten: signing in stores nothing but the session hints; the new request is stored with its
  // owner at its first change (and read back as theirs after a reload until then, having no owner).
  try {
    storage()?.removeItem(WIZARD_STORAGE_KEY);
  } catch {
    // Storage unavailable: the fresh request lives in memory.
  }
  current = initialWizardState(userId);
  for (const listener of listeners) listener();
}

/** Replaces the whole state, persists it and notifies subscribers. */
export function setWizardState(next: WizardState): void {
  current = next;
  try {
    storage()?.setItem(WIZARD_STORAGE_KEY, JSON.stringify(next));
  } catch {
    // A full or disabled storage must not break the page; the state still lives in memory.
  }
  for (const listener of listeners) listener();
}

/** Merges a patch into the state. */
export function updateWizard(patch: Partial<WizardState>): void {
  setWizardState({ ...getWizardState(), ...patch });
}

/** Applies a pure transition (see transitions.ts) to the state. */
export function applyWizard(transition: (state: WizardState) => WizardState): void {
  setWizardState(transition(getWizardState()));
}

/** Starts a new request, for the same user. */
export function resetWizard(): void {
  setWizardState(initialWizardState(getWizardState().userId));
}

/** Forgets the in-memory copy so the next read comes from storage (tests, other tabs). */
export function reloadWizardFromStorage(): void {
  current = null;
  for (const listener of listeners) listener();
}

function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === WIZARD_STORAGE_KEY) reloadWizardFromStorage();
  };
  if (typeof window !== 'undefined') window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    if (typeof window !== 'undefined') window.removeEventListener('storage', onStorage);
  };
}

/** React access to the wizard: `{ state, update(patch), reset() }`. */
export function useWizard(): {
  state: WizardState;
  update: (patch: Partial<WizardState>) => void;
  apply: (transition: (state: WizardState) => WizardState) => void;
  reset: () => void;
} {
  const state = useSyncExternalStore(subscribe, getWizardState, getWizardState);
  const update = useCallback((patch: Partial<WizardState>) => updateWizard(patch), []);
  const apply = useCallback((transition: (s: WizardState) => WizardState) => applyWizard(transition), []);
  const reset = useCallback(() => resetWizard(), []);
  return { state, update, apply, reset };
}

// ---------------------------------------------------------------------------------------------
// Data source (spec section 4 "Data source": WHO data and an imported file are alternatives)

/** Target and feature choices belong to one data source; switching source forgets them. */
function forgetSourceChoices(state: WizardState): WizardState {
  return {
    ...state,
    targetCode: '',
    targetLabel: '',
    targetDimensions: [],
    targetYear: '',
    targetRegion: '',
    indicatorsAnalyzingCode: [],
    groupsCategorizationFeatures: '',
  };
}

/** Pure form of chooseWho(). */
export function withWho(state: WizardState): WizardState {
  const base = state.useWho ? state : forgetSourceChoices(state);
  return { ...base, useWho: true, database: 'WHO', uploadId: null, fileName: null, timeDimension: 'year', regionDimension: 'regionName' };
}

export interface UploadChoice {
  uploadId: string;
  database: string;
  regionDimension: string;
  timeDimension: string;
  fileName: string;
}

/** Pure form of chooseUpload(). */
export function withUpload(state: WizardState, choice: UploadChoice): WizardState {
  const base = !state.useWho && state.uploadId === choice.uploadId ? state : forgetSourceChoices(state);
  return {
    ...base,
    useWho: false,
    database: choice.database,
    uploadId: choice.uploadId,
    fileName: choice.fileName,
    regionDimension: choice.regionDimension,
    timeDimension: choice.timeDimension,
  };
}

/** Pure form of clearing the source ("Use WHO Data" switched off with no file). */
export function withoutSource(state: WizardState): WizardState {
  if (!state.useWho) return state;
  return { ...forgetSourceChoices(state), useWho: false, database: '', timeDimension: '', regionDimension: '' };
}

/**
 * Chooses the WHO catalog as the data source: time dimension 'year', region dimension 'regionName'.
 * Call it before storing indicator choices: switching from an upload forgets the upload's target and features.
 */
export function chooseWho(): void {
  applyWizard(withWho);
}

/** Chooses an uploaded file as the data source (after a successful upload). */
export function chooseUpload(choice: UploadChoice): void {
  applyWizard((state) => withUpload(state, choice));
}
