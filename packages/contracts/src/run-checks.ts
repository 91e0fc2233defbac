/**
 * The Run AutoML checks of spec section 5, in the spec's order. The wizard runs them before asking for
 * confirmation; POST /api/jobs runs them again on what it receives, so both give the same message.
 * They read the raw request loosely (before schema validation), so a malformed field fails its own check.
 */
import type { MessageKey } from './messages.ts';
import { isTestPercentInRange } from './limits.ts';

function isSet(value: unknown): boolean {
  if (value === null || value === undefined) return false;
  if (typeof value === 'string') return value.trim() !== '';
  if (typeof value === 'number') return !Number.isNaN(value);
  return true;
}

function field(data: unknown, key: string): unknown {
  return typeof data === 'object' && data !== null ? (data as Record<string, unknown>)[key] : undefined;
}

function hasManualClasses(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  return Object.keys(value).length > 0;
}

/** The request field each check of runAutoMLChecks is about, as the API names it in a refusal's `fields`. */
export const RUN_CHECK_FIELDS = {
  noDatabase: 'data.database',
  noTargetCode: 'data.codePredictionIndicator',
  bothYearAndPercent: 'data.fracUsedToTest',
  neitherYearNorPercent: 'data.predictionIndicatorYear',
  percentOutOfRange: 'data.fracUsedToTest',
  noGroupCount: 'data.groupsCategorization',
  noName: 'name',
} as const satisfies Partial<Record<MessageKey, string>>;
export type RunCheckKey = keyof typeof RUN_CHECK_FIELDS;

/**
 * Returns the message key of the first failing check, or null when the request may be submitted.
 * @param data the job's `data` object (spec section 3), possibly incomplete
 * @param name the job name typed in the Name field
 */
export function runAutoMLChecks(data: unknown, name: unknown): RunCheckKey | null {
  if (!isSet(field(data, 'database'))) return 'noDatabase';
  if (!isSet(field(data, 'codePredictionIndicator'))) return 'noTargetCode';
  const year = field(data, 'predictionIndicatorYear');
  const percent = field(data, 'fracUsedToTest');
  if (isSet(year) && isSet(percent)) return 'bothYearAndPercent';
  if (!isSet(year) && !isSet(percent)) return 'neitherYearNorPercent';
  if (isSet(percent)) {
    const value = Number(percent);
    if (!isTestPercentInRange(value)) return 'percentOutOfRange';
  }
  if (!isSet(field(data, 'groupsCategorization')) && !hasManualClasses(field(data, 'groupsCategorizationManual'))) {
    return 'noGroupCount';
  }
  if (typeof name !== 'string' || name.trim() === '') return 'noName';
  return null;
}
