import { checkHorizon, decideAfterHorizon, horizonFold, horizonShape, recommendAfterHorizon } from '../../src/pipeline/horizon-check.ts';
import { RunBudget } from '../../src/pipeline/budget.ts';
import { CostModel } from '../../src/search/cost-model.ts';
import type { FitResult, FitTask } from '../../src/search/fit-task.ts';
import type { TaskRunner } from '../../src/search/pool.ts';
import type { FoldData } from '../../src/search/search.ts';
import type { Finalist } from '../../src/search/select.ts';
import type { PanelFrame } from '../../src/data/frame.ts';
import type { ChosenConfiguration } from '../../src/pipeline/cv-gap.ts';
import type { RuleCandidate, RuleVerdict } from '../../src/pipeline/rules.ts';
import type { Choice } from '../../src/pipeline/choose.ts';

describe('the horizon fold', () => {
  const yearsOf = (from: number, to: number, perYear = 2) => Array.from({ length: (to - from + 1) * perYear }, (_, i) => from + Math.floor(i / perYear));

  it('validates on the last training years, as many as the test years', () => {
    const times = yearsOf(2000, 2011);
    const fold = horizonFold(times, 5);
    expect(fold?.validationYears).toEqual([2007, 2008, 2009, 2010, 2011]);
    expect(fold?.train.every((p) => times[p] < 2007)).toBe(true);
    expect(fold?.validation.every((p) => times[p] >= 2007)).toBe(true);
    expect((fold?.train.length ?? 0) + (fold?.validation.length ?? 0)).toBe(times.length);
  });

  it('keeps at least half of the training years to train on', () => {
    expect(horizonFold(yearsOf(2000, 2005), 5)?.validationYears).toEqual([2003, 2004, 2005]);
  });

  it('is null when it would repeat the one-step folds (one test year) or leave too little to train on', () => {
    expect(horizonFold(yearsOf(2000, 2011), 1)).toBeNull();
    expect(horizonFold(yearsOf(2000, 2002), 5)).toBeNull();
  });

  it('caps its shape at the search row cap', () => {
    const fold = horizonFold(yearsOf(2000, 2011, 1000), 5);
    expect(horizonShape(fold!, 7, 2500)).toEqual({ train: { rows: 2500, cols: 7 }, validation: { rows: 2500 } });
  });
});

// Four places over the horizon years 2010-2011; every place keeps its class, so persistence is right on every row.
const frame = { space: ['A', 'B', 'C', 'D', 'A', 'B', 'C', 'D', 'A', 'B', 'C', 'D'], time: [2009, 2009, 2009, 2009, 2010, 2010, 2010, 2010, 2011, 2011, 2011, 2011] } as unknown as PanelFrame;
const classOf = Int32Array.from([0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0]);
const validationRows = [4, 5, 6, 7, 8, 9, 10, 11];
const fold = {
  train: { rows: 4, cols: 1, data: new Float64Array(4) },
  y: Int32Array.from([0, 1, 1, 0]),
  validation: { rows: 8, cols: 1, data: new Float64Array(8) },
  yValidation: Int32Array.from(validationRows, (i) => classOf[i]),
  validationRows,
  majority: 0,
} as FoldData;
const persistence: RuleCandidate = { name: 'Persistence', pooled: 0.9, foldScores: [0.9], predictions: new Int32Array(0) };

/** A runner whose models answer `predicted` (per family, or one answer for all) for the validation rows, with probability 1. */
function answering(answers: number[] | Record<string, number[]>): TaskRunner & { tasks: FitTask[] } {
  const tasks: FitTask[] = [];
  return {
    threads: 2,
    tasks,
    run(task: FitTask) {
      tasks.push(task);
      const predicted = Array.isArray(answers) ? answers : answers[task.family];
      const probabilities = new Float64Array(predicted.length * 2);
      predicted.forEach((c, i) => (probabilities[i * 2 + c] = 1));
      return Promise.resolve({ skipped: false, predictions: [Int32Array.from(predicted)], probabilities: [probabilities], hasProbabilities: true, seconds: 0, fitSeconds: 0 } as unknown as FitResult);
    },
    close: async () => undefined,
  };
}

const contender = (family: string, index: number) =>
  ({
    algorithm: family,
    forwardChaining: 0.95,
    members: [{ weight: 1, finalist: { family, scored: { index, candidate: { family, params: {}, scaler: 'none', inputs: 'indicators+history' } } } as unknown as Finalist }],
  }) as ChosenConfiguration;
const chosen = contender('RF', 3);

const check = (runner: TaskRunner, contenders = [chosen], budget = new RunBudget(60)) =>
  checkHorizon(contenders, persistence, () => fold, () => ({ train: { rows: 4, cols: 1 }, validation: { rows: 8 } }), { frame, classOf, projectedClass: null }, [2010, 2011], {
    runner,
    budget,
    costs: new CostModel(),
    nClasses: 2,
    seed: 1,
    modelModule: 'unused',
  });
const modelVerdict: RuleVerdict = { recommended: null, report: { best: 'Persistence', validationMacroF1: 0.9, margin: 0.05, standardError: 0.01 }, reason: null };

describe('the model against the rule over the horizon', () => {
  it('fails a model that loses to persistence on the horizon rows, and the rule is then recommended', async () => {
    const runner = answering([1, 0, 0, 1, 1, 0, 0, 1]); // every row wrong: behind beyond any noise
    const report = await check(runner);
    expect(report).toMatchObject({ years: [2010, 2011], trainedThrough: 2009, rows: 8, ruleMacroF1: 1, passed: false });
    if ('skipped' in report) throw new Error('not run');
    expect(report.modelMacroF1).toBe(0);
    // The member was fit on the horizon fold's training rows, nothing else.
    expect(runner.tasks).toHaveLength(1);
    expect(runner.tasks[0].train).toBe(fold.train);
    expect(runner.tasks[0].predict).toEqual([fold.validation]);
    const after = decideAfterHorizon(modelVerdict, [chosen], report, persistence);
    expect(after.chosen).toBeNull();
    expect(after.verdict.recommended?.name).toBe('Persistence');
    expect(after.verdict.report).toBe(modelVerdict.report);
    expect(after.verdict.reason).toMatch(/trained on the years up to 2009 and scored on 2010-2011 .* scored 0\.0000 against the rule's 1\.0000, behind it \(standard error of the difference/);
  });

  it('passes a model that ties or beats the rule there, and the verdict stands', async () => {
    const report = await check(answering(Array.from(fold.yValidation)));
    expect(report).toMatchObject({ modelMacroF1: 1, ruleMacroF1: 1, passed: true });
    if ('skipped' in report) throw new Error('not run');
    const after = decideAfterHorizon(modelVerdict, [chosen], report, persistence);
    expect(after.verdict).toBe(modelVerdict);
    expect(after.chosen).toBe(chosen);
    expect(after.switchReason).toBeNull();
  });

  it('chooses, among the models that beat the rule one year ahead, the one that holds up over the horizon', async () => {
    const other = contender('DT', 0);
    const runner = answering({ RF: [1, 0, 0, 1, 1, 0, 0, 1], DT: Array.from(fold.yValidation) });
    const report = await check(runner, [chosen, other]);
    if ('skipped' in report) throw new Error('not run');
    expect(report.compared.map((c) => [c.algorithm, c.passed])).toEqual([
      ['RF', false],
      ['DT', true],
    ]);
    expect(runner.tasks.map((t) => t.family)).toEqual(['RF', 'DT']);
    const after = decideAfterHorizon(modelVerdict, [chosen, other], report, persistence);
    expect(after.chosen).toBe(other);
    expect(after.verdict.recommended).toBeNull();
    expect(after.report).toMatchObject({ modelMacroF1: 1, passed: true });
    expect(after.switchReason).toMatch(/^RF led one year ahead, but .* it scored 0\.0000 .*; DT, the next model .* held up there \(1\.0000\)$/);
  });

  it('fails a model behind the rule over the horizon even within the noise: a loss in the noise is no evidence of a lead', async () => {
    const oneWrong = [1, 1, 1, 0, 0, 1, 1, 0]; // seven of eight rows right, persistence all eight
    const report = await check(answering(oneWrong));
    if ('skipped' in report) throw new Error('not run');
    expect(report.modelMacroF1).toBeLessThan(report.ruleMacroF1);
    // Behind by less than one standard error: the earlier veto let this model stand.
    expect(report.ruleMacroF1 - report.modelMacroF1).toBeLessThan(report.standardError);
    expect(report.passed).toBe(false);
    const after = decideAfterHorizon(modelVerdict, [chosen], report, persistence);
    expect(after.chosen).toBeNull();
    expect(after.verdict.recommended?.name).toBe('Persistence');
  });

  describe('among models level one year ahead', () => {
    const [knn, dt, rf, svm] = [contender('KNN', 0), contender('DT', 1), contender('RF', 2), contender('SVM', 3)];
    /** A report of the contenders' horizon scores against a rule scoring 0.895 there. */
    const reportOf = (scores: [string, number][]) => ({
      years: [2006, 2010],
      trainedThrough: 2005,
      rows: 895,
      modelMacroF1: scores[0][1],
      ruleMacroF1: 0.895,
      standardError: 0.05,
      passed: scores[0][1] >= 0.895,
      compared: scores.map(([algorithm, modelMacroF1]) => ({ algorithm: algorithm as 'RF', modelMacroF1, standardError: 0.05, passed: modelMacroF1 >= 0.895 })),
    });

    it('recommends the one that scores highest over the horizon, and says which tie it broke', () => {
      const report = reportOf([['KNN', 0.9], ['DT', 0.92], ['RF', 0.94]]);
      const after = decideAfterHorizon(modelVerdict, [knn, dt, rf], report, persistence, ['DT', 'RF', 'KNN']);
      expect(after.chosen).toBe(rf);
      expect(after.verdict).toBe(modelVerdict);
      expect(after.report).toMatchObject({ modelMacroF1: 0.94, passed: true, level: ['KNN', 'DT', 'RF'] });
      expect(after.switchReason).toBe(
        "DT, RF and KNN were level one year ahead (within one standard error of the best), and trained on the years up to 2005 and scored on 2006-2010, as many years ahead as the test years, RF scored highest of those not behind the rule (0.9400 against KNN's 0.9000 and the rule's 0.8950)",
      );
      expect(after.tieBreak).toBe('macro-F1 over the horizon (trained on the years up to 2005, scored on 2006-2010) among KNN, DT and RF, level one year ahead');
    });

    it('keeps the one-step choice when it scores highest there, or level with the best', () => {
      for (const scores of [[['KNN', 0.95], ['DT', 0.92], ['RF', 0.94]], [['KNN', 0.94], ['DT', 0.92], ['RF', 0.94]]] as [string, number][][]) {
        const after = decideAfterHorizon(modelVerdict, [knn, dt, rf], reportOf(scores), persistence, ['DT', 'RF', 'KNN']);
        expect(after).toMatchObject({ chosen: knn, switchReason: null, tieBreak: null });
        expect(after.report.level).toBeUndefined();
      }
    });

    it('never ranks a model behind the rule there, nor one the one-step choice led beyond the noise', () => {
      // SVM scores highest over the horizon, but it was not level one year ahead; DT is behind the rule there.
      const report = reportOf([['KNN', 0.9], ['DT', 0.89], ['SVM', 0.97]]);
      expect(decideAfterHorizon(modelVerdict, [knn, dt, svm], report, persistence, ['KNN', 'DT'])).toMatchObject({ chosen: knn, switchReason: null });
    });

    it('stands in for a one-step choice behind the rule with the best level model that is not', () => {
      const report = reportOf([['KNN', 0.843], ['SVM', 0.97], ['DT', 0.92], ['RF', 0.94]]);
      const after = decideAfterHorizon(modelVerdict, [knn, svm, dt, rf], report, persistence, ['KNN', 'DT', 'RF']);
      expect(after.chosen).toBe(rf);
      expect(after.switchReason).toMatch(/^KNN led one year ahead, but .* it scored 0\.8430 against the rule's 0\.8950, behind it .*; RF, level with it one year ahead and the best of those that held up there \(0\.9400\)$/);
      // Without a tie the next in one-step order stands in, as before.
      expect(decideAfterHorizon(modelVerdict, [knn, svm, dt, rf], report, persistence).chosen).toBe(svm);
    });
  });

  it('is skipped, fitting nothing, when the time left cannot hold its fits', async () => {
    const runner = answering([0, 0, 0, 0, 0, 0, 0, 0]);
    const budget = new RunBudget(3);
    const report = await check(runner, [chosen], { ...budget, mayStart: () => false } as unknown as RunBudget);
    expect(report).toEqual({ skipped: expect.stringMatching(/^not enough time left/) });
    expect(runner.tasks).toHaveLength(0);
  });

  it('recommends the rule when the check could not run: a lead seen one year ahead only is not enough', async () => {
    const weighing = { rules: [persistence], rule: persistence, folds: [fold], nClasses: 2, seed: 1 };
    const outcome = await recommendAfterHorizon(modelVerdict, chosen as unknown as Choice, [], weighing, () => Promise.resolve({ skipped: 'not enough time left in the budget (predicted 4.1 s)' }));
    expect(outcome.verdict.recommended?.name).toBe('Persistence');
    expect(outcome.verdict.reason).toMatch(/^the best model \(RF\) beats the rule one year ahead, but there was no time left to check .*, so the rule is recommended$/);
    expect(outcome.skipped).toBe('not enough time left in the budget (predicted 4.1 s)');
    expect(outcome.warning).toMatch(/so the persistence rule is recommended rather than a model whose lead was seen one year ahead only/);
    expect(outcome.report).toBeNull();
  });
});
