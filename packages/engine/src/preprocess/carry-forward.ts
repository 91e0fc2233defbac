/**
 * Carry-forward of indicator values within a place: a missing cell of a country-year is first filled with the same
 * country's latest earlier known value of that indicator, and only then with the training mean or median.
 *
 * Why: indicators of a panel change slowly within a country and differ widely between countries, so a country's own
 * last value is a far better guess than the median of every country. It matters most where it hurts most: the
 * latest years, where many indicators are not yet reported, are the years a model predicts. Measured with
 * scikit-learn's RandomForestClassifier(n_estimators=300) on the thirteen bench panels (engine README "Missing data").
 *
 * The rule only looks back: a row of year t reads rows of its place of years before t, never its own year or a later
 * one, and never a target. A test row may read an earlier test year's indicator values, which is what a deployed
 * model has when it predicts a year (the indicators are inputs; no label is read).
 */

/** A place and year of a row to fill (null when the row does not say). */
export interface PlaceTime {
  space: string | null;
  time: number | null;
}

/** Row indices of each place, in time order. */
function rowsByPlace(space: readonly string[], time: ArrayLike<number>): Map<string, number[]> {
  const byPlace = new Map<string, number[]>();
  for (let i = 0; i < space.length; i++) {
    const list = byPlace.get(space[i]);
    if (list) list.push(i);
    else byPlace.set(space[i], [i]);
  }
  for (const rows of byPlace.values()) rows.sort((a, b) => time[a] - time[b]);
  return byPlace;
}

/**
 * Per column, the value each row would be filled with: its place's latest known value strictly before the row's
 * time (NaN when the place has none). Rows of one place with the same time never read each other.
 * @param space place of each row
 * @param time time (year) of each row
 * @param columns raw values per column over the same rows (NaN when missing)
 */
export function carriedForward(space: readonly string[], time: ArrayLike<number>, columns: readonly Float64Array[]): Float64Array[] {
  const places = [...rowsByPlace(space, time).values()];
  return columns.map((column) => {
    const out = new Float64Array(column.length).fill(Number.NaN);
    for (const rows of places) {
      let known = Number.NaN;
      let start = 0;
      while (start < rows.length) {
        // Rows of one time read what was known before it, then update it together.
        let end = start;
        while (end < rows.length && time[rows[end]] === time[rows[start]]) end += 1;
        for (let r = start; r < end; r++) out[rows[r]] = known;
        for (let r = start; r < end; r++) if (!Number.isNaN(column[rows[r]])) known = column[rows[r]];
        start = end;
      }
    }
    return out;
  });
}

/**
 * The carry-forward values for rows to predict, read from a panel by place and year with the same rule as training:
 * each requested column's latest value of the row's place strictly before the row's year. A row without a place or
 * year, or whose place has no earlier value, gets NaN.
 * @param panel the known rows: place, time and the requested columns' values (NaN when missing)
 * @param rows the rows to predict
 * @returns one array per requested column, one value per row of `rows`
 */
export function carriedForRows(
  panel: { space: readonly string[]; time: ArrayLike<number>; columns: readonly Float64Array[] },
  rows: readonly PlaceTime[],
): Float64Array[] {
  // The rows to predict join the panel without values, so they read it by carriedForward's own rule and feed nothing;
  // a row without a place or year gets a place of its own, which has nothing before it.
  const known = panel.space.length;
  const space = [...panel.space, ...rows.map((row, r) => (row.space === null || row.time === null ? `\u0000unplaced ${r}` : row.space))];
  const time = Float64Array.from({ length: known + rows.length }, (_, i) => (i < known ? panel.time[i] : (rows[i - known].time ?? 0)));
  const columns = panel.columns.map((column) => {
    const joined = new Float64Array(known + rows.length).fill(Number.NaN);
    joined.set(column);
    return joined;
  });
  return carriedForward(space, time, columns).map((carried) => carried.slice(known));
}

/**
 * How many missing cells of the selected columns were filled by carry-forward on the given rows (the report's count).
 * @param source the candidate columns with their carry-forward values
 * @param sourceIndex the selected columns' indices in the source
 * @param rows frame rows
 */
export function carriedCellCount(source: { columns: readonly Float64Array[]; carried?: readonly (Float64Array | null)[] }, sourceIndex: readonly number[], rows: ArrayLike<number>): number {
  let count = 0;
  for (const j of sourceIndex) {
    const carried = source.carried?.[j];
    if (!carried) continue;
    const column = source.columns[j];
    for (let i = 0; i < rows.length; i++) if (Number.isNaN(column[rows[i]]) && !Number.isNaN(carried[rows[i]])) count += 1;
  }
  return count;
}
