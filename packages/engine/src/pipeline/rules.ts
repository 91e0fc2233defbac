import type { ChoiceReport, ModelResult } from '@indicata/contracts';
import type { PanelFrame } from '../data/frame.ts';
import type { FoldData } from '../search/search.ts';
import { bootstrapStandardError, concatFolds, pooledLabels } from '../search/select.ts';
import { deriveSeed } from '../data/random.ts';
import type { Choice } from './choose.ts';
import { persistenceFor } from '../explain/baselines.ts';
import { macroF1, confusionMatrix } from '../metrics/classification.ts';
import { clean, summaryMetrics } from '../metrics/tables.ts';
import type { SavedDecisionTreeState } from '../models/tree/decision-tree.ts';
import type { SavedPipelineModel } from './saved-model.ts';
import { predictionRows, type TestContext } from './model-results.ts';

/**
 * The two rules every model is measured against, as candidates of the choice: persistence ("same class as last
 * year": each place keeps its class of its latest earlier year) and majority (the most frequent training class).
 * They are scored on the same forward-chaining folds as the models, one step ahead as the test baseline is, and
 * when no model beats the better rule by more than the noise of the folds, the rule is what the run recommends.
 * A recommended rule is a real model: test predictions, a saved model (a decision tree over the history column
 * "previous known class"), the prediction API and an ONNX file.
 */

/** The rules, as the results name them. */
export type RuleName = 'Persistence' | 'Majority';

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
 * Both rules on the validation folds: persistence reads each validation row's place in the panel (its fold's
 * training years are all earlier), the majority rule answers the fold's majority training class. Null when the
 * folds do not carry their frame rows (folds built without them).
 * @param frame the panel
 * @param classOf class index per frame row
 * @param folds the forward-chaining validation folds
 * @param nClasses number of classes
 */
export function ruleCandidates(frame: PanelFrame, classOf: Int32Array, folds: FoldData[], nClasses: number): RuleCandidate[] | null {
  if (folds.some((f) => !f.validationRows || f.majority === undefined)) return null;
  const actual = pooledLabels(folds);
  const score = (name: RuleName, perFold: Int32Array[]): RuleCandidate => {
    const predictions = concatFolds(perFold, (n) => new Int32Array(n));
    return { name, pooled: macroF1(actual, predictions, nClasses), foldScores: perFold.map((p, f) => macroF1(folds[f].yValidation, p, nClasses)), predictions };
  };
  return [
    score('Persistence', folds.map((f) => persistenceFor(frame, classOf, f.validationRows as number[], f.majority as number).predicted)),
    score('Majority', folds.map((f) => new Int32Array(f.yValidation.length).fill(f.majority as number))),
  ];
}

/**
 * A rule as a saved model in the decision-tree form every consumer already reads (predict-rows, the prediction API,
 * the ONNX export): persistence is a chain of splits on the "previous known class" column whose leaves are the
 * classes, and a row without a previous class takes the majority class through the pipeline's fill value;
 * majority is a single leaf. `pipeline.rule` names the rule.
 * @param rule the rule
 * @param base the pipeline of the input set with the history columns (features, fills, classes, history)
 * @param previousClassColumn index of the "previous known class" column in base.features
 * @param majority the majority training class
 * @param nClasses number of classes
 */
export function ruleSavedModel(
  rule: RuleName,
  base: SavedPipelineModel['pipeline'],
  previousClassColumn: number,
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
      tree.feature.push(previousClassColumn);
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
  if (rule === 'Persistence') importances[previousClassColumn] = 1;
  const state: SavedDecisionTreeState = { tree: { ...tree, importances } };
  const fill = [...base.fill];
  fill[previousClassColumn] = majority;
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
      rule: rule === 'Persistence' ? 'persistence' : 'majority',
    },
  };
}

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

/** The model against the rules: which is recommended, and the numbers the results report. */
export interface RuleVerdict {
  /** The rule recommended instead of the model, or null when the model is. */
  recommended: RuleCandidate | null;
  report: ChoiceReport['rules'];
  /** Why the rule is recommended (null when the model is). */
  reason: string | null;
}

/**
 * Weighs the model the search chose against the better rule on the pooled validation rows: the model is recommended
 * only when its macro-F1 beats the rule's by more than one standard error of their paired difference. A model that
 * merely ties "same class as last year" on validation has, on sticky panels, lost to it on the test years by up to
 * 0.2 (bench/README.md): a tie is no reason to prefer the opaque, costlier predictor.
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
  const scored = rules.map((r) => ({ rule: r, pooled: n === labels.length ? r.pooled : macroF1(rows(labels), rows(r.predictions), nClasses) }));
  const { rule: best, pooled: rulePooled } = scored.sort((a, b) => b.pooled - a.pooled)[0];
  const standardError = bootstrapStandardError(rows(labels), choice.predictions, rows(best.predictions), nClasses, deriveSeed(seed, 'model-or-rule'));
  const margin = choice.forwardChaining - rulePooled;
  const report = { best: best.name, validationMacroF1: rulePooled, margin, standardError };
  if (margin > standardError) return { recommended: null, report, reason: null };
  const ruleWords = best.name === 'Persistence' ? "keeping each place's class of its latest earlier year" : 'predicting the most frequent training class';
  return {
    recommended: best,
    report,
    reason: `no model beats the rule of ${ruleWords} by more than the noise of the validation folds: the best model (${choice.algorithm}, ${choice.forwardChaining.toFixed(4)}) is ${margin >= 0 ? `ahead of the rule's ${rulePooled.toFixed(4)} by only ${margin.toFixed(4)}, within one standard error (${standardError.toFixed(4)})` : `behind the rule's ${rulePooled.toFixed(4)} by ${(-margin).toFixed(4)} (standard error ${standardError.toFixed(4)})`}`,
  };
}
