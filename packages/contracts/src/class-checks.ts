/**
 * Whether a target's classes and split let a job train and test, judged before it is queued. Which years a split
 * trains and tests on follows the engine's outer split (`packages/engine/src/search/splits.ts`); from the rows each
 * class has in those years come refusals (nothing to train or test on, a class no model can learn) and warnings (a
 * class the test cannot judge, by the verdict's own small-test limits). The wizard's class preview and POST /api/jobs
 * both use these, so the warning seen before submission and the refusal at the door say the same thing.
 */
import { TINY_CLASS_ROWS } from './job-config.ts';
import { yearRanges } from './job-checks.ts';
import { LIMITS } from './limits.ts';
import { enLocale, ptBRLocale } from './locales/index.ts';
import { formatMessage } from './messages.ts';

/** The split a job asks for: a test year (and region, null for all), or the latest years' share of rows. */
export type SplitChoice = { mode: 'year'; year: number; region: string | null } | { mode: 'percent'; percent: number };

/**
 * How many of the most recent years a percentage split tests on: the count whose share of rows is closest to the
 * percentage, at least one year on each side, the fewer years on a tie (the engine's outer split, so the preview
 * names the years the job will test).
 * @param rowsPerYear rows with a target value in each year, oldest first
 * @param percent the percentage for testing
 * @returns 0 with fewer than two years (a percentage cannot split them)
 */
export function percentTestYearCount(rowsPerYear: readonly number[], percent: number): number {
  if (rowsPerYear.length < 2) return 0;
  const total = rowsPerYear.reduce((sum, n) => sum + n, 0);
  const wanted = percent / 100;
  let best = 1;
  let bestDiff = Infinity;
  let cumulative = 0;
  for (let k = 1; k < rowsPerYear.length; k++) {
    cumulative += rowsPerYear[rowsPerYear.length - k];
    const diff = Math.abs(cumulative / total - wanted);
    if (diff < bestDiff - 1e-12) {
      bestDiff = diff;
      best = k;
    }
  }
  return best;
}

/** The years a split trains on and tests on. */
export interface SplitYears {
  trainYears: number[];
  testYears: number[];
}

/**
 * The years a split trains and tests on, from the year of each row with a target value. A test year trains on
 * every earlier year (its region limits only the test rows); a percentage tests the latest whole years.
 * @param rowYears the year of each row that has a target value
 * @param split the chosen split
 */
export function splitYearsOf(rowYears: ArrayLike<number>, split: SplitChoice): SplitYears {
  const perYear = new Map<number, number>();
  for (let i = 0; i < rowYears.length; i++) perYear.set(rowYears[i], (perYear.get(rowYears[i]) ?? 0) + 1);
  const years = [...perYear.keys()].sort((a, b) => a - b);
  if (split.mode === 'year') return { trainYears: years.filter((y) => y < split.year), testYears: [split.year] };
  const k = percentTestYearCount(
    years.map((y) => perYear.get(y) as number),
    split.percent,
  );
  // Fewer than two years: everything would be test data and nothing left to train on.
  if (k === 0) return { trainYears: [], testYears: years };
  return { trainYears: years.slice(0, years.length - k), testYears: years.slice(years.length - k) };
}

/** Rows per class overall and, with a split, in its training and test years (what the class preview shows). */
export interface ClassSplitCounts {
  classes: readonly { title: string; count: number; train?: number; test?: number }[];
  split: {
    trainYears: readonly number[];
    testYears: readonly number[];
    /** Rows with a target value in the training years. */
    trainRows: number;
    /** Rows with a target value in the test years (and region). */
    testRows: number;
    testRegion: string | null;
  } | null;
}

export type ClassCheckKind =
  | 'noTrainRows'
  | 'noTestRows'
  | 'oneClass'
  | 'classNoTrain'
  | 'noTestInClasses'
  | 'tinyClass'
  | 'classNoTest'
  | 'classFewTest'
  | 'fewTestRows';

/** Refusals stop a save or a submission; warnings say what the result will not be able to show. */
export const CLASS_CHECK_REFUSALS: readonly ClassCheckKind[] = ['noTrainRows', 'noTestRows', 'oneClass', 'classNoTrain', 'noTestInClasses'];

export interface ClassCheck {
  kind: ClassCheckKind;
  refuse: boolean;
  /** The class it is about (its position in `classes`), or null for the split as a whole. */
  classIndex: number | null;
  message: string;
}

/**
 * What a discretization and split give a job to train and test on, refusals first, each in words that name the
 * class or years and why. Without a split only the classes' overall sizes are judged.
 * @param counts rows per class (overall, training years, test years) and the split's years
 * @param locale the language of the messages
 */
export function classSplitChecks(counts: ClassSplitCounts, locale: 'en' | 'pt-BR' = 'en'): ClassCheck[] {
  const texts = (locale === 'pt-BR' ? ptBRLocale : enLocale).wizard.classChecks;
  const checks: ClassCheck[] = [];
  const add = (kind: ClassCheckKind, classIndex: number | null, values: Record<string, string | number>) =>
    checks.push({ kind, refuse: CLASS_CHECK_REFUSALS.includes(kind), classIndex, message: formatMessage(texts[kind], values) });
  const { split, classes } = counts;
  const years = split
    ? {
        trainYears: yearRanges(split.trainYears),
        testYears: yearRanges(split.testYears),
        where: split.testRegion ? formatMessage(texts.where, { region: split.testRegion }) : '',
      }
    : null;

  if (split && years) {
    if (split.trainRows === 0) add('noTrainRows', null, years);
    if (split.testRows === 0) add('noTestRows', null, years);
    if (checks.length > 0) return checks;
  }
  if (classes.length < 2) add('oneClass', null, {});
  // Rows of the test years that fall in a class (manual classes may leave some outside).
  const testInClasses = classes.reduce((sum, c) => sum + (c.test ?? 0), 0);
  if (split && years) {
    classes.forEach((c, i) => {
      if (c.train === 0) add('classNoTrain', i, { ...years, title: c.title });
    });
    if (testInClasses === 0) add('noTestInClasses', null, { ...years, testRows: split.testRows });
    else if (testInClasses < LIMITS.verdict.minTestRows) add('fewTestRows', null, { ...years, count: testInClasses, min: LIMITS.verdict.minTestRows });
  }
  classes.forEach((c, i) => {
    if (c.count < TINY_CLASS_ROWS) add('tinyClass', i, { title: c.title, count: c.count, min: TINY_CLASS_ROWS });
    // A class that cannot be learned, or a test with no row at all, is said once above.
    if (!years || c.test === undefined || c.train === 0 || testInClasses === 0) return;
    if (c.test === 0) add('classNoTest', i, { ...years, title: c.title });
    else if (c.test < LIMITS.verdict.minClassTestRows) add('classFewTest', i, { ...years, title: c.title, count: c.test, min: LIMITS.verdict.minClassTestRows });
  });
  return [...checks.filter((c) => c.refuse), ...checks.filter((c) => !c.refuse)];
}
