/**
 * Classification metrics on class indices, and error metrics on the ordered class index.
 * Undefined values (a class never predicted, constant predictions for KGE) are null, never NaN.
 */

export interface PerClassMetrics {
  support: number;
  /** One-vs-rest accuracy (TP + TN) / N. */
  accuracy: number | null;
  precision: number | null;
  recall: number | null;
  f1: number | null;
}

export interface IndexErrors {
  MAE: number | null;
  MAPE: number | null;
  MSE: number | null;
  RMSE: number | null;
  KGE: number | null;
}

/**
 * Confusion matrix, rows = actual, columns = predicted.
 * @param actual class index per row
 * @param predicted class index per row
 * @param nClasses number of classes
 */
export function confusionMatrix(actual: ArrayLike<number>, predicted: ArrayLike<number>, nClasses: number): number[][] {
  const m = Array.from({ length: nClasses }, () => new Array<number>(nClasses).fill(0));
  for (let i = 0; i < actual.length; i++) m[actual[i]][predicted[i]] += 1;
  return m;
}

/**
 * Per-class precision, recall, F1 (scikit-learn's definitions; a zero denominator gives 0 for
 * precision/recall as scikit-learn's zero_division=0, and support-less classes give null).
 */
export function perClassMetrics(matrix: number[][]): PerClassMetrics[] {
  const n = matrix.length;
  let total = 0;
  for (const row of matrix) for (const v of row) total += v;
  return matrix.map((row, c) => {
    const tp = row[c];
    const support = row.reduce((s, v) => s + v, 0);
    let predicted = 0;
    for (let r = 0; r < n; r++) predicted += matrix[r][c];
    const fp = predicted - tp;
    const fn = support - tp;
    const tn = total - tp - fp - fn;
    if (support === 0 && predicted === 0) return { support, accuracy: total ? (tn + tp) / total : null, precision: null, recall: null, f1: null };
    const precision = predicted === 0 ? 0 : tp / predicted;
    const recall = support === 0 ? 0 : tp / support;
    const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
    return { support, accuracy: total ? (tp + tn) / total : null, precision, recall, f1 };
  });
}

/** Overall accuracy. */
export function accuracy(matrix: number[][]): number | null {
  let total = 0;
  let hit = 0;
  matrix.forEach((row, c) => {
    for (const v of row) total += v;
    hit += row[c];
  });
  return total ? hit / total : null;
}

/**
 * Macro average over the classes present in actual or predicted labels (scikit-learn's default label
 * set for f1_score), and the support-weighted average.
 */
export function averages(perClass: PerClassMetrics[]): {
  macro: { precision: number | null; recall: number | null; f1: number | null };
  weighted: { precision: number | null; recall: number | null; f1: number | null };
} {
  const present = perClass.filter((m) => m.f1 !== null);
  const avg = (key: 'precision' | 'recall' | 'f1') =>
    present.length ? present.reduce((s, m) => s + (m[key] as number), 0) / present.length : null;
  const totalSupport = perClass.reduce((s, m) => s + m.support, 0);
  const wavg = (key: 'precision' | 'recall' | 'f1') =>
    totalSupport ? perClass.reduce((s, m) => s + (m[key] ?? 0) * m.support, 0) / totalSupport : null;
  return {
    macro: { precision: avg('precision'), recall: avg('recall'), f1: avg('f1') },
    weighted: { precision: wavg('precision'), recall: wavg('recall'), f1: wavg('f1') },
  };
}

/**
 * Macro-F1 (the selection score).
 * @param actual class index per row
 * @param predicted class index per row
 * @param nClasses number of classes
 */
export function macroF1(actual: ArrayLike<number>, predicted: ArrayLike<number>, nClasses: number): number {
  const counts = new Int32Array(nClasses * nClasses);
  for (let i = 0; i < actual.length; i++) {
    const a = actual[i];
    const p = predicted[i];
    // A label outside the classes counts nowhere (never in a neighbouring cell of the flat matrix).
    if (a >= 0 && a < nClasses && p >= 0 && p < nClasses) counts[a * nClasses + p] += 1;
  }
  return macroF1OfCounts(counts, nClasses);
}

/**
 * Macro-F1 of a confusion matrix held flat (row = actual, column = predicted), with the same arithmetic, in the same
 * order, as `averages(perClassMetrics(matrix)).macro.f1 ?? 0`, so either gives the same bits. The selection scores
 * thousands of resampled predictions; this form allocates nothing per call.
 * @param counts nClasses x nClasses counts, row-major
 * @param nClasses number of classes
 */
export function macroF1OfCounts(counts: ArrayLike<number>, nClasses: number): number {
  let sum = 0;
  let present = 0;
  for (let c = 0; c < nClasses; c++) {
    const tp = counts[c * nClasses + c];
    let support = 0;
    let predicted = 0;
    for (let k = 0; k < nClasses; k++) {
      support += counts[c * nClasses + k];
      predicted += counts[k * nClasses + c];
    }
    if (support === 0 && predicted === 0) continue;
    const precision = predicted === 0 ? 0 : tp / predicted;
    const recall = support === 0 ? 0 : tp / support;
    sum += precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
    present += 1;
  }
  return present ? sum / present : 0;
}

/**
 * Macro-F1 over some classes only: each listed class's F1 from the whole confusion matrix (so a row wrongly put in
 * a class left out still costs the class it belongs to), averaged over the listed classes that have rows or
 * predictions.
 * @param classes the class indices to average over
 */
export function macroF1Over(classes: readonly number[]): (actual: ArrayLike<number>, predicted: ArrayLike<number>, nClasses: number) => number {
  return (actual, predicted, nClasses) => {
    const perClass = perClassMetrics(confusionMatrix(actual, predicted, nClasses));
    const scored = classes.map((c) => perClass[c]?.f1).filter((f): f is number => f !== null && f !== undefined);
    return scored.length ? scored.reduce((a, b) => a + b, 0) / scored.length : 0;
  };
}

/**
 * Errors on the ordered class index, counted 1-based (class 1 .. k) so MAPE is defined.
 * KGE (Gupta et al. 2009): 1 - sqrt((r - 1)^2 + (alpha - 1)^2 + (beta - 1)^2) with r the Pearson
 * correlation of predicted and actual index, alpha = sd(pred) / sd(actual), beta = mean(pred) / mean(actual);
 * null when a standard deviation is 0.
 */
export function indexErrors(actual: ArrayLike<number>, predicted: ArrayLike<number>): IndexErrors {
  const n = actual.length;
  if (n === 0) return { MAE: null, MAPE: null, MSE: null, RMSE: null, KGE: null };
  let ae = 0;
  let ape = 0;
  let se = 0;
  let sa = 0;
  let sp = 0;
  for (let i = 0; i < n; i++) {
    const a = actual[i] + 1;
    const p = predicted[i] + 1;
    ae += Math.abs(a - p);
    ape += Math.abs(a - p) / a;
    se += (a - p) ** 2;
    sa += a;
    sp += p;
  }
  const ma = sa / n;
  const mp = sp / n;
  let va = 0;
  let vp = 0;
  let cov = 0;
  for (let i = 0; i < n; i++) {
    const da = actual[i] + 1 - ma;
    const dp = predicted[i] + 1 - mp;
    va += da * da;
    vp += dp * dp;
    cov += da * dp;
  }
  let kge: number | null = null;
  if (va > 0 && vp > 0) {
    const r = cov / Math.sqrt(va * vp);
    const alpha = Math.sqrt(vp / va);
    const beta = mp / ma;
    kge = 1 - Math.sqrt((r - 1) ** 2 + (alpha - 1) ** 2 + (beta - 1) ** 2);
  }
  return { MAE: ae / n, MAPE: ape / n, MSE: se / n, RMSE: Math.sqrt(se / n), KGE: kge };
}
