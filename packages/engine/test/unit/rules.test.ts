import { singleChoice } from '../../src/pipeline/choose.ts';
import { ruleCandidates, weighRules, type RuleCandidate } from '../../src/pipeline/rules.ts';
import { macroF1 } from '../../src/metrics/classification.ts';
import { pooledLabels } from '../../src/search/select.ts';
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
    const [persistence, majority] = ruleCandidates(frame, classOf, [fold], 3) as RuleCandidate[];
    // A 2003 <- A 2002 (class 1): right; B 2003 <- B 2002 (class 0): wrong.
    expect(Array.from(persistence.predictions)).toEqual([1, 0]);
    expect(Array.from(majority.predictions)).toEqual([0, 0]);
    // A validation year's own class (a later class here) is never read.
    const shifted = classOf.slice();
    shifted[7] = 1;
    expect(Array.from((ruleCandidates(frame, shifted, [fold], 3) as RuleCandidate[])[0].predictions)).toEqual([1, 0]);
  });

  it('is null for folds built without their frame rows', () => {
    expect(ruleCandidates(frame, classOf, [{ yValidation: Int32Array.from([1]) } as FoldData], 3)).toBeNull();
  });
});
