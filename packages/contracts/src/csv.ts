import { LIMITS } from './limits.ts';
import type { MessageKey } from './messages.ts';

/**
 * CSV rules shared by the browser (preview, early refusal) and the server (which repeats every check and
 * never trusts the browser). One implementation, so both sides refuse the same files with the same message.
 */

export type CsvDelimiter = (typeof LIMITS.csvDelimiterCandidates)[number];

/** The byte-order mark some spreadsheet programs put at the start of UTF-8 files. */
const BOM = '\uFEFF';

/**
 * The text of a CSV file's bytes: UTF-8 when they are valid UTF-8 (with or without BOM), otherwise
 * Windows-1252, the encoding spreadsheet programs on Windows write ("São Paulo" stays readable).
 * Binary content then shows up as control characters, which readCsv refuses.
 */
export function decodeCsvBytes(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch (_error) {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

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

/** Text of the first line (without BOM and line ending). */
function firstLine(text: string): string {
  const stripped = text.startsWith(BOM) ? text.slice(1) : text;
  const end = stripped.search(/\r\n|\n|\r/);
  return end === -1 ? stripped : stripped.slice(0, end);
}

/**
 * The delimiter with the most occurrences on the first line among comma, semicolon, tab and colon, or
 * null when none occurs. A tie that includes the semicolon is read as a semicolon (a header such as
 * "time:year;value,usd" is still a semicolon file); other ties go to the first candidate in spec order.
 */
export function detectDelimiter(text: string): CsvDelimiter | null {
  const line = firstLine(text);
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

export class CsvSyntaxError extends Error {}

/**
 * Parses RFC 4180 text with the given delimiter: quoted fields may hold the delimiter, quotes ("") and line
 * breaks; CRLF, LF and CR all end a record; a BOM is dropped; empty lines are skipped.
 * Throws CsvSyntaxError on an unterminated quote or text after a closing quote.
 */
export function parseDelimited(text: string, delimiter: string): string[][] {
  const input = text.startsWith(BOM) ? text.slice(1) : text;
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let inQuotes = false;
  let fieldWasQuoted = false;
  let i = 0;
  const endRecord = () => {
    record.push(field);
    const blank = record.length === 1 && record[0] === '' && !fieldWasQuoted;
    if (!blank) records.push(record);
    record = [];
    field = '';
    fieldWasQuoted = false;
  };
  while (i < input.length) {
    const ch = input[i];
    if (inQuotes) {
      if (ch === '"') {
        if (input[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        inQuotes = false;
        i++;
        const next = input[i];
        if (next !== undefined && next !== delimiter && next !== '\n' && next !== '\r') {
          throw new CsvSyntaxError(`Unexpected character after a closing quote in record ${records.length + 1}`);
        }
        continue;
      }
      field += ch;
      i++;
      continue;
    }
    if (ch === '"' && field === '' && !fieldWasQuoted) {
      inQuotes = true;
      fieldWasQuoted = true;
      i++;
    } else if (ch === delimiter) {
      record.push(field);
      field = '';
      fieldWasQuoted = false;
      i++;
    } else if (ch === '\r' || ch === '\n') {
      endRecord();
      i += ch === '\r' && input[i + 1] === '\n' ? 2 : 1;
    } else {
      field += ch;
      i++;
    }
  }
  if (inQuotes) throw new CsvSyntaxError('A quoted field is never closed');
  if (field !== '' || record.length > 0 || fieldWasQuoted) endRecord();
  return records;
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
  csvNoNumericColumn: 'Besides the spatial and temporal columns the file needs at least one numeric column.',
} as const;
export type CsvDetailKey = keyof typeof CSV_DETAIL_MESSAGES;

export interface CsvTable {
  columns: string[];
  /** Data rows (header excluded), every row as long as `columns`. */
  rows: string[][];
}

/** The outcome of reading a file's text: the table, or the first problem found. */
export type CsvReadResult = { ok: true; table: CsvTable } | { ok: false; problem: CsvProblem };

/** Control characters that never appear in a text CSV (tab, LF, CR and form feed excepted). */
// eslint-disable-next-line no-control-regex -- control characters are exactly what this detects
const BINARY_CHARS = /[\u0000-\u0008\u000B\u000E-\u001F\uFFFD]/;

/**
 * Reads a CSV file's text with every check of spec section 5 in its order: extension, empty, delimiter
 * (only ";"), parse, header (no empty or duplicate names), at least one data row, equal row lengths.
 * @param fileName the name the user gave the file (only its extension is checked)
 * @param text the file decoded as UTF-8 (a replacement character means it was not valid UTF-8)
 */
export function readCsv(fileName: string, text: string): CsvReadResult {
  if (!hasCsvExtension(fileName)) return { ok: false, problem: { key: 'csvNotCsv' } };
  const body = text.startsWith(BOM) ? text.slice(1) : text;
  if (body.trim() === '') return { ok: false, problem: { key: 'csvEmptyOrMalformed' } };
  if (BINARY_CHARS.test(body.slice(0, 65536))) return { ok: false, problem: { key: 'csvBinary' } };
  const delimiter = detectDelimiter(body);
  if (delimiter !== null && delimiter !== LIMITS.csvDelimiter) {
    return { ok: false, problem: { key: 'csvWrongDelimiter', values: { x: displayDelimiter(delimiter) } } };
  }
  if (delimiter === null) return { ok: false, problem: { key: 'csvEmptyOrMalformed' } };
  let records: string[][];
  try {
    records = parseDelimited(body, LIMITS.csvDelimiter);
  } catch (_error) {
    return { ok: false, problem: { key: 'csvParseError' } };
  }
  const [header, ...rows] = records;
  if (header === undefined || rows.length === 0) return { ok: false, problem: { key: 'csvEmptyOrMalformed' } };
  const columns = header.map((name) => name.trim());
  const seen = new Set<string>();
  for (const [index, name] of columns.entries()) {
    if (name === '') return { ok: false, problem: { key: 'csvEmptyColumnName', values: { position: index + 1 } } };
    if (seen.has(name)) return { ok: false, problem: { key: 'csvDuplicateColumn', values: { column: name } } };
    seen.add(name);
  }
  for (const [index, row] of rows.entries()) {
    if (row.length !== columns.length) {
      return {
        ok: false,
        problem: { key: 'csvRaggedRow', values: { line: index + 2, found: row.length, expected: columns.length } },
      };
    }
  }
  return { ok: true, table: { columns, rows } };
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
 * Line numbers in problems count the header as line 1 (records spanning several physical lines count once).
 */
export function summarisePanel(table: CsvTable, spatialColumn: string, temporalColumn: string): CsvPanelResult {
  if (spatialColumn.trim() === '' || temporalColumn.trim() === '') {
    return { ok: false, problem: { key: 'csvNeedsFileAndColumns' } };
  }
  const spaceIndex = table.columns.indexOf(spatialColumn);
  const timeIndex = table.columns.indexOf(temporalColumn);
  if (spaceIndex === -1) return { ok: false, problem: { key: 'csvColumnMissing', values: { column: spatialColumn } } };
  if (timeIndex === -1) return { ok: false, problem: { key: 'csvColumnMissing', values: { column: temporalColumn } } };
  if (spaceIndex === timeIndex) return { ok: false, problem: { key: 'csvSameColumn' } };
  const regions = new Set<string>();
  const years = new Set<number>();
  const pairs = new Map<string, number>();
  for (const [index, row] of table.rows.entries()) {
    const line = index + 2;
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
