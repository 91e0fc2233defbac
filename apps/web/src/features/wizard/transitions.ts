/**
 * The state transitions of spec section 4, as pure functions of the wizard state. Components apply them
 * through `useWizard().apply(...)`; tests call them directly.
 */
import {
  MODEL_FAMILIES,
  PREPROCESSING_STEPS,
  type ModelFamily,
  type PredictionMode,
  type PreprocessingStep,
} from '@indicata/contracts';
import type { ConfigPageId, DiscretizationMode, ManualClassRow, ParamSettings, WizardState } from './state.ts';

/** Keeps a canonical order (the spec's), so lists compare and display the same way. */
function ordered<T extends string>(canonical: readonly T[], items: Iterable<T>): T[] {
  const wanted = new Set(items);
  return canonical.filter((c) => wanted.has(c));
}

/** "Auto" of Step 2: on selects every step (each sent as 'auto'); off empties the list. */
export function setPreprocessingAuto(state: WizardState, on: boolean): WizardState {
  return { ...state, preprocessingAuto: on, preprocessingSteps: on ? [...PREPROCESSING_STEPS] : [] };
}

/** "Auto" of Step 3: the same for the five models. */
export function setModelsAuto(state: WizardState, on: boolean): WizardState {
  return { ...state, modelsAuto: on, models: on ? [...MODEL_FAMILIES] : [] };
}

/** A step's own Auto button. Discretization on auto forgets the manual per-attribute classes. */
export function setStepAuto(state: WizardState, step: PreprocessingStep): WizardState {
  const next = { ...state, stepAuto: { ...state.stepAuto, [step]: true } };
  return step === 'Discretization' ? { ...next, groupsCategorizationFeatures: '' } : next;
}

export function setModelAuto(state: WizardState, model: ModelFamily): WizardState {
  return { ...state, modelAuto: { ...state.modelAuto, [model]: true } };
}

/** A step's Disable button removes it from the selected list. */
export function disableStep(state: WizardState, step: PreprocessingStep): WizardState {
  return { ...state, preprocessingSteps: state.preprocessingSteps.filter((s) => s !== step) };
}

export function disableModel(state: WizardState, model: ModelFamily): WizardState {
  return { ...state, models: state.models.filter((m) => m !== model) };
}

/** "Import Steps": adds without duplicates; newly added steps start on Auto (their Auto button active). */
export function importSteps(state: WizardState, steps: readonly PreprocessingStep[]): WizardState {
  const added = steps.filter((s) => !state.preprocessingSteps.includes(s));
  const stepAuto = { ...state.stepAuto };
  for (const step of added) stepAuto[step] = true;
  return { ...state, preprocessingSteps: ordered(PREPROCESSING_STEPS, [...state.preprocessingSteps, ...steps]), stepAuto };
}

/** "Import Algorithms": adds without duplicates; newly added models start on Auto. */
export function importModels(state: WizardState, models: readonly ModelFamily[]): WizardState {
  const added = models.filter((m) => !state.models.includes(m));
  const modelAuto = { ...state.modelAuto };
  for (const model of added) modelAuto[model] = true;
  return { ...state, models: ordered(MODEL_FAMILIES, [...state.models, ...models]), modelAuto };
}

const MODEL_PAGES: readonly string[] = MODEL_FAMILIES;

/**
 * Saving a configuration page: stores the values and per-parameter auto flags and turns the page's own
 * auto flag off (the step or model is then sent with explicit parameters).
 */
export function saveConfigPage(state: WizardState, page: ConfigPageId, settings: ParamSettings): WizardState {
  const params = { ...state.params, [page]: { values: { ...settings.values }, auto: { ...settings.auto } } };
  if (MODEL_PAGES.includes(page)) {
    return { ...state, params, modelAuto: { ...state.modelAuto, [page as ModelFamily]: false } };
  }
  return { ...state, params, stepAuto: { ...state.stepAuto, [page as PreprocessingStep]: false } };
}

/** Saving the Attribute Discretization page (its value is the JSON text of spec section 3). */
export function saveFeatureDiscretization(state: WizardState, jsonText: string): WizardState {
  return { ...state, groupsCategorizationFeatures: jsonText, stepAuto: { ...state.stepAuto, Discretization: false } };
}

/** The two exclusive prediction modes: time period clears the percentage, percentage clears year and region. */
export function setPredictionMode(state: WizardState, mode: PredictionMode): WizardState {
  if (mode === 'spatialTemporal') return { ...state, predictionMode: mode, testPercent: '' };
  return { ...state, predictionMode: mode, targetYear: '', targetRegion: '' };
}

/** Choosing manual or automatic target discretization; the other mode's value is forgotten. */
export function setDiscretizationMode(state: WizardState, mode: DiscretizationMode): WizardState {
  if (mode === 'automatic') return { ...state, discretizationMode: mode, manualClasses: null };
  return { ...state, discretizationMode: mode, groupsCategorization: null, manualClasses: state.manualClasses ?? [] };
}

/** Choosing a class count for manual discretization builds an empty table with that many rows. */
export function emptyClassTable(count: number): { title: string; min: string; max: string }[] {
  return Array.from({ length: count }, () => ({ title: '', min: '', max: '' }));
}

/**
 * Changing the class count of a table already (partly) filled in: the rows typed so far stay as they are, empty rows
 * are added below or the last rows dropped, so one more class does not cost the reader every title and bound typed.
 */
export function resizeClassTable(rows: readonly ManualClassRow[], count: number): ManualClassRow[] {
  return [...rows.slice(0, count), ...emptyClassTable(Math.max(0, count - rows.length))];
}
