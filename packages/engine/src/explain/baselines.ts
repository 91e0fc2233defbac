import type { PanelFrame } from '../data/frame.ts';
import type { PreparedTarget } from '../pipeline/prepare.ts';

/**
 * The persistence rule on any rows: each row gets its place's class in the latest earlier time with a class (any
 * earlier row, training or test: at prediction time that year's value is known). Rows whose place has no earlier
 * year get the fallback class and are counted. One definition for the test baseline, the validation folds (where a
 * fold's validation year sees only earlier, training years) and the recommended Persistence model.
 * @param frame the panel
 * @param classOf class index per frame row (-1: no usable target)
 * @param rows frame rows to predict
 * @param fallback class index for places without history
 */
export function persistenceFor(frame: PanelFrame, classOf: Int32Array, rows: ArrayLike<number>, fallback: number): { predicted: Int32Array; fallbackRows: number } {
  const history = new Map<string, { time: number; cls: number }[]>();
  for (let i = 0; i < classOf.length; i++) {
    if (classOf[i] < 0) continue;
    const list = history.get(frame.space[i]) ?? [];
    list.push({ time: frame.time[i], cls: classOf[i] });
    history.set(frame.space[i], list);
  }
  let fallbackRows = 0;
  const predicted = Int32Array.from(rows, (i) => {
    let bestTime = -Infinity;
    let cls = -1;
    for (const h of history.get(frame.space[i]) ?? []) {
      if (h.time < frame.time[i] && h.time > bestTime) {
        bestTime = h.time;
        cls = h.cls;
      }
    }
    if (cls === -1) {
      fallbackRows += 1;
      return fallback;
    }
    return cls;
  });
  return { predicted, fallbackRows };
}

/**
 * Persistence baseline on the test rows (persistenceFor over prepared.testRows).
 * @param frame the panel
 * @param prepared target preparation (classOf, test rows)
 * @param fallback class index for places without history
 */
export function persistencePredictions(frame: PanelFrame, prepared: PreparedTarget, fallback: number): { predicted: Int32Array; fallbackRows: number } {
  return persistenceFor(frame, prepared.classOf, prepared.testRows, fallback);
}
