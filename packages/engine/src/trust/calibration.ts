/**
 * Calibrated probabilities: temperature scaling (Guo et al. 2017) fitted on the pooled forward-chaining validation
 * predictions, never on test rows, and kept only when it improves the validation log-loss out of sample and the
 * validation Brier score by more than its noise: the temperature of each fold is fitted on the other folds and scored
 * on that fold (cross-fitting), so a temperature that merely fits the rows it was fitted on is refused. Both scores are
 * asked because on sticky panels, where nearly every probability is near 1, a temperature can trade a few confident
 * misses (log-loss) against many sure hits (Brier): the log-loss alone once kept a temperature that raised the test
 * Brier. The Brier gain must exceed one standard error of the paired per-row difference: softening a rule's sure
 * guesses on bench panel 8 gained 0.00015 on validation, about that much, and lost 0.0001 on the test years. A
 * calibrator that made things worse on validation would be the failure mode AutoGluon once shipped (a fitted
 * temperature of -1242); the search range here is also bounded.
 */

import { concatFolds } from '../search/select.ts';
import { mean, std } from '../data/stats.ts';

/** Probabilities below this are treated as this in logarithms (a model's zero is never certain). */
const FLOOR = 1e-12;
/** log(temperature) is searched in [-LOG_T_RANGE, LOG_T_RANGE]: temperatures from about 0.05 to 20. */
const LOG_T_RANGE = 3;
/**
 * Beyond this many rows the temperature is fitted on this many evenly spaced ones. One parameter needs no more, and
 * the fit is on the main thread after the final fits, in the time kept for writing the results: on 120,000 rows
 * (60,000 pooled validation rows) its five cross-fitted searches of 42 loss evaluations took 2.7 s of the 2 s kept.
 * The WHO panels pool fewer rows: unchanged there.
 */
const TEMPERATURE_MAX_ROWS = 5000;

/** Evenly spaced rows of row-major probabilities and their classes, at most `max` of them. */
function evenlySpaced(probabilities: Float64Array, actual: ArrayLike<number>, nClasses: number, max: number): { probabilities: Float64Array; actual: ArrayLike<number> } {
  const n = actual.length;
  if (n <= max) return { probabilities, actual };
  const p = new Float64Array(max * nClasses);
  const y = new Int32Array(max);
  for (let j = 0; j < max; j++) {
    const i = Math.floor((j * n) / max);
    y[j] = actual[i];
    for (let k = 0; k < nClasses; k++) p[j * nClasses + k] = probabilities[i * nClasses + k];
  }
  return { probabilities: p, actual: y };
}

/**
 * Probabilities at a temperature: softmax(log(p) / T), row by row.
 * @param probabilities row-major probabilities
 * @param nClasses number of classes
 * @param temperature T > 0 (1: unchanged)
 */
export function atTemperature(probabilities: Float64Array, nClasses: number, temperature: number): Float64Array {
  if (temperature === 1) return probabilities.slice();
  const out = new Float64Array(probabilities.length);
  for (let i = 0; i < probabilities.length; i += nClasses) {
    let max = -Infinity;
    for (let k = 0; k < nClasses; k++) max = Math.max(max, Math.log(Math.max(FLOOR, probabilities[i + k])) / temperature);
    let sum = 0;
    for (let k = 0; k < nClasses; k++) {
      const e = Math.exp(Math.log(Math.max(FLOOR, probabilities[i + k])) / temperature - max);
      out[i + k] = e;
      sum += e;
    }
    for (let k = 0; k < nClasses; k++) out[i + k] /= sum;
  }
  return out;
}

/** Mean negative log-likelihood of the true classes. */
export function logLoss(probabilities: Float64Array, actual: ArrayLike<number>, nClasses: number): number {
  let sum = 0;
  for (let i = 0; i < actual.length; i++) sum -= Math.log(Math.max(FLOOR, probabilities[i * nClasses + actual[i]]));
  return actual.length ? sum / actual.length : 0;
}

/**
 * `logLoss(atTemperature(p, nClasses, temperature), actual, nClasses)` from the floored logarithms of p, with the
 * same operations in the same order (so the same bits) but without a logarithm per probability or a scaled copy.
 * @param logs log(max(1e-12, p)) of each row-major probability
 */
export function logLossAtTemperature(logs: Float64Array, actual: ArrayLike<number>, nClasses: number, temperature: number): number {
  let total = 0;
  for (let r = 0, i = 0; r < actual.length; r++, i += nClasses) {
    let max = -Infinity;
    for (let k = 0; k < nClasses; k++) max = Math.max(max, logs[i + k] / temperature);
    let sum = 0;
    for (let k = 0; k < nClasses; k++) sum += Math.exp(logs[i + k] / temperature - max);
    total -= Math.log(Math.max(FLOOR, Math.exp(logs[i + actual[r]] / temperature - max) / sum));
  }
  return actual.length ? total / actual.length : 0;
}

/** Each row's squared distance of its probabilities to its one-hot label. */
function rowBriers(probabilities: Float64Array, actual: ArrayLike<number>, nClasses: number): Float64Array {
  const out = new Float64Array(actual.length);
  for (let i = 0; i < actual.length; i++) {
    for (let k = 0; k < nClasses; k++) out[i] += (probabilities[i * nClasses + k] - (actual[i] === k ? 1 : 0)) ** 2;
  }
  return out;
}

/** Mean squared distance of each row's probabilities to its one-hot label (multiclass Brier score). */
export function brier(probabilities: Float64Array, actual: ArrayLike<number>, nClasses: number): number {
  const rows = rowBriers(probabilities, actual, nClasses);
  return rows.length ? rows.reduce((a, b) => a + b, 0) / rows.length : 0;
}


/** One bin of a reliability diagram: rows whose top probability falls in [lo, hi). */
export interface ReliabilityBin {
  lo: number;
  hi: number;
  rows: number;
  /** Mean top probability of the bin's rows (null when empty). */
  confidence: number | null;
  /** Share of the bin's rows whose top class is right (null when empty). */
  accuracy: number | null;
}

/**
 * Reliability diagram over 10 equal-width bins of the top probability, and the expected calibration error (the
 * row-weighted mean gap between confidence and accuracy).
 */
export function reliability(probabilities: Float64Array, actual: ArrayLike<number>, nClasses: number): { bins: ReliabilityBin[]; ece: number } {
  const bins = Array.from({ length: 10 }, (_, b) => ({ lo: b / 10, hi: (b + 1) / 10, rows: 0, conf: 0, right: 0 }));
  for (let i = 0; i < actual.length; i++) {
    let top = 0;
    for (let k = 1; k < nClasses; k++) if (probabilities[i * nClasses + k] > probabilities[i * nClasses + top]) top = k;
    const p = probabilities[i * nClasses + top];
    const bin = bins[Math.min(9, Math.floor(p * 10))];
    bin.rows += 1;
    bin.conf += p;
    bin.right += top === actual[i] ? 1 : 0;
  }
  let ece = 0;
  for (const b of bins) if (b.rows) ece += (b.rows / Math.max(1, actual.length)) * Math.abs(b.right / b.rows - b.conf / b.rows);
  return {
    bins: bins.map((b) => ({ lo: b.lo, hi: b.hi, rows: b.rows, confidence: b.rows ? b.conf / b.rows : null, accuracy: b.rows ? b.right / b.rows : null })),
    ece,
  };
}

/**
 * The temperature that minimises the log-loss of the rows (golden-section search on log T, bounded); beyond
 * TEMPERATURE_MAX_ROWS rows, of that many evenly spaced ones.
 * @param allProbabilities row-major probabilities
 * @param allActual true classes
 * @param nClasses number of classes
 */
export function fitTemperature(allProbabilities: Float64Array, allActual: ArrayLike<number>, nClasses: number): number {
  const { probabilities, actual } = evenlySpaced(allProbabilities, allActual, nClasses, TEMPERATURE_MAX_ROWS);
  // The search evaluates the loss about 40 times; the logarithms of the probabilities are the same each time.
  const logs = probabilities.map((p) => Math.log(Math.max(FLOOR, p)));
  const loss = (logT: number) => {
    const temperature = Math.exp(logT);
    // atTemperature leaves the probabilities as they are at T = 1 (no softmax of their logarithms): so does the loss.
    return temperature === 1 ? logLoss(probabilities, actual, nClasses) : logLossAtTemperature(logs, actual, nClasses, temperature);
  };
  let lo = -LOG_T_RANGE;
  let hi = LOG_T_RANGE;
  const ratio = (Math.sqrt(5) - 1) / 2;
  let a = hi - ratio * (hi - lo);
  let b = lo + ratio * (hi - lo);
  let fa = loss(a);
  let fb = loss(b);
  for (let it = 0; it < 40; it++) {
    if (fa <= fb) {
      hi = b;
      b = a;
      fb = fa;
      a = hi - ratio * (hi - lo);
      fa = loss(a);
    } else {
      lo = a;
      a = b;
      fa = fb;
      b = lo + ratio * (hi - lo);
      fb = loss(b);
    }
  }
  return Math.exp((lo + hi) / 2);
}

/** The calibrator's decision, from validation only. */
export interface TemperatureFit {
  /** The temperature fitted on every validation row (used when kept). */
  temperature: number;
  /**
   * Whether it improved the cross-fitted validation log-loss, and the cross-fitted validation Brier score by more than
   * one standard error of the paired per-row difference.
   */
  kept: boolean;
  validationLogLossBefore: number;
  /** Cross-fitted: each fold scored at the temperature fitted on the other folds. */
  validationLogLossAfter: number;
  validationBrierBefore: number;
  /** Cross-fitted, as validationLogLossAfter. */
  validationBrierAfter: number;
}

/**
 * Fits temperature scaling on the pooled validation predictions and decides whether to keep it.
 * @param foldProbabilities each fold's row-major validation probabilities
 * @param foldActual each fold's true classes
 * @param nClasses number of classes
 */
export function fitCalibration(foldProbabilities: Float64Array[], foldActual: Int32Array[], nClasses: number): TemperatureFit {
  const concat = (parts: Float64Array[]) => concatFolds(parts, (n) => new Float64Array(n));
  const allP = concat(foldProbabilities);
  const allY = Int32Array.from(foldActual.flatMap((y) => Array.from(y)));
  const before = logLoss(allP, allY, nClasses);
  const brierBefore = brier(allP, allY, nClasses);
  let crossLoss = before;
  let crossBrier = brierBefore;
  // Per row, the Brier score before minus the cross-fitted one after (positive: the temperature helped that row).
  const gains = new Float64Array(allY.length);
  if (foldProbabilities.length >= 2) {
    crossLoss = 0;
    crossBrier = 0;
    let offset = 0;
    foldProbabilities.forEach((p, f) => {
      const others = foldProbabilities.filter((_, g) => g !== f);
      const othersY = Int32Array.from(foldActual.filter((_, g) => g !== f).flatMap((y) => Array.from(y)));
      const scaled = atTemperature(p, nClasses, fitTemperature(concat(others), othersY, nClasses));
      crossLoss += logLoss(scaled, foldActual[f], nClasses) * foldActual[f].length;
      const rowsBefore = rowBriers(p, foldActual[f], nClasses);
      const rowsAfter = rowBriers(scaled, foldActual[f], nClasses);
      rowsAfter.forEach((after, i) => {
        crossBrier += after;
        gains[offset + i] = rowsBefore[i] - after;
      });
      offset += foldActual[f].length;
    });
    crossLoss /= Math.max(1, allY.length);
    crossBrier /= Math.max(1, allY.length);
  }
  // Standard error of the mean gain: the sample standard deviation over sqrt(n), i.e. the population one over sqrt(n - 1).
  const brierGain = gains.length >= 2 ? { mean: mean(gains), standardError: std(gains) / Math.sqrt(gains.length - 1) } : { mean: 0, standardError: Infinity };
  const temperature = fitTemperature(allP, allY, nClasses);
  return {
    temperature,
    kept: crossLoss < before - 1e-9 && brierGain.mean > brierGain.standardError,
    validationLogLossBefore: before,
    validationLogLossAfter: crossLoss,
    validationBrierBefore: brierBefore,
    validationBrierAfter: crossBrier,
  };
}
