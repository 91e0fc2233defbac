/**
 * Split-conformal prediction sets from the forward-chaining validation predictions the search already has (no extra
 * fit): a class set per row that holds the true class with probability at least the nominal level when the test rows
 * resemble the validation rows. Years are not exchangeable (a panel drifts), so the coverage reached on the test years
 * is measured and reported beside the nominal level, overall and per year, never assumed.
 *
 * Scores (the lower, the more the class conforms):
 * - LAC (least ambiguous set-valued classifier, Sadinle et al. 2019): 1 - p(class). The smallest sets on average.
 *   Where no class is probable enough the pure rule gives an empty set; here the most probable class is always in a
 *   set (every score), which can only raise the coverage.
 * - APS (adaptive prediction sets, Romano et al. 2020), non-randomised: the probability mass of the classes ranked
 *   above the class, plus its own; the top class is always in the set, so a set is never empty.
 * - Mondrian LAC: LAC with one threshold per true class, so a rare class is covered at the nominal level too, not only
 *   on average over rows dominated by the common class.
 */

/** The conformal scores this module implements. */
export type ConformalMethod = 'lac' | 'aps' | 'mondrian-lac';

export const CONFORMAL_METHODS: readonly ConformalMethod[] = ['lac', 'aps', 'mondrian-lac'];

/** A fitted conformal rule: the score, the nominal level and the score threshold(s). */
export interface ConformalRule {
  method: ConformalMethod;
  /** Nominal coverage, e.g. 0.9. */
  nominal: number;
  /** One threshold (LAC, APS), or one per class (Mondrian LAC). Infinity: every class is in the set. */
  thresholds: number[];
}

/** Probability mass of the classes ranked strictly above class k in a row, plus k's own (the APS score of k). */
function apsScore(row: ArrayLike<number>, k: number): number {
  let mass = 0;
  for (let j = 0; j < row.length; j++) if (row[j] > row[k] || (row[j] === row[k] && j < k)) mass += row[j];
  return mass + row[k];
}

/** Whether k is the row's most probable class (the first of equals). */
function isTop(row: ArrayLike<number>, k: number): boolean {
  for (let j = 0; j < row.length; j++) if (row[j] > row[k] || (row[j] === row[k] && j < k)) return false;
  return true;
}

/** The score of class y on one row of probabilities. */
function score(method: ConformalMethod, row: ArrayLike<number>, y: number): number {
  return method === 'aps' ? apsScore(row, y) : 1 - row[y];
}

/**
 * The conformal quantile: the ceil((n + 1) * level)-th smallest score, Infinity when that rank exceeds n (too few rows
 * to promise the level: every class is in the set).
 */
function conformalQuantile(scores: number[], level: number): number {
  const n = scores.length;
  const rank = Math.ceil((n + 1) * level);
  if (n === 0 || rank > n) return Number.POSITIVE_INFINITY;
  const sorted = [...scores].sort((a, b) => a - b);
  return sorted[rank - 1];
}

/**
 * Fits a conformal rule on calibration rows (the pooled validation predictions).
 * @param method the score
 * @param probabilities row-major class probabilities of the calibration rows
 * @param actual true class per calibration row
 * @param nClasses number of classes
 * @param nominal the nominal coverage (0 < nominal < 1)
 */
export function fitConformal(method: ConformalMethod, probabilities: Float64Array, actual: Int32Array, nClasses: number, nominal: number): ConformalRule {
  const scoresByClass: number[][] = Array.from({ length: nClasses }, () => []);
  const all: number[] = [];
  for (let i = 0; i < actual.length; i++) {
    const s = score(method, probabilities.subarray(i * nClasses, (i + 1) * nClasses), actual[i]);
    all.push(s);
    scoresByClass[actual[i]].push(s);
  }
  const thresholds = method === 'mondrian-lac' ? scoresByClass.map((s) => conformalQuantile(s, nominal)) : [conformalQuantile(all, nominal)];
  return { method, nominal, thresholds };
}

/**
 * The prediction set of one row: class indices, ascending.
 * @param rule the fitted rule
 * @param row the row's class probabilities
 */
export function predictionSet(rule: ConformalRule, row: ArrayLike<number>): number[] {
  const out: number[] = [];
  for (let k = 0; k < row.length; k++) {
    if (rule.method === 'aps') {
      // A class is in the set when its score is within the threshold; the top class always is, so a set is never empty.
      if (apsScore(row, k) <= rule.thresholds[0] || isTop(row, k)) out.push(k);
    } else {
      // The most probable class is always in the set (an empty set would say nothing; with it the coverage can only rise).
      const t = rule.method === 'mondrian-lac' ? rule.thresholds[k] : rule.thresholds[0];
      if (1 - row[k] <= t || isTop(row, k)) out.push(k);
    }
  }
  return out;
}

/**
 * Prediction sets of every row.
 * @param rule the fitted rule
 * @param probabilities row-major probabilities
 * @param nClasses number of classes
 */
export function predictionSets(rule: ConformalRule, probabilities: Float64Array, nClasses: number): number[][] {
  const rows = probabilities.length / nClasses;
  return Array.from({ length: rows }, (_, i) => predictionSet(rule, probabilities.subarray(i * nClasses, (i + 1) * nClasses)));
}

/** Coverage and mean set size of sets against the true classes, overall, per year and per true class. */
export interface SetEvaluation {
  coverage: number;
  meanSetSize: number;
  byYear: { year: number; coverage: number; meanSetSize: number; rows: number }[];
  byClass: { classIndex: number; coverage: number | null; meanSetSize: number | null; rows: number }[];
}

/**
 * Measures prediction sets on rows whose class is known (the test rows).
 * @param sets the rows' sets
 * @param actual the true class per row
 * @param years the year of each row
 * @param nClasses number of classes
 */
export function evaluateSets(sets: number[][], actual: ArrayLike<number>, years: ArrayLike<number>, nClasses: number): SetEvaluation {
  const tally = () => ({ covered: 0, size: 0, rows: 0 });
  const total = tally();
  const perYear = new Map<number, ReturnType<typeof tally>>();
  const perClass = Array.from({ length: nClasses }, tally);
  sets.forEach((set, i) => {
    const covered = set.includes(actual[i]) ? 1 : 0;
    const year = perYear.get(years[i]) ?? tally();
    perYear.set(years[i], year);
    for (const t of [total, year, perClass[actual[i]]]) {
      t.covered += covered;
      t.size += set.length;
      t.rows += 1;
    }
  });
  const share = (t: ReturnType<typeof tally>) => (t.rows > 0 ? t.covered / t.rows : 0);
  const size = (t: ReturnType<typeof tally>) => (t.rows > 0 ? t.size / t.rows : 0);
  return {
    coverage: share(total),
    meanSetSize: size(total),
    byYear: [...perYear.entries()].sort((a, b) => a[0] - b[0]).map(([year, t]) => ({ year, coverage: share(t), meanSetSize: size(t), rows: t.rows })),
    byClass: perClass.map((t, classIndex) => ({ classIndex, coverage: t.rows ? share(t) : null, meanSetSize: t.rows ? size(t) : null, rows: t.rows })),
  };
}

/**
 * The rule a results file records for a model (`models[X].conformal`; a null threshold stands for every class), to
 * compute the sets of new rows from their probabilities as the run computed its test rows' sets.
 * @param recorded the recorded method, nominal level and thresholds
 */
export function ruleFromRecord(recorded: { method: ConformalMethod; nominal: number; thresholds: (number | null)[] }): ConformalRule {
  return { method: recorded.method, nominal: recorded.nominal, thresholds: recorded.thresholds.map((t) => (t === null ? Number.POSITIVE_INFINITY : t)) };
}

/** Prediction sets whose level adapts year by year to the coverage reached on the years before (ACI). */
export interface AdaptiveSets {
  sets: number[][];
  /** The nominal level each year's sets were built at. */
  levels: { year: number; level: number }[];
  /** The level the next year (new rows after the test years) would be built at. */
  nextLevel: number;
}

/**
 * Adaptive conformal inference (Gibbs and Candès 2021) over the test years, in year order: each year's sets are built
 * at the level 1 - a_t, and once the year's true classes are known a_{t+1} = a_t + gamma (a - err_t), where a is the
 * nominal miscoverage and err_t the share of the year's rows its sets missed. A year that undercovers widens the next
 * year's sets; one that overcovers narrows them. Only earlier years' outcomes steer a year, as a deployed model would
 * learn them a year later.
 * @param method the score
 * @param calibration the pooled validation probabilities and classes the static rule is fitted on
 * @param test the test rows' probabilities, true classes and years
 * @param nClasses number of classes
 * @param nominal the nominal coverage
 * @param gamma the step size per year
 */
export function adaptiveSets(
  method: ConformalMethod,
  calibration: { probabilities: Float64Array; actual: Int32Array },
  test: { probabilities: Float64Array; actual: ArrayLike<number>; years: ArrayLike<number> },
  nClasses: number,
  nominal: number,
  gamma: number,
): AdaptiveSets {
  const target = 1 - nominal;
  let alpha = target;
  const sets: number[][] = Array.from({ length: test.actual.length }, () => []);
  const levels: { year: number; level: number }[] = [];
  const years = [...new Set(Array.from(test.years))].sort((a, b) => a - b);
  for (const year of years) {
    // Past 0 every class is in the set; at 1 only the top class (predictionSet always keeps it).
    const level = Math.min(1, Math.max(0, 1 - alpha));
    const rule: ConformalRule =
      level >= 1
        ? { method, nominal: level, thresholds: Array(method === 'mondrian-lac' ? nClasses : 1).fill(Number.POSITIVE_INFINITY) }
        : level <= 0
          ? { method, nominal: level, thresholds: Array(method === 'mondrian-lac' ? nClasses : 1).fill(Number.NEGATIVE_INFINITY) }
          : fitConformal(method, calibration.probabilities, calibration.actual, nClasses, level);
    levels.push({ year, level });
    let missed = 0;
    let rows = 0;
    for (let i = 0; i < test.actual.length; i++) {
      if (test.years[i] !== year) continue;
      sets[i] = predictionSet(rule, test.probabilities.subarray(i * nClasses, (i + 1) * nClasses));
      rows += 1;
      if (!sets[i].includes(test.actual[i])) missed += 1;
    }
    alpha += gamma * (target - (rows > 0 ? missed / rows : target));
  }
  return { sets, levels, nextLevel: Math.min(1, Math.max(0, 1 - alpha)) };
}
