import type { PanelFrame } from '../data/frame.ts';
import { assignClass, type TargetClasses } from '../preprocess/target-classes.ts';
import type { FeatureSource } from '../preprocess/features.ts';
import type { PlaceTime } from '../preprocess/carry-forward.ts';

/**
 * The target's own history as inputs: for each row, the place's target value and class in its latest
 * earlier year with a known target, and the years since then.
 *
 * This is the one-step-ahead rule of the persistence baseline: a row of year t sees targets of years before t
 * only. In a forward-chaining fold the validation year's rows therefore see training years; a training row
 * sees earlier training years; an outer test row of year t sees earlier years, including earlier test years,
 * exactly as the persistence baseline does (the deployed model predicts next year from this year's value). No
 * row ever sees its own target or a later one.
 */

/** Names of the history columns for a target column. */
export function historyColumnNames(target: string): string[] {
  return [`${target} (previous known value)`, `${target} (previous known class)`, `${target} (years since previous value)`];
}

/**
 * History columns over all frame rows (NaN where the place has no earlier known target).
 * @param frame the panel (places and times)
 * @param target raw target value per frame row (NaN when missing)
 * @param classes the class definitions fit on training rows (the previous value's class)
 * @param targetName the target column's name (for the column names)
 */
export function targetHistoryColumns(frame: PanelFrame, target: Float64Array, classes: TargetClasses, targetName: string): FeatureSource {
  const n = target.length;
  const previousValue = new Float64Array(n).fill(Number.NaN);
  const previousClass = new Float64Array(n).fill(Number.NaN);
  const yearsSince = new Float64Array(n).fill(Number.NaN);
  const byPlace = new Map<string, number[]>();
  for (let i = 0; i < n; i++) {
    const list = byPlace.get(frame.space[i]) ?? [];
    list.push(i);
    byPlace.set(frame.space[i], list);
  }
  for (const rows of byPlace.values()) {
    rows.sort((a, b) => frame.time[a] - frame.time[b]);
    let lastTime = Number.NaN;
    let lastValue = Number.NaN;
    for (const i of rows) {
      if (!Number.isNaN(lastValue)) {
        previousValue[i] = lastValue;
        const c = assignClass(lastValue, classes);
        previousClass[i] = c < 0 ? Number.NaN : c;
        yearsSince[i] = frame.time[i] - lastTime;
      }
      // Rows of one place have distinct times, so a row never sees its own value.
      if (!Number.isNaN(target[i])) {
        lastValue = target[i];
        lastTime = frame.time[i];
      }
    }
  }
  return { names: historyColumnNames(targetName), columns: [previousValue, previousClass, yearsSince] };
}

/**
 * The indicators plus the history columns, the history columns marked as always kept (they bypass missing-data
 * removal and attribute selection: the Pearson cut would drop the previous value as a near-copy of the target,
 * which is what it is meant to be).
 * @param indicators the indicator columns
 * @param history output of targetHistoryColumns
 */
export function withHistory(indicators: FeatureSource, history: FeatureSource): FeatureSource {
  return {
    names: [...indicators.names, ...history.names],
    columns: [...indicators.columns, ...history.columns],
    forced: history.names.length,
    // The history columns are already "the latest earlier value": nothing to carry.
    ...(indicators.carried ? { carried: [...indicators.carried, ...history.names.map(() => null)] } : {}),
  };
}

/** A row to predict, located by place and year (null when the request does not say). */
export type PlaceYear = PlaceTime;

/**
 * History columns for rows to predict, read from a panel's known targets with the same one-step-ahead rule as
 * training: for each (place, year), the place's latest known target strictly before that year, its class, and
 * the years since. A row without a place or year, or whose place has no earlier known target, gets NaN (the
 * saved pipeline fills it as it fills any missing cell).
 * @param frame the job's panel (the rows the model was trained and tested on, with their targets)
 * @param target the panel's target value per row (NaN when missing)
 * @param classes the saved model's class definitions, in index order
 * @param clamp whether a value outside every class falls into the first or last class (automatic classes)
 * @param rows the rows to predict
 * @returns three columns in historyColumnNames order, one value per row of `rows`
 */
export function historyForRows(
  frame: PanelFrame,
  target: Float64Array,
  classes: readonly { title: string; min: number; max: number }[],
  clamp: boolean,
  rows: readonly PlaceYear[],
): [Float64Array, Float64Array, Float64Array] {
  const known = new Map<string, { time: number; value: number }[]>();
  for (let i = 0; i < target.length; i++) {
    if (Number.isNaN(target[i])) continue;
    const list = known.get(frame.space[i]) ?? [];
    list.push({ time: frame.time[i], value: target[i] });
    known.set(frame.space[i], list);
  }
  for (const list of known.values()) list.sort((a, b) => a.time - b.time);
  const fitted: TargetClasses = { classes: classes.map((c) => ({ ...c })), mode: clamp ? 'automatic' : 'manual', method: null, clamp };
  const columns: [Float64Array, Float64Array, Float64Array] = [0, 1, 2].map(() => new Float64Array(rows.length).fill(Number.NaN)) as [Float64Array, Float64Array, Float64Array];
  rows.forEach((row, r) => {
    if (row.space === null || row.time === null) return;
    const list = known.get(row.space);
    if (!list) return;
    let latest: { time: number; value: number } | undefined;
    for (const entry of list) {
      if (entry.time >= row.time) break;
      latest = entry;
    }
    if (!latest) return;
    columns[0][r] = latest.value;
    const c = assignClass(latest.value, fitted);
    columns[1][r] = c < 0 ? Number.NaN : c;
    columns[2][r] = row.time - latest.time;
  });
  return columns;
}
