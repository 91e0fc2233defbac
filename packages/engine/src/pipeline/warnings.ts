/**
 * Every warning sentence the engine writes into `results.warnings`, in one place. The results keep English (the
 * engine's language for logs and the command line); the app says each one again in the reader's language by parsing
 * it back (contracts `warningTexts`), and a test checks that every sentence built here is understood there.
 */

import { isRuleAlgorithm } from '@indicata/contracts';

const count = (n: number) => n.toLocaleString('en-US');

export const ENGINE_WARNINGS = {
  /** The training rows hold one time value: random folds stood in for forward chaining. */
  singleTimeValue: (): string => 'The training rows cover a single time value, so validation used seeded stratified random folds instead of forward chaining.',

  /** The search fit candidates on a sample of each fold's training rows. */
  searchSampled: (budgetSeconds: number, rowCap: number, largestSampled: number, finalRows: number): string =>
    `The data is large for a ${budgetSeconds} s budget, so the search fit each candidate on a seeded sample of at most ${count(rowCap)} of a fold's training rows (up to ${count(largestSampled)}) and scored it on at most as many validation rows, each class keeping its share; the final models were fit on all ${count(finalRows)} training rows. A larger budget samples less.`,

  /** The budget ended a family's search before its list of candidates. */
  searchStopped: (family: string, scored: number, planned: number, complete: number): string =>
    `${family}: the time budget stopped the search after ${scored} of ${planned} candidates (${complete} scored on every fold); a rerun with another machine load may evaluate a different number.`,

  /** The default forest did not fit the time left, so smaller forests stood in for it. */
  smallerForest: (family: string, defaultTrees: number, trees: number[]): string =>
    `${family}: the default forest of ${defaultTrees} trees was predicted not to fit the time left, so the search tried smaller forests instead (${trees.join(', ')} trees); a larger budget would search the full forests.`,

  /** No candidate of a family was scored on every fold. */
  familyLeftOut: (family: string): string => `${family}: no candidate finished within the budget, so the family is left out; a larger budget would include it.`,

  /** The validation choice's final fit was predicted not to fit in the time left: another choice stood in. */
  choiceGaveWay: (chosen: string, leftSeconds: number, instead: string): string =>
    `${chosen} was the validation choice, but its final fit was predicted to take longer than the ${leftSeconds.toFixed(1)} s left in the budget; ${instead} is chosen instead.`,

  /** No final fit had finished before the reserve for writing the results: the chosen one ran into it. */
  lastResort: (reserveSeconds: number, budgetSeconds: number): string =>
    `No final model had finished ${reserveSeconds} s before the end of the ${budgetSeconds} s budget (the time kept for writing the results), so the chosen model's final fit ran on into that time.`,

  /** The chosen model's final fit did not finish: another finalist is reported as chosen. */
  choiceReplaced: (chosen: string, instead: string): string =>
    `${chosen} was the validation choice, but its final fit did not finish within the budget; ${instead} is reported as chosen instead.`,

  /** A finalist's final fit did not finish. */
  noFinalFit: (family: string): string => `${family}: its final fit did not finish within the budget, so it has no test scores.`,

  /** The horizon check could not run, so the rule is recommended. */
  horizonUnchecked: (rule: string, reason: string): string =>
    `The model was not checked against the ${rule} rule over the test horizon (${reason}), so the ${rule} rule is recommended rather than a model whose lead was seen one year ahead only; a larger budget lets the check run.`,

  /** The random k-fold comparison was not computed. */
  cvGapSkipped: (reason: string): string => `The random k-fold comparison (CV gap) was not computed: ${reason}.`,

  /** Rows whose target falls outside every manual class. */
  unassignedRows: (rows: number): string => `${rows} row(s) have a target value outside every manual class and were left out.`,

  /** A manual attribute that is not a numeric column. */
  manualNotNumeric: (name: string): string => `Manual attribute "${name}" is not a numeric column of the data; ignored.`,

  /** A manual attribute that the missing-data step removed. */
  manualRemoved: (name: string): string => `Manual attribute "${name}" was removed by the missing-data step.`,

  /** An attribute discretization of an indicator that no model reads. */
  attributeDiscretizationSkipped: (indicator: string): string => `Attribute discretization of "${indicator}" skipped: the attribute is not used.`,

  /** Baselines scoring on test at least as well as the chosen model, or as the recommended rule. */
  baselinesAsGood: (baselines: { name: string; macroF1: number }[], chosen: string, chosenMacroF1: number): string =>
    `On the test rows ${baselines.map((b) => `the ${b.name} baseline scores ${b.macroF1.toFixed(3)}`).join(' and ')}, at least as well as the chosen ${chosen} (${chosenMacroF1.toFixed(3)} test macro-F1): ${isRuleAlgorithm(chosen) ? 'the recommended rule does no better than this simpler one here.' : 'the model adds nothing over this simple rule here.'}`,

  /** Classes with a few test rows, which macro-F1 weighs as much as the class with the most. */
  fewTestRows: (few: { title: string; rows: number }[], largest: { title: string; rows: number }): string =>
    `Few test rows in class(es) ${few.map((c) => `"${c.title}" (${count(c.rows)})`).join(', ')}: macro-F1 weighs each class alike, so they count as much as the ${count(largest.rows)} test rows of class "${largest.title}", and a few rows decide the differences between the test scores.`,

  /** Classes that balancing could only oversample by duplicating rows. */
  balancingFallback: (classTitles: string[]): string =>
    `Balancing found no neighbour or adjacent-year pair for class(es) ${classTitles.join(', ')}; their rows were duplicated at random instead.`,
};
