import { CsvFormatError, lineOfRow, normaliseHeaderName, parseCsvText, parseNumericCell, type CsvTable } from '@indicata/contracts';
import type { PanelFrame } from './frame.ts';

/**
 * CSV for the CLI and the server: files are read by the product's one reader, `parseCsvText` of
 * @indicata/contracts (rules in README "CSV"); this module turns its table into a panel frame.
 */

export { CsvFormatError, normaliseHeaderName, type CsvTable };

/**
 * Parses semicolon-separated text into a header and rows of cell strings (pure; no I/O): the contracts reader
 * under the engine's historical name.
 * @param text the whole file as text (decodeCsvBytes of @indicata/contracts for bytes)
 * @returns header names (normalised, unique) as `columns` and data rows (each exactly columns.length cells)
 * @throws CsvFormatError when the file is refused (empty, no data rows, a quote never closed, a wrong
 *   delimiter, a row with more cells than the header, duplicate or empty header names ...)
 */
export function parseSemicolonCsv(text: string): CsvTable {
  return parseCsvText(text);
}

/**
 * Parses the text of a file given to the command line: the same reader and rules, but with the delimiter the file
 * declares or uses (comma, semicolon, tab or colon), since a panel exported by another tool need not be
 * semicolon-separated. Uploads in the app keep the semicolon rule (parseSemicolonCsv).
 * @param text the whole file as text (decodeCsvBytes of @indicata/contracts for bytes)
 * @returns header names and data rows, as parseSemicolonCsv
 * @throws CsvFormatError when the file is refused (as parseSemicolonCsv; a comma, tab or colon is no reason, any other
 *   declared delimiter still is)
 */
export function parseAnyDelimiterCsv(text: string): CsvTable {
  return parseCsvText(text, { anyDelimiter: true });
}

/**
 * Reads one cell as a number (contracts parseNumericCell: plain or scientific notation, or one decimal comma).
 * @param cell raw cell text
 * @returns the number, NaN for an empty cell, or undefined for text that is not a number
 */
export function parseNumberCell(cell: string): number | undefined {
  if (cell.trim() === '') return NaN;
  return parseNumericCell(cell) ?? undefined;
}

export interface FrameColumns {
  /** Spatial column (e.g. countryName). */
  spaceColumn: string;
  /** Temporal column (e.g. year); its cells must be numbers. */
  timeColumn: string;
  /** Optional region-group column (e.g. regionName). */
  regionColumn?: string;
}

/**
 * Builds a panel frame from a parsed table.
 * @param table output of parseSemicolonCsv (contracts parseCsvText)
 * @param columns which columns hold space, time and (optionally) region
 * @returns the frame; every other column becomes a numeric column (non-numeric cells are missing and
 *   counted in nonNumericCells; columns with no number at all are listed in textColumns and left out)
 * @throws Error when a named column is absent, a time cell is not a number, a space cell is empty, or a
 *   (space, time) pair repeats
 */
export function frameFromTable(table: CsvTable, columns: FrameColumns): PanelFrame {
  const { columns: header, rows } = table;
  const indexOf = (name: string, role: string): number => {
    const idx = header.indexOf(name);
    if (idx === -1) {
      const normalised = header.indexOf(normaliseHeaderName(name));
      if (normalised !== -1) return normalised;
      throw new Error(`The ${role} column "${name}" is not in the file (columns: ${header.join(', ')}).`);
    }
    return idx;
  };
  const spaceIdx = indexOf(columns.spaceColumn, 'spatial');
  const timeIdx = indexOf(columns.timeColumn, 'temporal');
  const regionIdx = columns.regionColumn ? indexOf(columns.regionColumn, 'region') : -1;
  if (spaceIdx === timeIdx) throw new Error('The spatial and temporal columns must be different columns.');

  const space: string[] = [];
  const time: number[] = [];
  const region: (string | null)[] = [];
  const seen = new Set<string>();
  rows.forEach((row, r) => {
    const place = row[spaceIdx].trim();
    if (place === '') throw new Error(`Line ${lineOfRow(table, r)} has an empty spatial value in column "${header[spaceIdx]}".`);
    const t = parseNumberCell(row[timeIdx]);
    if (t === undefined || Number.isNaN(t)) {
      throw new Error(`Line ${lineOfRow(table, r)}: the temporal column "${header[timeIdx]}" must hold a number, found "${row[timeIdx]}".`);
    }
    const key = `${place}\u0000${t}`;
    if (seen.has(key)) {
      throw new Error(`Rows repeat the pair ${header[spaceIdx]}="${place}", ${header[timeIdx]}=${t}; each place needs one row per time.`);
    }
    seen.add(key);
    space.push(place);
    time.push(t);
    if (regionIdx !== -1) region.push(row[regionIdx].trim() === '' ? null : row[regionIdx].trim());
  });

  const reserved = new Set([spaceIdx, timeIdx, regionIdx]);
  const frameColumns: PanelFrame['columns'] = [];
  const nonNumericCells: Record<string, number> = {};
  const textColumns: string[] = [];
  header.forEach((name, j) => {
    if (reserved.has(j)) return;
    const values = new Float64Array(rows.length);
    let bad = 0;
    let numbers = 0;
    rows.forEach((row, r) => {
      const v = parseNumberCell(row[j]);
      if (v === undefined) {
        bad += 1;
        values[r] = NaN;
      } else {
        values[r] = v;
        if (!Number.isNaN(v)) numbers += 1;
      }
    });
    if (numbers === 0 && bad > 0) {
      textColumns.push(name);
      return;
    }
    if (bad > 0) nonNumericCells[name] = bad;
    frameColumns.push({ name, values });
  });

  const frame: PanelFrame = {
    spaceColumn: header[spaceIdx],
    timeColumn: header[timeIdx],
    space,
    time,
    columns: frameColumns,
    nonNumericCells,
    textColumns,
  };
  if (regionIdx !== -1) {
    frame.regionColumn = header[regionIdx];
    frame.region = region;
  }
  return frame;
}
