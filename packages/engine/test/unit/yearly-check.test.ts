import { checkYearly, decideAfterYearly, yearlyScores } from '../../src/pipeline/yearly-check.ts';
import { macroF1 } from '../../src/metrics/classification.ts';
import type { FoldData } from '../../src/search/search.ts';
import type { Finalist } from '../../src/search/select.ts';
import type { ChosenConfiguration } from '../../src/pipeline/cv-gap.ts';
import type { RuleCandidate, RuleVerdict } from '../../src/pipeline/rules.ts';

// Three one-year folds of four rows; class 1 appears in the first two years. The rule answers class 0 everywhere.
const foldOf = (labels: number[]) => ({ yValidation: Int32Array.from(labels) }) as FoldData;
const folds = [foldOf([0, 0, 1, 1]), foldOf([0, 0, 1, 1]), foldOf([0, 0, 0, 0])];
const years = [2011, 2012, 2013];
const pooled = Int32Array.from(folds.flatMap((f) => [...f.yValidation]));
const ruleOf = (predictions: Int32Array): RuleCandidate => ({ name: 'Persistence', pooled: macroF1(pooled, predictions, 2), foldScores: [], predictions });
const rule = ruleOf(new Int32Array(12));

const contender = (family: string, predicted: number[]) =>
  ({ algorithm: family, forwardChaining: 0, members: [{ weight: 1, finalist: { family } as unknown as Finalist }], predictions: Int32Array.from(predicted) }) as ChosenConfiguration & { predictions: Int32Array };
// Right on the first year's class-1 rows, wrong on the second's, and one false class 1 in the last year: well ahead
// on the pooled rows, ahead on the mean year by a hair against a spread of 0.6 from year to year.
const bold = contender('DT', [0, 0, 1, 1, 0, 0, 0, 0, 0, 0, 0, 1]);
// Right on every row: ahead in two years of three.
const careful = contender('RF', [0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 0, 0]);
const verdict: RuleVerdict = { recommended: null, report: { best: 'Persistence', validationMacroF1: rule.pooled, margin: 0.3, standardError: 0.1 }, reason: null };

describe('the yearly check (one test year)', () => {
  it('scores each fold on its own, and only the folds a budget-stopped model was scored on', () => {
    expect(yearlyScores(bold.predictions, folds, 2).map((s) => s.toFixed(4))).toEqual(['1.0000', '0.3333', '0.4286']);
    // The most recent fold only: its rows are the tail of the pooled order.
    expect(yearlyScores(Int32Array.from([0, 0, 0, 0]), folds, 2)).toEqual([1]);
  });

  it('vetoes a model well ahead on the pooled rows whose mean yearly lead is within the noise of the years', () => {
    expect(macroF1(pooled, bold.predictions, 2) - rule.pooled).toBeGreaterThan(0.25);
    const report = checkYearly([bold], rule, folds, years, 2);
    expect(report.years).toEqual(years);
    expect(report.modelMacroF1).toBeCloseTo((1 + 1 / 3 + 3 / 7) / 3, 10);
    expect(report.ruleMacroF1).toBeCloseTo((1 / 3 + 1 / 3 + 1) / 3, 10);
    expect(report.modelMacroF1).toBeGreaterThan(report.ruleMacroF1);
    expect(report.standardError).toBeGreaterThan(report.modelMacroF1 - report.ruleMacroF1);
    expect(report.passed).toBe(false);
    const outcome = decideAfterYearly(verdict, [bold], report, rule);
    expect(outcome.chosen).toBeNull();
    expect(outcome.verdict.recommended).toBe(rule);
    expect(outcome.verdict.reason).toMatch(/^the best model \(DT\) beats the rule on the pooled validation rows, but scored year by year on 2011-2013, .* not ahead by more than the noise of the years .*: its lead did not hold year by year$/);
  });

  it('lets the next contender that leads year by year stand in, and keeps a model that leads', () => {
    const report = checkYearly([bold, careful], rule, folds, years, 2);
    expect(report.compared.map((c) => c.passed)).toEqual([false, true]);
    const outcome = decideAfterYearly(verdict, [bold, careful], report, rule);
    expect(outcome.chosen).toBe(1);
    expect(outcome.verdict.recommended).toBeNull();
    expect(outcome.report.modelMacroF1).toBe(report.compared[1].modelMacroF1);
    expect(outcome.switchReason).toMatch(/^DT led on the pooled validation rows, but .*; RF, the next model .* beat it year by year too/);
    const alone = checkYearly([careful], rule, folds, years, 2);
    expect(decideAfterYearly(verdict, [careful], alone, rule)).toMatchObject({ chosen: 0, verdict, switchReason: null });
  });

  it('gives a tie to the rule, and a lead resting on one year of four', () => {
    expect(checkYearly([contender('KNN', Array.from(rule.predictions))], rule, folds, years, 2).passed).toBe(false);
    const four = [...folds, foldOf([0, 0, 0, 0])];
    const fourYears = [...years, 2014];
    const allZero = ruleOf(new Int32Array(16));
    // Right on the first year's class-1 rows only: ahead in one year, level in three.
    const oneYear = contender('SVM', [0, 0, 1, 1, ...new Array<number>(12).fill(0)]);
    const report = checkYearly([oneYear], allZero, four, fourYears, 2);
    expect(report.modelMacroF1 - report.ruleMacroF1).toBeCloseTo(report.standardError, 12);
    expect(report.passed).toBe(false);
    // The same lead in two years of four clears the noise.
    const twoYears = contender('SVM', [0, 0, 1, 1, 0, 0, 1, 1, ...new Array<number>(8).fill(0)]);
    expect(checkYearly([twoYears], allZero, four, fourYears, 2).passed).toBe(true);
  });

  it('passes any lead of a model scored on the most recent year only (no spread to weigh it against)', () => {
    const lastOnly = ruleOf(Int32Array.from([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]));
    const folds2 = [foldOf([0, 0, 1, 1]), foldOf([0, 0, 1, 1])];
    const partial = contender('ANN', [0, 0, 1, 1]);
    const report = checkYearly([partial], { ...lastOnly, predictions: new Int32Array(8) }, folds2, [2012, 2013], 2);
    expect(report.years).toEqual([2013]);
    expect(report.standardError).toBe(0);
    expect(report.passed).toBe(true);
  });
});
