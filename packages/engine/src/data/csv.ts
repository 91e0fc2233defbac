import type { PanelFrame } from './frame.ts';

/**
 * Semicolon CSV reading for the CLI and the server's upload validation.
 *
 * Decisions (see README "CSV"):
 * - RFC 4180 quoting: a field in double quotes may hold semicolons, line breaks and doubled quotes ("").
 * - A UTF-8 byte-order mark is dropped; CRLF, LF and lone CR all end a record.
 * - An Excel "sep=;" first line is skipped.
 * - Header names: line breaks and runs of spaces inside a (quoted) name become one space, ends are trimmed;
 *   a name that repeats an earlier one gets " (2)", " (3)"... so every column stays addressable.
 * - A data record identical to the header (files concatenated with their headers) is skipped.
 * - Blank records are skipped; a record with fewer fields is padded with empty cells; one with more
 *   fields than the header is an error.
 * - Numbers: "12.5", "-3", "1e-4"; a single decimal comma with no dot ("12,5") is read as 12.5 because
 *   semicolon files come from locales that write decimal commas. Anything else (thousand separators,
 *   "1.234,5", "n/a", text) is a non-numeric cell: read as missing and counted.
 */

/** A parse failure with a message a person can act on. */
export class CsvFormatError extends Error {
  override readonly name = 'CsvFormatError';
}

export interface CsvTable {
  header: string[];
  rows: string[][];
}

const BOM = '\uFEFF';

/** Splits text into records of raw fields, honouring quotes. */
function tokenize(text: string): string[][] {
  const records: string[][] = [];
  let field = '';
  let record: string[] = [];
  let inQuotes = false;
  let fieldWasQuoted = false;
  let i = 0;
  const n = text.length;
  const endField = () => {
    record.push(fieldWasQuoted ? field : field.trim());
    field = '';
    fieldWasQuoted = false;
  };
  const endRecord = () => {
    endField();
    records.push(record);
    record = [];
  };
  while (i < n) {
    const ch = text[i];
    if (inQuotes) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        inQuotes = false;
        i += 1;
        continue;
      }
      field += ch;
      i += 1;
      continue;
    }
    if (ch === '"') {
      if (field.trim() === '' && !fieldWasQuoted) {
        field = '';
        inQuotes = true;
        fieldWasQuoted = true;
        i += 1;
        continue;
      }
      // A quote in the middle of an unquoted field is kept literally (lenient, like most readers).
      field += ch;
      i += 1;
      continue;
    }
    if (ch === ';') {
      endField();
      i += 1;
      continue;
    }
    if (ch === '\r' || ch === '\n') {
      endRecord();
      i += ch === '\r' && text[i + 1] === '\n' ? 2 : 1;
      continue;
    }
    if (fieldWasQuoted) {
      // Text after a closing quote ("ab"c): keep it, the cell is then not a clean quoted value.
      field += ch;
      i += 1;
      continue;
    }
    field += ch;
    i += 1;
  }
  if (inQuotes) throw new CsvFormatError('CSV file is malformed: a quoted field is never closed.');
  if (field !== '' || fieldWasQuoted || record.length > 0) endRecord();
  return records;
}

function isBlank(record: string[]): boolean {
  return record.every((f) => f.trim() === '');
}

/** Normalises a header name: line breaks and whitespace runs to one space, trimmed. */
export function normaliseHeaderName(name: string): string {
  return name.replace(/\s+/g, ' ').trim();
}

function uniqueNames(names: string[]): string[] {
  const seen = new Map<string, number>();
  return names.map((name) => {
    const base = name === '' ? 'column' : name;
    const count = (seen.get(base) ?? 0) + 1;
    seen.set(base, count);
    return count === 1 ? base : `${base} (${count})`;
  });
}

/**
 * Parses semicolon-separated text into a header and rows of cell strings (pure; no I/O).
 * @param text the whole file as text
 * @returns header names (normalised, unique) and data rows (each exactly header.length cells)
 * @throws CsvFormatError when the text is empty, has no data rows, an unclosed quote, or a row with more
 *   fields than the header
 */
export function parseSemicolonCsv(text: string): CsvTable {
  let body = text.startsWith(BOM) ? text.slice(1) : text;
  const sepLine = /^sep=.?(\r\n|\n|\r)/i.exec(body);
  if (sepLine) body = body.slice(sepLine[0].length);
  const records = tokenize(body).filter((r) => !isBlank(r));
  if (records.length === 0) throw new CsvFormatError('CSV file is empty or malformed.');
  const rawHeader = records[0].map(normaliseHeaderName);
  if (rawHeader.length < 2) {
    throw new CsvFormatError('CSV file is empty or malformed: the header has fewer than two ";"-separated columns.');
  }
  const header = uniqueNames(rawHeader);
  const rows: string[][] = [];
  for (let r = 1; r < records.length; r++) {
    const record = records[r];
    if (record.length === rawHeader.length && record.every((cell, j) => normaliseHeaderName(cell) === rawHeader[j])) {
      continue; // a repeated header line
    }
    if (record.length > header.length) {
      // Trailing empty fields (a trailing ";") are harmless.
      const extra = record.slice(header.length);
      if (extra.some((f) => f.trim() !== '')) {
        throw new CsvFormatError(
          `CSV file is malformed: record ${r + 1} has ${record.length} fields but the header has ${header.length}.`,
        );
      }
      rows.push(record.slice(0, header.length));
      continue;
    }
    rows.push(record.length < header.length ? [...record, ...new Array<string>(header.length - record.length).fill('')] : record);
  }
  if (rows.length === 0) throw new CsvFormatError('CSV file is empty or malformed: it has a header but no data rows.');
  return { header, rows };
}

const PLAIN_NUMBER = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;
const DECIMAL_COMMA = /^[-+]?\d+,\d+$/;

/**
 * Reads one cell as a number.
 * @param cell raw cell text
 * @returns the number, NaN for an empty cell, or undefined for text that is not a number
 */
export function parseNumberCell(cell: string): number | undefined {
  const text = cell.trim();
  if (text === '') return NaN;
  if (PLAIN_NUMBER.test(text)) return Number(text);
  if (DECIMAL_COMMA.test(text)) return Number(text.replace(',', '.'));
  return undefined;
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
 * @param table output of parseSemicolonCsv
 * @param columns which columns hold space, time and (optionally) region
 * @returns the frame; every other column becomes a numeric column (non-numeric cells are missing and
 *   counted in nonNumericCells; columns with no number at all are listed in textColumns and left out)
 * @throws Error when a named column is absent, a time cell is not a number, a space cell is empty, or a
 *   (space, time) pair repeats
 */
export function frameFromTable(table: CsvTable, columns: FrameColumns): PanelFrame {
  const { header, rows } = table;
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
    if (place === '') throw new Error(`Row ${r + 2} has an empty spatial value in column "${header[spaceIdx]}".`);
    const t = parseNumberCell(row[timeIdx]);
    if (t === undefined || Number.isNaN(t)) {
      throw new Error(`Row ${r + 2}: the temporal column "${header[timeIdx]}" must hold a number, found "${row[timeIdx]}".`);
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
