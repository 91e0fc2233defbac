import { LIMITS } from './limits.ts';
import type { MessageKey } from './messages.ts';

/**
 * CSV rules shared by the browser (preview, early refusal) and the server (which repeats every check and
 * never trusts the browser). One implementation, so both sides refuse the same files with the same message.
 * The reader itself (decoding, parsing, the product's rules on records) is csv-reader.ts.
 */

export type CsvDelimiter = (typeof LIMITS.csvDelimiterCandidates)[number];

/** Whether a file name ends in .csv (case-insensitive), the first check of spec section 5. */
export function hasCsvExtension(fileName: string): boolean {
  return /\.csv$/i.test(fileName.trim());
}

/**
 * The storage-safe form of a file name (spec section 7): dots, '#', '$', '[' and ']' removed, spaces
 * replaced by underscores. Slashes are removed as well so a name can never reach outside its folder.
 */
export function sanitiseFileName(fileName: string): string {
  return fileName.replace(/[.#$[\]/\\]/g, '').replace(/\s/g, '_');
}

/** The stored name of an upload, `{timestamp}_{sanitised name}`; it is also the job's `database` value. */
export function storedUploadName(fileName: string, timestamp: number): string {
  return `${timestamp}_${sanitiseFileName(fileName)}`;
}

/** Most file systems refuse a name longer than 255 bytes (ENAMETOOLONG); the stored name must fit. */
const MAX_STORED_NAME_BYTES = 255;

/**
 * Whether a file name is short enough to store: at most LIMITS.csvFileNameMaxChars characters, and its
 * stored name (`{timestamp}_{sanitised name}`, UTF-8) fits in one file-system name.
 */
export function isFileNameShortEnough(fileName: string): boolean {
  if ([...fileName].length > LIMITS.csvFileNameMaxChars) return false;
  return new TextEncoder().encode(storedUploadName(fileName, 9_999_999_999_999)).length <= MAX_STORED_NAME_BYTES;
}

/**
 * The form of a header name the product uses: line breaks and whitespace runs become one space, ends are
 * trimmed (the Kaggle life-expectancy headers carry `"Life expectancy "` and `" thinness  1-19 years"`).
 */
export function normaliseHeaderName(name: string): string {
  return name.replace(/\s+/g, ' ').trim();
}

/**
 * The delimiter with the most occurrences on the first line among comma, semicolon, tab and colon, or
 * null when none occurs. A tie that includes the semicolon is read as a semicolon (a header such as
 * "time:year;value,usd" is still a semicolon file); other ties go to the first candidate in spec order.
 */
export function detectDelimiter(text: string): CsvDelimiter | null {
  const stripped = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const end = stripped.search(/\r\n|\n|\r/);
  const line = end === -1 ? stripped : stripped.slice(0, end);
  let best: CsvDelimiter | null = null;
  let bestCount = 0;
  for (const candidate of LIMITS.csvDelimiterCandidates) {
    const count = line.split(candidate).length - 1;
    if (count > bestCount || (count === bestCount && count > 0 && candidate === ';')) {
      best = candidate;
      bestCount = count;
    }
  }
  return best;
}

/** How a delimiter is shown in the wrong-delimiter message (a tab is invisible, so it is written out). */
export function displayDelimiter(delimiter: string): string {
  return delimiter === '\t' ? '\\t' : delimiter;
}

/**
 * A finite number written in plain or scientific notation ("1", "-2.5", "3e4"), or with one decimal comma and
 * no dot ("12,5", as semicolon files from decimal-comma locales write it; the engine's reader agrees);
 * empty text is not one.
 */
export function parseNumericCell(cell: string): number | null {
  const trimmed = cell.trim();
  let text = trimmed;
  if (/^[-+]?\d+,\d+$/.test(trimmed)) text = trimmed.replace(',', '.');
  else if (trimmed === '' || !/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(trimmed)) return null;
  const value = Number(text);
  return Number.isFinite(value) ? value : null;
}

/** Why a file was refused: a spec message key (with its placeholder values) or an upload detail key. */
export interface CsvProblem {
  key: MessageKey | CsvDetailKey;
  values?: Record<string, string | number>;
}

/** Extra, more specific upload messages (spec section 5 names the general ones). */
export const CSV_DETAIL_MESSAGES = {
  csvDuplicateColumn: 'The column name "{column}" appears more than once. Each column needs its own name.',
  csvEmptyColumnName: 'Column {position} has no name. Every column needs a name in the first line.',
  csvRaggedRow: 'Line {line} has {found} values but the header has {expected} columns.',
  csvBinary: 'The file is not text. Save it as a semicolon-separated CSV (UTF-8) and try again.',
  csvColumnMissing: 'The column "{column}" is not in the file.',
  csvSameColumn: 'The spatial and temporal columns must be two different columns.',
  csvEmptyKeyCell: 'Line {line} has no value in the column "{column}".',
  csvTimeNotNumeric: 'The temporal column "{column}" must hold numbers such as years; line {line} has "{value}".',
  csvDuplicatePair: 'The pair "{space}" / "{time}" appears on lines {first} and {second}; each place and time must appear once.',
  csvTooLarge: 'The file is larger than the {limit} limit.',
  csvUnclosedQuote: 'Line {line} opens a quoted value (") that is never closed. Close the quote or remove it, then try again.',
  csvMisplacedQuote: 'Line {line} has text right after a closing quote ("). Put the whole value in quotes, or remove the quote, then try again.',
  csvNoNumericColumn: 'Besides the spatial and temporal columns the file needs at least one numeric column.',
  csvTooManyRows: 'The file has more than {limit} data rows. Keep fewer places or years and try again.',
  csvFileNameTooLong: 'The file name is too long (at most {limit} characters). Rename the file and try again.',
  csvUtf16WithoutBom:
    'The file looks like UTF-16 text without a byte-order mark. Save it as UTF-8 (or UTF-16 with a byte-order mark) and try again.',
} as const;
export type CsvDetailKey = keyof typeof CSV_DETAIL_MESSAGES;

/**
 * The details that say how a file is malformed: each is shown after the spec's own "CSV file is empty or malformed.",
 * so the spec's words come first and the line or column to fix follows.
 */
export const MALFORMED_CSV_DETAILS: readonly CsvDetailKey[] = [
  'csvDuplicateColumn',
  'csvEmptyColumnName',
  'csvRaggedRow',
  'csvBinary',
  'csvUnclosedQuote',
  'csvMisplacedQuote',
  'csvUtf16WithoutBom',
];

/**
 * The messages a CSV problem is said with, in order: its own, after the spec's "CSV file is empty or malformed." when
 * it is a malformed file's detail. The server writes them in English, the page in the reader's language.
 */
export function csvProblemKeys(problem: CsvProblem): (MessageKey | CsvDetailKey)[] {
  return (MALFORMED_CSV_DETAILS as readonly string[]).includes(problem.key) ? ['csvEmptyOrMalformed', problem.key] : [problem.key];
}

export interface CsvTable {
  /** Header names, normalised (normaliseHeaderName) and unique. */
  columns: string[];
  /** Data rows (header excluded), every row as long as `columns`. */
  rows: string[][];
  /**
   * The file line each row starts on (1 = the first line), when the reader knows it; skipped blank or
   * repeated header lines make it differ from the row's position. Messages name these lines.
   */
  lines?: number[];
}

/** The file line of data row `index`: the reader's count, else the header's line 1 plus the row's position. */
export function lineOfRow(table: CsvTable, index: number): number {
  return table.lines?.[index] ?? index + 2;
}

/** What an accepted upload records about its chosen columns (spec section 3, upload record). */
export interface CsvPanelSummary {
  regionValues: string[];
  yearValues: number[];
  /** Columns other than the chosen two that hold at least one number (the candidate features and targets). */
  numericColumns: string[];
  /** Per numeric column, how many non-empty cells are not numbers and will be read as missing. */
  nonNumericCells: Record<string, number>;
}

export type CsvPanelResult = { ok: true; summary: CsvPanelSummary } | { ok: false; problem: CsvProblem };

/**
 * Checks the user's spatial and temporal columns against a table and summarises it: both exist and differ,
 * no empty key cell, the temporal column is numeric, every (place, time) pair appears once.
 * Column names are compared in their normalised form (normaliseHeaderName). Line numbers in problems are file
 * lines (lineOfRow).
 */
export function summarisePanel(table: CsvTable, spatialColumn: string, temporalColumn: string): CsvPanelResult {
  if (spatialColumn.trim() === '' || temporalColumn.trim() === '') {
    return { ok: false, problem: { key: 'csvNeedsFileAndColumns' } };
  }
  const spaceIndex = table.columns.indexOf(normaliseHeaderName(spatialColumn));
  const timeIndex = table.columns.indexOf(normaliseHeaderName(temporalColumn));
  if (spaceIndex === -1) return { ok: false, problem: { key: 'csvColumnMissing', values: { column: spatialColumn } } };
  if (timeIndex === -1) return { ok: false, problem: { key: 'csvColumnMissing', values: { column: temporalColumn } } };
  if (spaceIndex === timeIndex) return { ok: false, problem: { key: 'csvSameColumn' } };
  const regions = new Set<string>();
  const years = new Set<number>();
  const pairs = new Map<string, number>();
  for (const [index, row] of table.rows.entries()) {
    const line = lineOfRow(table, index);
    const space = (row[spaceIndex] ?? '').trim();
    const timeText = (row[timeIndex] ?? '').trim();
    if (space === '') return { ok: false, problem: { key: 'csvEmptyKeyCell', values: { line, column: spatialColumn } } };
    if (timeText === '') return { ok: false, problem: { key: 'csvEmptyKeyCell', values: { line, column: temporalColumn } } };
    const time = parseNumericCell(timeText);
    if (time === null) {
      return { ok: false, problem: { key: 'csvTimeNotNumeric', values: { column: temporalColumn, line, value: timeText } } };
    }
    const pairKey = `${space}\u0000${time}`;
    const first = pairs.get(pairKey);
    if (first !== undefined) {
      return { ok: false, problem: { key: 'csvDuplicatePair', values: { space, time: timeText, first, second: line } } };
    }
    pairs.set(pairKey, line);
    regions.add(space);
    years.add(time);
  }
  const numericColumns: string[] = [];
  const nonNumericCells: Record<string, number> = {};
  for (const [columnIndex, name] of table.columns.entries()) {
    if (columnIndex === spaceIndex || columnIndex === timeIndex) continue;
    let numbers = 0;
    let others = 0;
    for (const row of table.rows) {
      const cell = (row[columnIndex] ?? '').trim();
      if (cell === '') continue;
      if (parseNumericCell(cell) === null) others++;
      else numbers++;
    }
    if (numbers > 0) {
      numericColumns.push(name);
      if (others > 0) nonNumericCells[name] = others;
    }
  }
  if (numericColumns.length === 0) return { ok: false, problem: { key: 'csvNoNumericColumn' } };
  return {
    ok: true,
    summary: {
      regionValues: [...regions].sort((a, b) => a.localeCompare(b)),
      yearValues: [...years].sort((a, b) => a - b),
      numericColumns,
      nonNumericCells,
    },
  };
}

/**
 * A cell made safe for a CSV export that a spreadsheet will open: text starting with = + - @ (or a tab or
 * carriage return) gets a leading apostrophe so it is never evaluated as a formula; numbers stay numbers.
 * Quotes the cell when it holds the delimiter, a quote or a line break.
 */
export function escapeCsvCell(cell: string | number | null | undefined, delimiter: string = LIMITS.csvDelimiter): string {
  if (cell === null || cell === undefined) return '';
  let text = typeof cell === 'number' ? (Number.isFinite(cell) ? String(cell) : '') : cell;
  if (typeof cell === 'string' && /^[=+\-@\t\r]/.test(text) && parseNumericCell(text) === null) text = `'${text}`;
  if (text.includes(delimiter) || /["\r\n]/.test(text)) text = `"${text.replace(/"/g, '""')}"`;
  return text;
}

/** A whole table as CSV text (semicolon by default, CRLF line ends), every cell through escapeCsvCell. */
export function toCsv(columns: string[], rows: (string | number | null)[][], delimiter: string = LIMITS.csvDelimiter): string {
  const lines = [columns, ...rows].map((row) => row.map((cell) => escapeCsvCell(cell, delimiter)).join(delimiter));
  return `${lines.join('\r\n')}\r\n`;
}
