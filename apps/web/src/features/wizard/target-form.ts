/**
 * Target Selection's form: what it edits, its save rules (spec section 5 "Target save", in order) and
 * how it is read from and written to the wizard state.
 */
import {
  codeClasses,
  isTestPercentInRange,
  LIMITS,
  manualClassProblems,
  testPercentProblem,
  testYearProblem,
  type MessageKey,
  type SplitChoice,
  type TargetClassPreviewRequest,
} from '@indicata/contracts';
import { ALL_REGIONS, type ManualClassRow, type WizardState } from './state.ts';

/** The wizard fields Target Selection edits; the manual table is always present while editing. */
export type TargetForm = Pick<
  WizardState,
  | 'targetCode'
  | 'targetLabel'
  | 'targetDimensions'
  | 'predictionMode'
  | 'targetYear'
  | 'targetRegion'
  | 'testPercent'
  | 'discretizationMode'
  | 'groupsCategorization'
  | 'discretizationMethod'
> & { manualClasses: ManualClassRow[] };

/** Min/max inputs accept an optional minus sign, digits and one decimal point (typing in progress included). */
export const RANGE_INPUT_PATTERN = /^-?\d*\.?\d*$/;
/** The percentage input accepts digits only. */
export const PERCENT_INPUT_PATTERN = /^\d*$/;

/** A complete range bound: the pattern above with at least one digit. */
function isBound(text: string): boolean {
  return RANGE_INPUT_PATTERN.test(text) && /\d/.test(text);
}

/** The form as the saved state has it: the manual table if present, otherwise automatic. */
export function targetFormFrom(state: WizardState): TargetForm {
  const manual = state.manualClasses !== null && state.manualClasses.length > 0;
  return {
    targetCode: state.targetCode,
    targetLabel: state.targetLabel,
    targetDimensions: [...state.targetDimensions],
    predictionMode: state.predictionMode ?? (state.testPercent ? 'percentageTesting' : state.targetYear ? 'spatialTemporal' : null),
    targetYear: state.targetYear,
    targetRegion: state.targetRegion,
    testPercent: state.testPercent,
    discretizationMode: manual ? 'manual' : 'automatic',
    groupsCategorization: manual ? null : state.groupsCategorization,
    discretizationMethod: state.discretizationMethod,
    manualClasses: manual ? state.manualClasses!.map((row) => ({ ...row })) : [],
  };
}

export function isManualTableComplete(rows: readonly ManualClassRow[]): boolean {
  return (
    rows.length >= LIMITS.manualClassesMin &&
    rows.every((row) => row.title.trim() !== '' && isBound(row.min.trim()) && isBound(row.max.trim()))
  );
}

/**
 * The first failing save rule, or null.
 * @param form the Target Selection form
 */
export function validateTarget(form: TargetForm): MessageKey | null {
  if (form.targetCode.trim() === '') return 'targetNoIndicator';
  const hasYear = form.targetYear.trim() !== '';
  const hasRegion = form.targetRegion.trim() !== '';
  const hasPercent = form.testPercent.trim() !== '';
  if (hasYear && hasPercent) return 'bothYearAndPercent';
  if (!hasPercent && !(hasYear && hasRegion)) return 'targetNeitherYearRegionNorPercent';
  if (hasPercent) {
    const value = Number(form.testPercent);
    if (!PERCENT_INPUT_PATTERN.test(form.testPercent) || !isTestPercentInRange(value)) {
      return 'percentOutOfRange';
    }
  }
  if (form.discretizationMode === 'automatic' && form.groupsCategorization === null) return 'autoDiscretizationNoValue';
  if (form.discretizationMode === 'manual' && !isManualTableComplete(form.manualClasses)) return 'manualTargetTableIncomplete';
  return null;
}

/** A Target Selection field the data refuses, with the message shown on it. */
export interface TargetFieldProblems {
  manualClasses?: string;
  testPercent?: string;
  targetYear?: string;
}

/**
 * What the API would refuse in a complete form for the chosen data, shown on the field before saving (the same
 * contracts checks POST /api/jobs runs): a manual class table whose classes are empty or overlap, a test share
 * that tests less than half a year or leaves less than half a year to train on, and a test year without values or
 * with no earlier year to train on.
 * @param years the target's years in the chosen data (the indicator's, or the upload's)
 */
export function targetFieldProblems(form: TargetForm, years: readonly number[], locale: 'en' | 'pt-BR'): TargetFieldProblems {
  const problems: TargetFieldProblems = {};
  if (form.discretizationMode === 'manual' && isManualTableComplete(form.manualClasses)) {
    const classes = form.manualClasses.map((row) => ({ title: row.title.trim(), min: Number(row.min), max: Number(row.max) }));
    const messages = manualClassProblems(classes, locale);
    if (messages.length > 0) problems.manualClasses = messages.join(' ');
  }
  const percent = Number(form.testPercent);
  // Only once the years are known and the value is in the spec's 0..100 (its own message comes first).
  if (form.testPercent.trim() !== '' && years.length > 0 && isTestPercentInRange(percent)) {
    const problem = testPercentProblem(percent, new Set(years).size, locale);
    if (problem) problems.testPercent = problem;
  }
  if (form.predictionMode === 'spatialTemporal' && /^\d+$/.test(form.targetYear.trim()) && years.length > 0) {
    const problem = testYearProblem(Number(form.targetYear), years, locale);
    if (problem) problems.targetYear = problem;
  }
  return problems;
}

/** The split a form asks for, or undefined while it names none that the preview could count. */
export function splitOf(form: TargetForm): SplitChoice | undefined {
  if (form.predictionMode === 'spatialTemporal' && /^\d+$/.test(form.targetYear.trim())) {
    const region = form.targetRegion.trim();
    return { mode: 'year', year: Number(form.targetYear), region: region === '' || region === ALL_REGIONS ? null : region };
  }
  const percent = Number(form.testPercent);
  if (form.predictionMode === 'percentageTesting' && form.testPercent.trim() !== '' && isTestPercentInRange(percent)) return { mode: 'percent', percent };
  return undefined;
}

/**
 * The form switched to automatic quantile groups (about equal rows per class), keeping the number of classes: the
 * one-click answer to classes too small for a model to learn or a test to judge.
 */
export function quantilePatch(form: TargetForm): Partial<TargetForm> {
  const current = form.discretizationMode === 'manual' ? form.manualClasses.length : (form.groupsCategorization ?? 0);
  const groups = Math.min(LIMITS.autoCategoriesMax, Math.max(LIMITS.autoCategoriesMin, current || 3));
  return { discretizationMode: 'automatic', discretizationMethod: 'quantile', groupsCategorization: groups, manualClasses: [] };
}

/**
 * The form switched to manual classes, one per code of a target that arrives already coded (1-5, say), as
 * contracts' codeClasses draws them.
 * @param codes the target's whole-number values, ascending (the preview's `codes`)
 */
export function codesPatch(codes: readonly number[]): Partial<TargetForm> {
  return {
    discretizationMode: 'manual',
    groupsCategorization: null,
    manualClasses: codeClasses(codes).map((c) => ({ title: c.title, min: String(c.min), max: String(c.max) })),
  };
}

/** The state patch of a saved form. */
export function targetPatch(form: TargetForm): Partial<WizardState> {
  const manual = form.discretizationMode === 'manual';
  return {
    targetCode: form.targetCode,
    targetLabel: form.targetLabel,
    targetDimensions: [...form.targetDimensions],
    predictionMode: form.predictionMode,
    targetYear: form.targetYear,
    targetRegion: form.targetRegion,
    testPercent: form.testPercent,
    discretizationMode: form.discretizationMode,
    groupsCategorization: manual ? null : form.groupsCategorization,
    discretizationMethod: form.discretizationMethod,
    manualClasses: manual ? form.manualClasses.map((row) => ({ title: row.title.trim(), min: row.min.trim(), max: row.max.trim() })) : null,
  };
}

/** The preview request of a form, or null while it cannot give classes yet. */
export function previewRequestOf(
  form: TargetForm,
  source: { database: string; uploadId: string | null; useWho: boolean },
): TargetClassPreviewRequest | null {
  if (!form.targetCode || !source.database) return null;
  const base = {
    database: source.database,
    uploadId: source.useWho ? null : source.uploadId,
    targetCode: form.targetCode,
    targetDimension: source.useWho ? form.targetDimensions[0] : undefined,
    split: splitOf(form),
  };
  if (form.discretizationMode === 'automatic') {
    if (form.groupsCategorization === null) return null;
    return { ...base, discretization: { mode: 'automatic', groups: form.groupsCategorization, method: form.discretizationMethod } };
  }
  if (!isManualTableComplete(form.manualClasses)) return null;
  return {
    ...base,
    discretization: {
      mode: 'manual',
      classes: form.manualClasses.map((row) => ({ title: row.title.trim(), min: Number(row.min), max: Number(row.max) })),
    },
  };
}
