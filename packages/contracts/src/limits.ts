/** Business constants and limits (spec section 9, DESIGN.md section 5). */
export const LIMITS = {
  resultsRowsPerPage: 20,
  questionsPerPage: 3,
  tutorialItems: 6,
  csvPreviewRows: 5,
  csvDelimiter: ';',
  csvDelimiterCandidates: [',', ';', '\t', ':'],
  /** Data rows an uploaded CSV may have (the reader stops there; the engine is not built for more). */
  csvMaxRows: 1_000_000,
  /** Characters an uploaded file's name may have (its stored name must fit a file-system name). */
  csvFileNameMaxChars: 200,
  /**
   * The percentage for testing lies strictly between these: 0 % leaves no test rows and 100 % no training rows, so
   * both get the spec's "must be between 0 and 100" at once (see `isTestPercentInRange`), not a job that fails later.
   */
  testPercentMin: 0,
  testPercentMax: 100,
  /** At least two groups: one group is not a classification. */
  autoCategoriesMin: 2,
  autoCategoriesMax: 100,
  manualClassesMin: 2,
  manualClassesMax: 100,
  /**
   * A target whose values are all whole numbers, at most this many different ones, looks already coded as classes
   * (1-5, say): the class preview offers to keep each code as its own class.
   */
  targetCodesMax: 10,
  /** A job's search time budget (seconds) the user may choose in the wizard; the default is the wizard's start value. */
  jobBudgetSecondsMin: 30,
  jobBudgetSecondsMax: 1800,
  jobBudgetSecondsDefault: 60,
  /** Largest seed a job accepts (a 31-bit integer, as the server draws). */
  jobSeedMax: 2 ** 31 - 1,
  maxStringBytes: 10_485_760,
  generatedIdLength: 20,
  transactionRetryLimit: 25,
  retry: {
    operationMs: 120_000,
    uploadMs: 600_000,
    maxBackoffFactor: 64,
    retryableStatuses: [408, 429],
  },
  loadingDotsTickMs: 500,
  /**
   * While a job shown on a page waits or runs, the page asks for it again this often, besides the live events: an
   * event lost before the stream (re)opened would otherwise leave a finished job showing "running" until a reload.
   */
  jobStatusPollMs: 20_000,
  /** Result verdict: below these the test figures rest on too little data and the page says so. */
  verdict: {
    minTestRows: 30,
    minClassTestRows: 5,
    /** Bootstrap resamples of the test rows for the confidence intervals, and their level. */
    bootstrapResamples: 1000,
    intervalLevel: 0.95,
  },
  defaultUploadMaxBytes: 50 * 1024 * 1024,
} as const;

/**
 * Whether a percentage for testing leaves rows for both training and testing (strictly between 0 and 100).
 * @param value the percentage, as a number
 */
export function isTestPercentInRange(value: number): boolean {
  return Number.isFinite(value) && value > LIMITS.testPercentMin && value < LIMITS.testPercentMax;
}

/**
 * Whether a Pearson correlation cut can leave indicators: above 0 (a cut of 0 drops every indicator that varies with
 * the target at all) and at most 1.
 */
export function isPearsonCutInRange(value: number): boolean {
  return Number.isFinite(value) && value > 0 && value <= 1;
}

/**
 * The highest minimum information gain a job may ask for, or null when it has no ceiling: an indicator's information
 * gain about a target of `classes` classes is at most log2(classes) bits, so a larger minimum leaves no indicator at
 * all; unless a hand-picked list or the target's own history (which the rule does not filter) stands in, or the
 * classes are not known yet.
 * @param choice the target's class count (0: not known), how many indicators were hand-picked, the target-history mode
 */
export function informationGainCeiling(choice: { classes: number; handPicked: number; targetHistory: string }): number | null {
  if (choice.handPicked > 0 || choice.targetHistory === 'on' || choice.classes <= 0) return null;
  return Math.log2(choice.classes);
}

/**
 * How many of a WHO indicator's dimensions a job's target may name: one, as a model predicts one series (with more,
 * only the first was used and the rest ignored without a word).
 */
export const TARGET_DIMENSIONS_MAX = 1;
