/**
 * A region-by-time panel: one row per (space, time) pair, numeric feature columns with NaN for
 * missing values. WHO frames use space = countryName, region = regionName (WHO region), time = year;
 * CSV frames use the columns the user named.
 */
export interface PanelFrame {
  /** Name of the spatial column (e.g. countryName). */
  spaceColumn: string;
  /** Name of the temporal column (e.g. year). */
  timeColumn: string;
  /** Name of the optional region-group column (e.g. regionName), absent for most CSVs. */
  regionColumn?: string;
  /** Spatial unit of each row. */
  space: string[];
  /** Time of each row (a year for WHO data). */
  time: number[];
  /** Region group of each row when regionColumn is set. */
  region?: (string | null)[];
  /** Numeric columns; NaN marks a missing value. The target is one of them, chosen by name. */
  columns: { name: string; values: Float64Array }[];
  /**
   * Cells that held text which is not a number and were read as missing, per column (CSV frames).
   * Absent when the frame did not come from text.
   */
  nonNumericCells?: Record<string, number>;
  /** Columns left out because not one of their cells was a number (e.g. a "Status" text column). */
  textColumns?: string[];
}

/** Number of rows of a frame. */
export function frameRowCount(frame: PanelFrame): number {
  return frame.space.length;
}

/**
 * The values of a named column.
 * @param frame the panel
 * @param name column name
 * @throws Error naming the column and the available ones when it does not exist
 */
export function columnValues(frame: PanelFrame, name: string): Float64Array {
  const column = frame.columns.find((c) => c.name === name);
  if (!column) {
    const available = frame.columns.map((c) => c.name).join(', ');
    throw new Error(`Column "${name}" is not a numeric column of the data (available: ${available}).`);
  }
  return column.values;
}

/** Total count of non-numeric cells read as missing. */
export function totalNonNumericCells(frame: PanelFrame): number {
  return Object.values(frame.nonNumericCells ?? {}).reduce((sum, n) => sum + n, 0);
}
