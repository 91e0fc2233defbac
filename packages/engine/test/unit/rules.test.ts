import { singleChoice } from '../../src/pipeline/choose.ts';
import { ruleCandidates, rulePredictions, ruleSavedModel, weighRules, type RuleCandidate } from '../../src/pipeline/rules.ts';
import { macroF1 } from '../../src/metrics/classification.ts';
import { bootstrapStandardError, pooledLabels } from '../../src/search/select.ts';
import { deriveSeed } from '../../src/data/random.ts';
import type { FoldData } from '../../src/search/search.ts';
import type { PanelFrame } from '../../src/data/frame.ts';
import { CLASSES, finalistOf, foldsOf } from '../helpers/finalists.ts';

/** A rule candidate with the given pooled predictions. */
function ruleOf(name: RuleCandidate['name'], predictions: Int32Array, folds: FoldData[]): RuleCandidate {
  return { name, predictions, pooled: macroF1(pooledLabels(folds), predictions, CLASSES), foldScores: [0, 0] };
}

describe('the model against the rules (validation only)', () => {
  const folds = foldsOf(1);
  const persistenceLike = finalistOf('DT', folds, 0.8, 21);
  const majority = new Int32Array(pooledLabels(folds).length).fill(0);

  it('recommends persistence when the best model only ties it on validation', () => {
    // The model agrees with the rule on every row but one: ahead or behind by a hair, never by the noise.
    const model = finalistOf('RF', folds, 0.8, 21);
    model.predictions = model.predictions.slice();
    model.predictions[0] = (pooledLabels(folds)[0] + 0) % CLASSES;
    model.pooled = macroF1(pooledLabels(folds), model.predictions, CLASSES);
    const rules = [ruleOf('Persistence', persistenceLike.predictions, folds), ruleOf('Majority', majority, folds)];
    const verdict = weighRules(singleChoice(model, 'test'), rules, folds, CLASSES, 1);
    expect(verdict.recommended?.name).toBe('Persistence');
    expect(verdict.report).toMatchObject({ best: 'Persistence' });
    expect(Math.abs(verdict.report?.margin as number)).toBeLessThanOrEqual(verdict.report?.standardError as number);
    expect(verdict.reason).toMatch(/^no model beats the rule of keeping each place's class of its latest earlier year by more than the noise/);
  });

  it('says so when the best model predicts what persistence predicts on every validation row', () => {
    const model = finalistOf('RF', folds, 0.8, 21);
    const rules = [ruleOf('Persistence', persistenceLike.predictions, folds), ruleOf('Majority', majority, folds)];
    const verdict = weighRules(singleChoice(model, 'test'), rules, folds, CLASSES, 1);
    expect(verdict.recommended?.name).toBe('Persistence');
    expect(verdict.report?.samePredictions).toBe(true);
    expect(verdict.reason).toMatch(/the best model \(RF, [0-9.]+\) predicts what the rule predicts on every pooled validation row \(both [0-9.]+\)$/);
    // One row apart, the reason gives the margin and its standard error instead.
    const apart = { ...model, predictions: model.predictions.slice() };
    apart.predictions[0] = (apart.predictions[0] + 1) % CLASSES;
    apart.pooled = macroF1(pooledLabels(folds), apart.predictions, CLASSES);
    const apartVerdict = weighRules(singleChoice(apart, 'test'), rules, folds, CLASSES, 1);
    expect(apartVerdict.report?.samePredictions).toBe(false);
    expect(apartVerdict.reason).toMatch(/is (ahead of|behind) the rule's [0-9.]+ by (only )?[0-9.]+/);
  });

  it('recommends the model when it beats persistence on validation by more than one standard error', () => {
    const model = finalistOf('RF', folds, 0.97, 22);
    const rules = [ruleOf('Persistence', persistenceLike.predictions, folds), ruleOf('Majority', majority, folds)];
    const verdict = weighRules(singleChoice(model, 'test'), rules, folds, CLASSES, 1);
    expect(verdict.recommended).toBeNull();
    expect(verdict.report?.margin as number).toBeGreaterThan(verdict.report?.standardError as number);
  });

  it('compares a model scored on the most recent fold only (the budget stopped it) on that fold\'s rows', () => {
    const last = folds[folds.length - 1].yValidation.length;
    const model = finalistOf('RF', folds, 0.97, 22);
    const partial = { ...model, predictions: model.predictions.slice(-last), probabilities: model.probabilities.slice(-last * CLASSES) };
    partial.pooled = macroF1(pooledLabels(folds).slice(-last), partial.predictions, CLASSES);
    const rules = [ruleOf('Persistence', persistenceLike.predictions, folds), ruleOf('Majority', majority, folds)];
    const verdict = weighRules(singleChoice(partial, 'test'), rules, folds, CLASSES, 1);
    expect(verdict.report?.validationMacroF1).toBeCloseTo(macroF1(pooledLabels(folds).slice(-last), persistenceLike.predictions.slice(-last), CLASSES), 12);
    expect(Number.isFinite(verdict.report?.standardError)).toBe(true);
    expect(verdict.recommended).toBeNull();
  });

  it('weighs the model against the best of the rules, the trend rule included', () => {
    const model = finalistOf('RF', folds, 0.8, 21);
    const trend = ruleOf('Trend', finalistOf('DT', folds, 0.97, 23).predictions, folds);
    const verdict = weighRules(singleChoice(model, 'test'), [ruleOf('Persistence', persistenceLike.predictions, folds), ruleOf('Majority', majority, folds), trend], folds, CLASSES, 1);
    expect(verdict.recommended?.name).toBe('Trend');
    expect(verdict.report).toMatchObject({ best: 'Trend' });
    expect(verdict.reason).toMatch(/^no model beats the rule of projecting each place's latest yearly change/);
  });

  it('recommends a model ahead of the trend rule within the noise when it beats persistence beyond it', () => {
    const trend = ruleOf('Trend', finalistOf('DT', folds, 0.94, 24).predictions, folds);
    const model = finalistOf('RF', folds, 0.96, 25);
    const rules = [ruleOf('Persistence', persistenceLike.predictions, folds), ruleOf('Majority', majority, folds), trend];
    // Against the trend rule alone the model's lead is within one standard error: a tie.
    const lead = model.pooled - trend.pooled;
    expect(lead).toBeGreaterThan(0);
    expect(lead).toBeLessThanOrEqual(bootstrapStandardError(pooledLabels(folds), model.predictions, trend.predictions, CLASSES, deriveSeed(1, 'model-or-rule')));
    const verdict = weighRules(singleChoice(model, 'test'), rules, folds, CLASSES, 1);
    expect(verdict.recommended).toBeNull();
    expect(verdict.report).toMatchObject({ best: 'Persistence' });
    expect(verdict.report?.margin as number).toBeGreaterThan(verdict.report?.standardError as number);
  });

  it('drops the trend rule when it does not beat persistence by more than the noise', () => {
    const model = finalistOf('RF', folds, 0.8, 21);
    // Trend is right on two rows persistence gets wrong and wrong on one it gets right: ahead, but within the noise.
    const labels = pooledLabels(folds);
    const nearPersistence = persistenceLike.predictions.slice();
    const wrong = [...nearPersistence.keys()].filter((i) => nearPersistence[i] !== labels[i]).slice(0, 2);
    for (const i of wrong) nearPersistence[i] = labels[i];
    const right = nearPersistence.findIndex((p, i) => p === labels[i] && labels[i] === labels[wrong[0]]);
    nearPersistence[right] = (labels[right] + 1) % CLASSES;
    expect(macroF1(labels, nearPersistence, CLASSES)).toBeGreaterThan(macroF1(labels, persistenceLike.predictions, CLASSES));
    const rules = [ruleOf('Persistence', persistenceLike.predictions, folds), ruleOf('Majority', majority, folds), ruleOf('Trend', nearPersistence, folds)];
    const verdict = weighRules(singleChoice(model, 'test'), rules, folds, CLASSES, 1);
    expect(verdict.report?.best).toBe('Persistence');
  });

  it("keeps or drops the trend rule whatever the run's seed, also when its lead is as large as the noise", () => {
    const model = finalistOf('RF', folds, 0.8, 21);
    const labels = pooledLabels(folds);
    const persistence = persistenceLike.predictions;
    // Trend: persistence with its first k wrong rows put right, k chosen so that the lead lies inside the spread of
    // 200-resample standard errors over seeds (where a seeded estimate would keep trend on some seeds, not others).
    const wrong = [...persistence.keys()].filter((i) => persistence[i] !== labels[i]);
    const seeds = Array.from({ length: 20 }, (_, k) => k + 1);
    let boundary: Int32Array | null = null;
    for (let k = 1; k <= wrong.length && !boundary; k++) {
      const trend = persistence.slice();
      for (const i of wrong.slice(0, k)) trend[i] = labels[i];
      const lead = macroF1(labels, trend, CLASSES) - macroF1(labels, persistence, CLASSES);
      const errors = seeds.map((seed) => bootstrapStandardError(labels, trend, persistence, CLASSES, deriveSeed(seed, 'trend-or-persistence')));
      if (Math.min(...errors) < lead && lead < Math.max(...errors)) boundary = trend;
    }
    expect(boundary).not.toBeNull();
    const rules = [ruleOf('Persistence', persistence, folds), ruleOf('Majority', majority, folds), ruleOf('Trend', boundary as Int32Array, folds)];
    const standing = new Set(seeds.map((seed) => weighRules(singleChoice(model, 'test'), rules, folds, CLASSES, seed).report?.best));
    expect(standing.size).toBe(1);
  });

  it('weighs nothing when the rules are not candidates (target history off)', () => {
    expect(weighRules(singleChoice(finalistOf('RF', folds, 0.5, 3), 'test'), null, folds, CLASSES, 1)).toEqual({ recommended: null, report: null, reason: null });
  });
});

describe('the rules on the validation folds', () => {
  // Two places over 2000-2003; the fold validates 2003 (trained on 2000-2002, majority class 0).
  const frame = { space: ['A', 'A', 'A', 'A', 'B', 'B', 'B', 'B'], time: [2000, 2001, 2002, 2003, 2000, 2001, 2002, 2003] } as unknown as PanelFrame;
  const classOf = Int32Array.from([0, 0, 1, 1, 0, 0, 0, 2]);
  const fold = { yValidation: Int32Array.from([1, 2]), validationRows: [3, 7], majority: 0 } as unknown as FoldData;

  it("persistence reads each validation row's place one step ahead; majority answers the fold's training majority", () => {
    const [persistence, majority] = ruleCandidates({ frame, classOf, projectedClass: null }, [fold], 3) as RuleCandidate[];
    // A 2003 <- A 2002 (class 1): right; B 2003 <- B 2002 (class 0): wrong.
    expect(Array.from(persistence.predictions)).toEqual([1, 0]);
    expect(Array.from(majority.predictions)).toEqual([0, 0]);
    // A validation year's own class (a later class here) is never read.
    const shifted = classOf.slice();
    shifted[7] = 1;
    expect(Array.from((ruleCandidates({ frame, classOf: shifted, projectedClass: null }, [fold], 3) as RuleCandidate[])[0].predictions)).toEqual([1, 0]);
  });

  it('scores the trend rule only when the projected class exists, reading that column one step ahead', () => {
    expect((ruleCandidates({ frame, classOf, projectedClass: null }, [fold], 3) as RuleCandidate[]).map((r) => r.name)).toEqual(['Persistence', 'Majority']);
    // A's trend projects class 2 for 2003; B has no projection (a place without an earlier value): the fold's majority.
    const projectedClass = Float64Array.from([NaN, 0, 0, 2, NaN, 0, 0, NaN]);
    const rules = ruleCandidates({ frame, classOf, projectedClass }, [fold], 3) as RuleCandidate[];
    expect(rules.map((r) => r.name)).toEqual(['Persistence', 'Majority', 'Trend']);
    expect(Array.from(rules[2].predictions)).toEqual([2, 0]);
    expect(rules[2].pooled).toBeCloseTo(macroF1(fold.yValidation, Int32Array.from([2, 0]), 3), 12);
    expect(() => rulePredictions('Trend', { frame, classOf, projectedClass: null }, [3], 0)).toThrow(/projected class/);
  });

  it('is null for folds built without their frame rows', () => {
    expect(ruleCandidates({ frame, classOf, projectedClass: null }, [{ yValidation: Int32Array.from([1]) } as FoldData], 3)).toBeNull();
  });
});

describe('a rule as a saved model', () => {
  const base = { features: ['x', 'previous class', 'projected class'], fill: [0.5, 0, 0], binEdges: [[0.1], null, null], scaler: null, classes: [] } as unknown as Parameters<typeof ruleSavedModel>[1];

  it('the trend rule splits on its own column, with the majority class as its fill and all the importance there', () => {
    const saved = ruleSavedModel('Trend', base, 2, 1, 3);
    const tree = (saved.state as { tree: { feature: number[]; importances: number[] } }).tree;
    expect(saved.pipeline.rule).toBe('trend');
    expect(new Set(tree.feature.filter((f) => f >= 0))).toEqual(new Set([2]));
    expect(tree.importances).toEqual([0, 0, 1]);
    expect(saved.pipeline.fill).toEqual([0.5, 0, 1]);
    expect(saved.pipeline.binEdges).toEqual([null, null, null]);
  });

  it('persistence splits on the previous class; majority is one leaf that reads nothing', () => {
    const persistence = ruleSavedModel('Persistence', base, 1, 2, 3);
    expect(new Set((persistence.state as { tree: { feature: number[] } }).tree.feature.filter((f) => f >= 0))).toEqual(new Set([1]));
    expect(persistence.pipeline.rule).toBe('persistence');
    const majority = ruleSavedModel('Majority', base, 1, 2, 3);
    expect((majority.state as { tree: { feature: number[]; importances: number[] } }).tree.feature).toEqual([-1]);
    expect(majority.pipeline.fill).toEqual([0.5, 0, 0]);
  });
});
