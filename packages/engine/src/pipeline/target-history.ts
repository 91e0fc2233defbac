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

/**
 * Names of the history columns for a target column. The first three are the place's latest earlier known target, its
 * class and the years since; the last three carry change: the target's change per year between the place's two
 * latest earlier known values, the value that change projects for the row's year, and the projected value's class.
 * A place's class is sticky on panels of slowly moving rates, so "same class as last year" is hard to beat; what
 * beats it is knowing which places are about to cross a class edge, which the trend says (on the sticky bench panels
 * a forest with these inputs gained up to 0.2 test macro-F1 over persistence; engine README, "The target's own
 * history"). Saved models trained before the trend columns list only the first three; `historyForRows` serves both.
 */
export function historyColumnNames(target: string): string[] {
  return [
    `${target} (previous known value)`,
    `${target} (previous known class)`,
    `${target} (years since previous value)`,
    `${target} (change per year)`,
    `${target} (projected value)`,
    `${target} (projected class)`,
  ];
}

/** Number of history columns (historyColumnNames). */
export const HISTORY_COLUMN_COUNT = 6;
/** Positions of "previous known class" and "projected class" among the history columns (the rules read them). */
export const PREVIOUS_CLASS_COLUMN = 1;
export const PROJECTED_CLASS_COLUMN = 5;

/** A place's known targets, oldest first. */
type KnownTargets = { time: number; value: number }[];

/**
 * Class of a value for the history columns: the fitted class, or for a projection beyond every class the nearest
 * end class (a trend may run past the panel's range; its direction is what the column carries).
 */
function classForHistory(value: number, classes: TargetClasses, clampToEnds: boolean): number {
  const c = assignClass(value, classes);
  if (c >= 0 || !clampToEnds) return c;
  const list = classes.classes;
  if (value < list[0].min) return 0;
  if (value > list[list.length - 1].max) return list.length - 1;
  return -1;
}

/**
 * Writes the history values of one row into `out[k][r]`: from `known` (the place's known targets strictly before
 * `time`, oldest first, already cut to those) the latest value, its class, the years since, the change per year
 * between the two latest, the projected value and its class. Leaves NaN where the place has too few earlier values.
 */
function writeHistory(known: KnownTargets, count: number, time: number, classes: TargetClasses, out: Float64Array[], r: number): void {
  if (count === 0) return;
  const last = known[count - 1];
  const since = time - last.time;
  out[0][r] = last.value;
  const c = classForHistory(last.value, classes, false);
  out[1][r] = c < 0 ? Number.NaN : c;
  out[2][r] = since;
  const slope = count >= 2 ? (last.value - known[count - 2].value) / (last.time - known[count - 2].time) : Number.NaN;
  out[3][r] = slope;
  // With a single earlier value the projection is that value (no trend known yet).
  const projected = last.value + (Number.isNaN(slope) ? 0 : slope * since);
  out[4][r] = projected;
  const p = classForHistory(projected, classes, true);
  out[5][r] = p < 0 ? Number.NaN : p;
}

/** Whether a target value counts as known: present and inside a class (a value outside every manual class is no target). */
function isKnown(value: number, classes: TargetClasses): boolean {
  return !Number.isNaN(value) && assignClass(value, classes) >= 0;
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
  const columns = Array.from({ length: HISTORY_COLUMN_COUNT }, () => new Float64Array(n).fill(Number.NaN));
  const byPlace = new Map<string, number[]>();
  for (let i = 0; i < n; i++) {
    const list = byPlace.get(frame.space[i]) ?? [];
    list.push(i);
    byPlace.set(frame.space[i], list);
  }
  for (const rows of byPlace.values()) {
    rows.sort((a, b) => frame.time[a] - frame.time[b]);
    const known: KnownTargets = [];
    for (const i of rows) {
      // Rows of one place have distinct times, so a row never sees its own value.
      writeHistory(known, known.length, frame.time[i], classes, columns, i);
      if (isKnown(target[i], classes)) known.push({ time: frame.time[i], value: target[i] });
    }
  }
  return { names: historyColumnNames(targetName), columns };
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
 * training: for each (place, year), the history of the place's known targets strictly before that year. A row
 * without a place or year, or whose place has no earlier known target, gets NaN (the saved pipeline fills it as it
 * fills any missing cell).
 * @param frame the job's panel (the rows the model was trained and tested on, with their targets)
 * @param target the panel's target value per row (NaN when missing)
 * @param classes the saved model's class definitions, in index order
 * @param clamp whether a value outside every class falls into the first or last class (automatic classes)
 * @param rows the rows to predict
 * @returns the columns in historyColumnNames order, one value per row of `rows` (a saved model reads the ones it lists)
 */
export function historyForRows(
  frame: PanelFrame,
  target: Float64Array,
  classes: readonly { title: string; min: number; max: number }[],
  clamp: boolean,
  rows: readonly PlaceYear[],
): Float64Array[] {
  const fitted: TargetClasses = { classes: classes.map((c) => ({ ...c })), mode: clamp ? 'automatic' : 'manual', method: null, clamp };
  const known = new Map<string, KnownTargets>();
  for (let i = 0; i < target.length; i++) {
    if (!isKnown(target[i], fitted)) continue;
    const list = known.get(frame.space[i]) ?? [];
    list.push({ time: frame.time[i], value: target[i] });
    known.set(frame.space[i], list);
  }
  for (const list of known.values()) list.sort((a, b) => a.time - b.time);
  const columns = Array.from({ length: HISTORY_COLUMN_COUNT }, () => new Float64Array(rows.length).fill(Number.NaN));
  rows.forEach((row, r) => {
    if (row.space === null || row.time === null) return;
    const list = known.get(row.space);
    if (!list) return;
    let count = 0;
    while (count < list.length && list[count].time < row.time) count += 1;
    writeHistory(list, count, row.time, fitted, columns, r);
  });
  return columns;
}
