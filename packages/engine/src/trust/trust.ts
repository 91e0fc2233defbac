import type { CalibrationReport, ModelResult, TrustReport } from '@indicata/contracts';
import { clean } from '../metrics/tables.ts';
import { concatFolds } from '../search/select.ts';
import { adaptiveSets, CONFORMAL_METHODS, evaluateSets, fitConformal, predictionSets, type ConformalMethod, type ConformalRule } from './conformal.ts';
import { atTemperature, brier, fitCalibration, logLoss, reliability } from './calibration.ts';

/**
 * Trust in each prediction, for every model of a run: a conformal rule and calibration fitted on the model's own
 * pooled forward-chaining validation probabilities (the ones the choice read: no extra fit, no test row), then
 * measured on the test rows.
 */

/** The score used for the reported sets (see bench/README.md, "Prediction sets": it held coverage with the smallest sets). */
export const DEFAULT_CONFORMAL_METHOD: ConformalMethod = 'lac';

/** Step size of the adaptive sets per test year (a year's miscoverage gap moves the next year's level by half of it). */
export const ADAPTIVE_GAMMA = 0.5;

/**
 * A model's probabilities: per validation fold it was scored on (fold order), those folds' true classes, and the test
 * rows. A finalist the budget stopped before every fold has fewer folds.
 */
export interface ModelProbabilities {
  validation: Float64Array[];
  validationActual: Int32Array[];
  test: Float64Array;
}

/** What the rows share: the test labels and years, the class count and titles, the level. */
export interface TrustContext {
  testActual: Int32Array;
  testYears: number[];
  /** The prediction tables' order: entry k is the test row shown k-th (predictionTableOrder). */
  tableOrder: Int32Array;
  nClasses: number;
  titles: string[];
  nominal: number;
}

/** One model's trust figures. */
export interface ModelTrust {
  rule: ConformalRule;
  /** Test rows' prediction sets (class indices). */
  sets: number[][];
  report: TrustReport;
}

/** One-hot rows of class predictions (a rule's, or a model without probabilities). */
export function oneHot(predictions: ArrayLike<number>, nClasses: number): Float64Array {
  const out = new Float64Array(predictions.length * nClasses);
  for (let i = 0; i < predictions.length; i++) out[i * nClasses + predictions[i]] = 1;
  return out;
}

const concat = (parts: Float64Array[]): Float64Array => concatFolds(parts, (n) => new Float64Array(n));

const num = (x: number) => clean(x) as number;

/**
 * Calibration of one model: the temperature from validation, and the test-year figures before and after.
 * @param probabilities the model's validation and test probabilities
 * @param ctx the shared rows
 */
export function calibrationOf(probabilities: ModelProbabilities, ctx: TrustContext): CalibrationReport {
  const fit = fitCalibration(probabilities.validation, probabilities.validationActual, ctx.nClasses);
  const before = probabilities.test;
  const after = fit.kept ? atTemperature(before, ctx.nClasses, fit.temperature) : before;
  const rb = reliability(before, ctx.testActual, ctx.nClasses);
  const ra = reliability(after, ctx.testActual, ctx.nClasses);
  const bins = (b: typeof rb.bins) => b.map((x) => ({ lo: x.lo, hi: x.hi, rows: x.rows, confidence: x.confidence === null ? null : num(x.confidence), accuracy: x.accuracy === null ? null : num(x.accuracy) }));
  return {
    method: 'temperature',
    kept: fit.kept,
    temperature: num(fit.temperature),
    validation: {
      logLossBefore: num(fit.validationLogLossBefore),
      logLossAfter: num(fit.validationLogLossAfter),
      brierBefore: num(fit.validationBrierBefore),
      brierAfter: num(fit.validationBrierAfter),
    },
    test: {
      brierBefore: num(brier(before, ctx.testActual, ctx.nClasses)),
      brierAfter: num(brier(after, ctx.testActual, ctx.nClasses)),
      eceBefore: num(rb.ece),
      eceAfter: num(ra.ece),
      logLossBefore: num(logLoss(before, ctx.testActual, ctx.nClasses)),
      logLossAfter: num(logLoss(after, ctx.testActual, ctx.nClasses)),
    },
    reliability: { before: bins(rb.bins), after: bins(ra.bins) },
  };
}

/**
 * Prediction sets and calibration of one model.
 * @param probabilities the model's validation (per fold) and test probabilities
 * @param ctx the shared rows
 * @param method the conformal score of the reported sets
 */
export function trustOf(probabilities: ModelProbabilities, ctx: TrustContext, method: ConformalMethod = DEFAULT_CONFORMAL_METHOD): ModelTrust {
  const validation = concat(probabilities.validation);
  const actual = Int32Array.from(probabilities.validationActual.flatMap((y) => Array.from(y)));
  const compared = CONFORMAL_METHODS.map((m) => {
    const rule = fitConformal(m, validation, actual, ctx.nClasses, ctx.nominal);
    const sets = predictionSets(rule, probabilities.test, ctx.nClasses);
    return { rule, sets, evaluation: evaluateSets(sets, ctx.testActual, ctx.testYears, ctx.nClasses) };
  });
  const chosen = compared.find((c) => c.rule.method === method) ?? compared[0];
  const e = chosen.evaluation;
  const adaptive = adaptiveSets(
    chosen.rule.method,
    { probabilities: validation, actual },
    { probabilities: probabilities.test, actual: ctx.testActual, years: ctx.testYears },
    ctx.nClasses,
    ctx.nominal,
    ADAPTIVE_GAMMA,
  );
  const a = evaluateSets(adaptive.sets, ctx.testActual, ctx.testYears, ctx.nClasses);
  return {
    rule: chosen.rule,
    sets: chosen.sets,
    report: {
      conformal: {
        nominal: ctx.nominal,
        method: chosen.rule.method,
        test: {
          coverage: num(e.coverage),
          meanSetSize: num(e.meanSetSize),
          byYear: e.byYear.map((y) => ({ year: y.year, coverage: num(y.coverage), meanSetSize: num(y.meanSetSize), rows: y.rows })),
          byClass: e.byClass.map((c) => ({ classIndex: c.classIndex, coverage: c.coverage === null ? null : num(c.coverage), meanSetSize: c.meanSetSize === null ? null : num(c.meanSetSize), rows: c.rows })),
        },
        compared: compared.map((c) => ({
          method: c.rule.method,
          coverage: num(c.evaluation.coverage),
          meanSetSize: num(c.evaluation.meanSetSize),
          emptySets: c.sets.filter((s) => s.length === 0).length,
        })),
        adaptive: {
          gamma: ADAPTIVE_GAMMA,
          coverage: num(a.coverage),
          meanSetSize: num(a.meanSetSize),
          byYear: a.byYear.map((y, k) => ({ year: y.year, level: num(adaptive.levels[k].level), coverage: num(y.coverage), meanSetSize: num(y.meanSetSize) })),
          nextLevel: num(adaptive.nextLevel),
        },
      },
      calibration: calibrationOf(probabilities, ctx),
    },
  };
}

/**
 * Adds a model's trust figures to its result: the set of each test prediction (class titles), its conformal rule
 * and its calibration.
 * @param result the model's result (predictions in the table's order, by time then place)
 * @param trust the model's trust figures (sets in test-row order)
 * @param ctx the class titles and the table's order of the test rows
 */
export function withTrust(result: ModelResult, trust: ModelTrust, ctx: Pick<TrustContext, 'titles' | 'tableOrder'>): ModelResult {
  return {
    ...result,
    // The k-th table row is test row tableOrder[k]: its set is that row's, not the k-th test row's.
    predictions: result.predictions.map((p, k) => ({ ...p, set: trust.sets[ctx.tableOrder[k]].map((c) => ctx.titles[c]) })),
    conformal: {
      method: trust.rule.method,
      nominal: trust.rule.nominal,
      thresholds: trust.rule.thresholds.map((t) => (Number.isFinite(t) ? num(t) : null)),
      coverage: trust.report.conformal.test.coverage,
      meanSetSize: trust.report.conformal.test.meanSetSize,
    },
    calibration: trust.report.calibration,
  };
}
