import type { ChoiceReport, ModelResult, RuleAlgorithm } from '@indicata/contracts';
import type { PanelFrame } from '../data/frame.ts';
import type { FoldData } from '../search/search.ts';
import { bootstrapStandardError, concatFolds, pooledLabels } from '../search/select.ts';
import { deriveSeed } from '../data/random.ts';
import { MIN_ROWS_FOR_A_LEAD, wellSupportedClasses, type Choice } from './choose.ts';
import { persistenceFor } from '../explain/baselines.ts';
import { macroF1, macroF1Over, confusionMatrix } from '../metrics/classification.ts';
import { clean, summaryMetrics } from '../metrics/tables.ts';
import type { SavedDecisionTreeState } from '../models/tree/decision-tree.ts';
import type { SavedPipelineModel } from './saved-model.ts';
import { predictionRows, type TestContext } from './model-results.ts';
import type { FeatureSource } from '../preprocess/features.ts';
import { PROJECTED_CLASS_COLUMN } from './target-history.ts';

/**
 * The rules every model is measured against, as candidates of the choice: persistence ("same class as last year":
 * each place keeps its class of its latest earlier year), majority (the most frequent training class) and, when the
 * target's history is offered, trend (the class of the value the place's latest yearly change projects for the
 * row's year: on slowly moving rates the places about to cross a class edge are the ones persistence gets wrong).
 * They are scored on the same forward-chaining folds as the models, one step ahead as the test baseline is, and
 * when no model beats the best rule by more than the noise of the folds, the rule is what the run recommends.
 * A recommended rule is a real model: test predictions, a saved model (a decision tree over one history column),
 * the prediction API and an ONNX file.
 */

/** The rules, as the results name them. */
export type RuleName = RuleAlgorithm;

/** What the rules read: each place's classes by year, and the history column "projected class" when it exists. */
export interface RuleInputs {
  frame: PanelFrame;
  /** Class index per frame row (-1 where the target is unknown). */
  classOf: Int32Array;
  /** The history column "projected class" over all frame rows (NaN where a place has no earlier value), or null. */
  projectedClass: Float64Array | null;
}

/**
 * What the rules read in a run: the panel, its class per row and, when the target's history was computed, its
 * "projected class" column.
 */
export function ruleInputsOf(frame: PanelFrame, classOf: Int32Array, history: FeatureSource | null): RuleInputs {
  return { frame, classOf, projectedClass: history ? history.columns[PROJECTED_CLASS_COLUMN] : null };
}

/** The rules a run scores: trend only when its history column exists. */
export function ruleNames(inputs: RuleInputs): RuleName[] {
  return inputs.projectedClass ? ['Persistence', 'Majority', 'Trend'] : ['Persistence', 'Majority'];
}

/**
 * A rule's predictions for some frame rows, one step ahead (persistence and trend read years before each row's only).
 * @param rule the rule
 * @param inputs the panel's classes and history
 * @param rows frame row indices
 * @param fallback the class of rows the rule cannot place (no earlier value), and the majority rule's answer
 */
export function rulePredictions(rule: RuleName, inputs: RuleInputs, rows: ArrayLike<number>, fallback: number): Int32Array {
  if (rule === 'Persistence') return persistenceFor(inputs.frame, inputs.classOf, rows, fallback).predicted;
  if (rule === 'Majority') return new Int32Array(rows.length).fill(fallback);
  const projected = inputs.projectedClass;
  if (!projected) throw new Error('the trend rule needs the history column "projected class"');
  return Int32Array.from(rows, (i) => (Number.isNaN(projected[i]) ? fallback : projected[i]));
}

/** A rule's pooled validation predictions (the choice compares them with the models' on the same rows). */
export interface RuleCandidate {
  name: RuleName;
  /** Pooled validation macro-F1. */
  pooled: number;
  /** Per-fold validation macro-F1. */
  foldScores: number[];
  /** Pooled validation predictions, in pooledLabels order. */
  predictions: Int32Array;
}

/**
 * The rules on the validation folds: persistence and trend read each validation row's place in the panel (its
 * fold's training years are all earlier), the majority rule answers the fold's majority training class, which is
 * also the others' answer for a place without an earlier value. Null when the folds do not carry their frame rows
 * (folds built without them).
 * @param inputs the panel's classes and history
 * @param folds the forward-chaining validation folds
 * @param nClasses number of classes
 */
export function ruleCandidates(inputs: RuleInputs, folds: FoldData[], nClasses: number): RuleCandidate[] | null {
  if (folds.some((f) => !f.validationRows || f.majority === undefined)) return null;
  const actual = pooledLabels(folds);
  const score = (name: RuleName, perFold: Int32Array[]): RuleCandidate => {
    const predictions = concatFolds(perFold, (n) => new Int32Array(n));
    return { name, pooled: macroF1(actual, predictions, nClasses), foldScores: perFold.map((p, f) => macroF1(folds[f].yValidation, p, nClasses)), predictions };
  };
  return ruleNames(inputs).map((name) => score(name, folds.map((f) => rulePredictions(name, inputs, f.validationRows as number[], f.majority as number))));
}

/**
 * A rule as a saved model in the decision-tree form every consumer already reads (predict-rows, the prediction API,
 * the ONNX export): persistence and trend are a chain of splits on one history column ("previous known class",
 * "projected class") whose leaves are the classes, and a row without a value there takes the majority class through
 * the pipeline's fill value; majority is a single leaf. `pipeline.rule` names the rule.
 * @param rule the rule
 * @param base the pipeline of the input set with the history columns (features, fills, classes, history)
 * @param classColumn index in base.features of the column the rule reads (unused by majority)
 * @param majority the majority training class
 * @param nClasses number of classes
 */
export function ruleSavedModel(
  rule: RuleName,
  base: SavedPipelineModel['pipeline'],
  classColumn: number,
  majority: number,
  nClasses: number,
): SavedPipelineModel {
  const nFeatures = base.features.length;
  const oneHot = (c: number) => Array.from({ length: nClasses }, (_, k) => (k === c ? 1 : 0));
  const tree = { feature: [] as number[], threshold: [] as number[], left: [] as number[], right: [] as number[], value: [] as number[], nodeSamples: [] as number[] };
  const leaf = (c: number) => {
    tree.feature.push(-1);
    tree.threshold.push(0);
    tree.left.push(-1);
    tree.right.push(-1);
    tree.value.push(...oneHot(c));
    tree.nodeSamples.push(0);
  };
  if (rule === 'Majority') leaf(majority);
  else {
    // Node 2k splits at class k + 0.5: left is leaf 2k + 1 (class k), right is node 2k + 2; the last node is a leaf.
    for (let k = 0; k < nClasses - 1; k++) {
      const node = tree.feature.length;
      tree.feature.push(classColumn);
      tree.threshold.push(k + 0.5);
      tree.left.push(node + 1);
      tree.right.push(node + 2);
      tree.value.push(...new Array<number>(nClasses).fill(0));
      tree.nodeSamples.push(0);
      leaf(k);
    }
    leaf(nClasses - 1);
  }
  const importances = new Array<number>(nFeatures).fill(0);
  if (rule !== 'Majority') importances[classColumn] = 1;
  const state: SavedDecisionTreeState = { tree: { ...tree, importances } };
  const fill = [...base.fill];
  if (rule !== 'Majority') fill[classColumn] = majority;
  return {
    format: 'indicata-model',
    version: 1,
    family: 'DT',
    params: {},
    nFeatures,
    nClasses,
    state,
    pipeline: {
      ...base,
      fill,
      // The rule reads the class index as it is: no bins, no scaling.
      binEdges: base.features.map(() => null),
      scaler: null,
      rule: SAVED_RULE_NAMES[rule],
    },
  };
}

/**
 * The history column a saved rule decides on ("previous known class" for persistence, "projected class" for trend),
 * or null for the majority rule, which reads nothing: the root split of ruleSavedModel's tree.
 * @param saved a saved model (null for one that is not a rule)
 */
export function ruleInputColumn(saved: SavedPipelineModel): string | null {
  if (saved.pipeline.rule === undefined) return null;
  const column = (saved.state as SavedDecisionTreeState).tree.feature[0];
  return column !== undefined && column >= 0 ? (saved.pipeline.features[column] ?? null) : null;
}

/** The saved model's name of each rule (`pipeline.rule`). */
const SAVED_RULE_NAMES = { Persistence: 'persistence', Majority: 'majority', Trend: 'trend' } as const;

/** A rule in the words of the choice's reason. */
const RULE_WORDS: Record<RuleName, string> = {
  Persistence: "keeping each place's class of its latest earlier year",
  Majority: 'predicting the most frequent training class',
  Trend: "projecting each place's latest yearly change of the target to the row's year and taking that value's class",
};

/**
 * A rule's entry among the results' models: validation scores from the folds, test metrics, predictions and the
 * confusion matrix, no hyperparameters (nothing is tuned).
 * @param ctx the test rows and their labels
 * @param candidate the rule's validation scores
 * @param predicted the rule's test predictions
 * @param description what the rule does, in words
 */
export function ruleResult(ctx: TestContext, candidate: RuleCandidate, predicted: Int32Array, description: string): ModelResult {
  const mean = candidate.foldScores.reduce((s, v) => s + v, 0) / candidate.foldScores.length;
  const std = Math.sqrt(candidate.foldScores.reduce((s, v) => s + (v - mean) ** 2, 0) / candidate.foldScores.length);
  return {
    algorithm: candidate.name,
    params: { rule: description },
    paramsSource: 'rule',
    validationMacroF1: clean(candidate.pooled) as number,
    validationMacroF1Std: clean(std) as number,
    test: summaryMetrics(ctx.actual, predicted, ctx.nClasses),
    predictions: predictionRows(ctx, predicted),
    confusionMatrix: { labels: ctx.titles, matrix: confusionMatrix(ctx.actual, predicted, ctx.nClasses) },
    hyperparameters: [],
    impurityImportance: null,
    permutationImportance: null,
    search: { evaluated: 1, planned: 1, budgetBound: false, seconds: 0 },
    fitSeconds: 0,
  };
}

/**
 * Resamples and seed of the trend-against-persistence standard error. Both rules are fixed functions of the data, so
 * which of them stands must not depend on the run's seed: with the models' 200 resamples, the standard error on sticky
 * panel 15 ranged from 0.045 to 0.071 over 20 seeds around a margin of 0.050 (its rare fifth class drawn or not), and
 * seed 1 kept trend (0.991 on test) while seeds 2 and 3 dropped it. 2,000 resamples under one fixed seed settle it at 0.056.
 */
const RULES_BOOTSTRAP_REPEATS = 2000;
const RULES_BOOTSTRAP_SEED = deriveSeed(0, 'trend-or-persistence');

/**
 * The rules a model is weighed against: all of them, except trend when it does not beat persistence by more than one
 * standard error of their paired difference. Trend is the bolder guess: a place projected across a class edge, or
 * past the last class, moves where persistence stays, and one such row of a class absent from the test years costs
 * a fifth of a five-class macro-F1 (sticky panel 19: trend 0.944 against persistence's 0.898 on validation, 0.788
 * against 0.953 on test). So, like a model, it must earn its place over "same class as last year".
 * When the validation rows hold a class of fewer than MIN_ROWS_FOR_A_LEAD rows, as the finalists' tie does, the lead
 * and its standard error are read on the better-supported classes (trend must still be ahead on all of them): one row
 * of a rare class, drawn or not by the bootstrap, decides neither. On sticky panel 15 (validation classes of 539 /
 * 144 / 74 / 18 / 1 rows) trend led by 0.050 with a standard error of 0.053 on every class, and by 0.063 with 0.023
 * on the other four; on test it scored 0.991 against persistence's 0.871.
 * Trend must also be right on more validation rows than persistence. A macro-F1 lead with no more rows right is a
 * trade: its rare-class rows put right are paid for with as many rows of the common classes put wrong, the bold
 * guesses landing by chance as often as not. On sticky panel 22 (income per head, validation years 2006-2009) trend
 * led by 0.037 on the better-supported classes, a standard error 0.036, right on 710 of 726 rows as persistence was;
 * on the test years it scored 0.903 against persistence's 0.926.
 */
function rulesToBeat(scored: { rule: RuleCandidate; pooled: number }[], labels: Int32Array, nClasses: number): { rule: RuleCandidate; pooled: number }[] {
  const trend = scored.find((s) => s.rule.name === 'Trend');
  const persistence = scored.find((s) => s.rule.name === 'Persistence');
  if (!trend || !persistence) return scored;
  const n = labels.length;
  const tail = (a: Int32Array) => a.subarray(a.length - n);
  const trendPredicted = tail(trend.rule.predictions);
  const persistencePredicted = tail(persistence.rule.predictions);
  const supported = wellSupportedClasses(labels, nClasses);
  const score = supported ? macroF1Over(supported) : macroF1;
  const lead = supported ? score(labels, trendPredicted, nClasses) - score(labels, persistencePredicted, nClasses) : trend.pooled - persistence.pooled;
  const standardError = bootstrapStandardError(labels, trendPredicted, persistencePredicted, nClasses, RULES_BOOTSTRAP_SEED, score, RULES_BOOTSTRAP_REPEATS);
  const stands = lead > standardError && trend.pooled > persistence.pooled && rowsRight(labels, trendPredicted) > rowsRight(labels, persistencePredicted);
  return stands ? scored : scored.filter((s) => s !== trend);
}

/** How many of the rows a prediction gets right. */
function rowsRight(labels: Int32Array, predicted: Int32Array): number {
  let right = 0;
  for (let i = 0; i < labels.length; i++) if (predicted[i] === labels[i]) right++;
  return right;
}

/** The model against the rules: which is recommended, and the numbers the results report. */
export interface RuleVerdict {
  /** The rule recommended instead of the model, or null when the model is. */
  recommended: RuleCandidate | null;
  report: ChoiceReport['rules'];
  /** Why the rule is recommended (null when the model is). */
  reason: string | null;
}

/** The model against one rule, as the report gives it. */
type RuleReport = NonNullable<ChoiceReport['rules']>;

/**
 * Whether the model beats the rule on the evidence: a lead over it larger than one standard error of their paired
 * difference, read on the better-supported classes when the report has them (and then also ahead on every class).
 */
function beatsRule(report: RuleReport): boolean {
  const supported = report.supportedClasses;
  return supported ? report.margin > 0 && supported.margin > report.standardError : report.margin > report.standardError;
}

/**
 * Weighs the model the search chose against the best rule (of rulesToBeat) on the pooled validation rows: the model
 * is recommended only when its macro-F1 beats the rule's by more than one standard error of their paired difference,
 * or, when that rule is trend, when it is ahead of trend and beats the other rules by more than that. A model that
 * merely ties "same class as last year" on validation has, on sticky panels, lost to it on the test years by up to
 * 0.2 (bench/README.md): a tie is no reason to prefer the opaque, costlier predictor.
 * When the compared rows hold a class of fewer than MIN_ROWS_FOR_A_LEAD rows, the lead and its standard error are
 * read on the better-supported classes, as for the finalists' tie and for trend against persistence, and the model
 * must also be ahead on every class: one rare row put right is worth a fifth of a five-class macro-F1. On sticky
 * panel 18 (validation classes of 682 / 20 / 7 / 4 / 3 rows) a tree led persistence by 0.109 with a standard error
 * of 0.080 on every class, but by 0.051 with 0.073 on the three supported ones; it scored 0.954 on test against
 * persistence's 0.961.
 * @param choice the model choice (its pooled validation predictions)
 * @param rules the rules' validation candidates, or null when they are not candidates
 * @param folds the validation folds (for the labels)
 * @param nClasses number of classes
 * @param seed bootstrap seed
 */
export function weighRules(choice: Choice, rules: RuleCandidate[] | null, folds: FoldData[], nClasses: number, seed: number): RuleVerdict {
  if (!rules || rules.length === 0) return { recommended: null, report: null, reason: null };
  // A model the budget stopped before every fold has predictions for the most recent fold only (the last rows of the
  // pooled order): the rules are compared with it on those rows.
  const labels = pooledLabels(folds);
  const n = choice.predictions.length;
  const rows = (a: Int32Array) => a.subarray(a.length - n);
  const compared = rows(labels);
  const scored = rules.map((r) => ({ rule: r, pooled: n === labels.length ? r.pooled : macroF1(compared, rows(r.predictions), nClasses) }));
  const standing = rulesToBeat(scored, compared, nClasses).sort((a, b) => b.pooled - a.pooled);
  const supported = wellSupportedClasses(compared, nClasses);
  const score = supported ? macroF1Over(supported) : macroF1;
  const against = ({ rule, pooled }: { rule: RuleCandidate; pooled: number }): RuleReport => {
    const rulePredicted = rows(rule.predictions);
    const standardError = bootstrapStandardError(compared, choice.predictions, rulePredicted, nClasses, deriveSeed(seed, 'model-or-rule'), score);
    const report = { best: rule.name, validationMacroF1: pooled, margin: choice.forwardChaining - pooled, standardError, samePredictions: sameEverywhere(choice.predictions, rulePredicted) };
    if (!supported) return report;
    const supportedMargin = score(compared, choice.predictions, nClasses) - score(compared, rulePredicted, nClasses);
    return { ...report, supportedClasses: { classes: supported, minRows: MIN_ROWS_FOR_A_LEAD, margin: supportedMargin } };
  };
  const report = against(standing[0]);
  if (beatsRule(report)) return { recommended: null, report, reason: null };
  // A tie goes to the rule for "same class as last year" alone, the simplest and steadiest guess. Trend guesses as
  // boldly as a model does: a model ahead of it on validation is recommended when it also beats the other rules by
  // more than the noise (sticky panel 19: RF 0.986 against trend's 0.944 on validation, 0.976 against 0.788 on test).
  if (standing[0].rule.name === 'Trend' && report.margin > 0) {
    const simpler = standing.find((s) => s.rule.name !== 'Trend');
    const bySimpler = simpler ? against(simpler) : null;
    if (bySimpler && beatsRule(bySimpler)) return { recommended: null, report: bySimpler, reason: null };
  }
  const best = standing[0].rule;
  return {
    recommended: best,
    report,
    reason: `no model beats the rule of ${RULE_WORDS[best.name]} by more than the noise of the validation folds: the best model (${choice.algorithm}, ${choice.forwardChaining.toFixed(4)}) ${standingAgainstRule(report)}`,
  };
}

/** Whether two prediction vectors agree on every row. */
function sameEverywhere(a: Int32Array, b: Int32Array): boolean {
  return a.length === b.length && a.every((value, i) => value === b[i]);
}

/**
 * How the best model stands against the rule, in the words of the choice's reason. A model that predicts what the
 * rule predicts on every pooled validation row (a forest that learned to copy last year's class) is said to do so:
 * "ahead by 0.0000, within one standard error (0.0000)" would hide that it is the rule itself.
 */
function standingAgainstRule(report: RuleReport): string {
  const { validationMacroF1: rulePooled, margin, standardError } = report;
  if (report.samePredictions) return `predicts what the rule predicts on every pooled validation row (both ${rulePooled.toFixed(4)})`;
  const supported = report.supportedClasses;
  if (supported && margin >= 0) {
    const where = `on the classes with at least ${supported.minRows} validation rows`;
    return supported.margin >= 0
      ? `is ahead of the rule's ${rulePooled.toFixed(4)} by ${margin.toFixed(4)}, but ${where} by only ${supported.margin.toFixed(4)}, within one standard error (${standardError.toFixed(4)}): the rest of its lead rests on classes of fewer rows`
      : `is ahead of the rule's ${rulePooled.toFixed(4)} by ${margin.toFixed(4)}, but behind it ${where} by ${(-supported.margin).toFixed(4)} (standard error ${standardError.toFixed(4)}): its lead rests on classes of fewer rows`;
  }
  if (supported) return `is behind the rule's ${rulePooled.toFixed(4)} by ${(-margin).toFixed(4)}`;
  return margin >= 0
    ? `is ahead of the rule's ${rulePooled.toFixed(4)} by only ${margin.toFixed(4)}, within one standard error (${standardError.toFixed(4)})`
    : `is behind the rule's ${rulePooled.toFixed(4)} by ${(-margin).toFixed(4)} (standard error ${standardError.toFixed(4)})`;
}
