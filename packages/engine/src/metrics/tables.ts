import type { ResultRow, SummaryMetrics } from '@indicata/contracts';
import { accuracy, averages, confusionMatrix, indexErrors, perClassMetrics } from './classification.ts';

/** Rounds for stable JSON (12 significant digits removes float noise between platforms). */
export function clean(v: number | null): number | null {
  if (v === null || !Number.isFinite(v)) return null;
  return Number(v.toPrecision(12));
}

/**
 * The Resultados rows of one algorithm: one per class (title as Category), then 'macro avg' and
 * 'weighted avg' over all rows. Error metrics of a class row use the rows whose actual class it is.
 * @param algorithm algorithm label (RF, DT, ..., Ensemble, or a baseline name)
 * @param actual actual class index per test row
 * @param predicted predicted class index per test row
 * @param titles class titles in class-index order
 */
export function resultRows(algorithm: string, actual: ArrayLike<number>, predicted: ArrayLike<number>, titles: string[]): ResultRow[] {
  const matrix = confusionMatrix(actual, predicted, titles.length);
  const perClass = perClassMetrics(matrix);
  const avg = averages(perClass);
  const overallErrors = indexErrors(actual, predicted);
  const rows: ResultRow[] = perClass.map((m, c) => {
    const a: number[] = [];
    const p: number[] = [];
    for (let i = 0; i < actual.length; i++) {
      if (actual[i] === c) {
        a.push(actual[i]);
        p.push(predicted[i]);
      }
    }
    const e = indexErrors(a, p);
    return {
      Algorithm: algorithm,
      Category: titles[c],
      TotalIntances: m.support,
      Accuracy: clean(m.accuracy),
      precision: clean(m.precision),
      recall: clean(m.recall),
      f1: clean(m.f1),
      MAE: clean(e.MAE),
      MAPE: clean(e.MAPE),
      MSE: clean(e.MSE),
      RMSE: clean(e.RMSE),
      KGE: clean(e.KGE),
    };
  });
  const acc = clean(accuracy(matrix));
  for (const [label, values] of [
    ['macro avg', avg.macro],
    ['weighted avg', avg.weighted],
  ] as const) {
    rows.push({
      Algorithm: algorithm,
      Category: label,
      TotalIntances: actual.length,
      Accuracy: acc,
      precision: clean(values.precision),
      recall: clean(values.recall),
      f1: clean(values.f1),
      MAE: clean(overallErrors.MAE),
      MAPE: clean(overallErrors.MAPE),
      MSE: clean(overallErrors.MSE),
      RMSE: clean(overallErrors.RMSE),
      KGE: clean(overallErrors.KGE),
    });
  }
  return rows;
}

/**
 * Headline metrics of one algorithm on the test rows.
 * @param actual actual class index per row
 * @param predicted predicted class index per row
 * @param nClasses number of classes
 */
export function summaryMetrics(actual: ArrayLike<number>, predicted: ArrayLike<number>, nClasses: number): SummaryMetrics {
  const matrix = confusionMatrix(actual, predicted, nClasses);
  const avg = averages(perClassMetrics(matrix));
  const e = indexErrors(actual, predicted);
  return {
    TotalIntances: actual.length,
    accuracy: clean(accuracy(matrix)),
    macroPrecision: clean(avg.macro.precision),
    macroRecall: clean(avg.macro.recall),
    macroF1: clean(avg.macro.f1),
    weightedF1: clean(avg.weighted.f1),
    MAE: clean(e.MAE),
    MAPE: clean(e.MAPE),
    MSE: clean(e.MSE),
    RMSE: clean(e.RMSE),
    KGE: clean(e.KGE),
  };
}
