import type { PanelFrame } from '../data/frame.ts';
import type { PreparedTarget } from '../pipeline/prepare.ts';

/**
 * Persistence baseline: each test row gets its place's class in the latest earlier time with a target
 * value (any earlier row, training or test: at prediction time that year's value is known). Rows whose
 * place has no earlier year get the fallback class (the training majority) and are counted.
 * @param frame the panel
 * @param prepared target preparation (classOf, test rows)
 * @param fallback class index for places without history
 */
export function persistencePredictions(
  frame: PanelFrame,
  prepared: PreparedTarget,
  fallback: number,
): { predicted: Int32Array; fallbackRows: number } {
  const history = new Map<string, { time: number; cls: number }[]>();
  for (let i = 0; i < prepared.classOf.length; i++) {
    if (prepared.classOf[i] < 0) continue;
    const list = history.get(frame.space[i]) ?? [];
    list.push({ time: frame.time[i], cls: prepared.classOf[i] });
    history.set(frame.space[i], list);
  }
  let fallbackRows = 0;
  const predicted = Int32Array.from(prepared.testRows, (i) => {
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
