import Papa from 'papaparse';
import { LIMITS } from './limits.ts';
import {
  detectDelimiter,
  displayDelimiter,
  hasCsvExtension,
  isFileNameShortEnough,
  normaliseHeaderName,
  type CsvProblem,
  type CsvTable,
} from './csv.ts';
import { csvProblemMessage } from './uploads.ts';

/**
 * The one CSV reader of the product: the browser's preview, the server's upload validation, the job worker and
 * the engine's CLI all read files through it, so a file is read the same way everywhere. Parsing (RFC 4180
 * quotes) is PapaParse's; this module adds the product's rules (engine README, "CSV"):
 * - bytes: UTF-8 (with or without BOM), UTF-16 LE/BE with a BOM, else Windows-1252 (decodeCsvBytes);
 * - semicolon only, detected on the first non-blank line; an Excel `sep=;` first line is skipped (`sep=,` is a
 *   wrong delimiter);
 * - CRLF, LF and lone CR all end a record (line breaks inside quoted cells are read as LF);
 * - blank records (every cell empty or spaces) are skipped, and so is a record that repeats the header;
 * - header names are normalised (normaliseHeaderName) and must be non-empty and unique;
 * - a record shorter than the header is padded with empty cells; a longer one is refused unless the extra
 *   cells are empty (a trailing ";");
 * - at most LIMITS.csvMaxRows data rows.
 * Cells are kept as written (no trimming); readers of numbers and keys trim.
 */

/** A file the reader refuses; `problem` names the message (spec section 5 or a CSV detail message). */
export class CsvFormatError extends Error {
  override readonly name = 'CsvFormatError';
  readonly problem: CsvProblem;
  constructor(problem: CsvProblem) {
    super(csvProblemMessage(problem));
    this.problem = problem;
  }
}

export interface CsvReadOptions {
  /** Data rows allowed (default LIMITS.csvMaxRows); one more is a csvTooManyRows refusal. */
  maxRows?: number;
  /**
   * Read the file with the delimiter it declares ("sep=,") or that its header line shows (comma, semicolon, tab or
   * colon) instead of refusing all but semicolons. Only the engine's command line sets it: a panel exported by
   * another tool is read as it is there, while uploads keep the spec's semicolon rule.
   */
  anyDelimiter?: boolean;
}

/** The outcome of reading a file: the table, or the first problem found. */
export type CsvReadResult = { ok: true; table: CsvTable } | { ok: false; problem: CsvProblem };

/**
 * The text of a CSV file's bytes: UTF-16 (little or big endian) when the file starts with its byte-order mark;
 * UTF-8 when the bytes are valid UTF-8 (with or without BOM); otherwise Windows-1252, the encoding spreadsheet
 * programs on Windows write ("São Paulo" stays readable). A BOM is never part of the text. Binary content shows
 * up as control characters, which the reader refuses.
 */
export function decodeCsvBytes(bytes: Uint8Array): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes);
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch (_error) {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

/**
 * Whether bytes look like UTF-16 text written without a byte-order mark: in the first 512 bytes, nine pairs in
 * ten have exactly one zero byte, always on the same side (ASCII text in UTF-16). Such a file cannot be told
 * from binary by its characters, so it gets its own message.
 */
export function looksLikeUtf16WithoutBom(bytes: Uint8Array): boolean {
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) return false;
  const end = Math.min(bytes.length, 512) & ~1;
  if (end < 4) return false;
  let little = 0;
  let big = 0;
  for (let i = 0; i < end; i += 2) {
    if (bytes[i] !== 0 && bytes[i + 1] === 0) little++;
    else if (bytes[i] === 0 && bytes[i + 1] !== 0) big++;
  }
  const pairs = end / 2;
  return little >= 0.9 * pairs || big >= 0.9 * pairs;
}

/** Control characters that never appear in a text CSV (tab, LF, CR and form feed excepted). */
// eslint-disable-next-line no-control-regex -- control characters are exactly what this detects
const BINARY_CHARS = /[\u0000-\u0008\u000B\u000E-\u001F\uFFFD]/;
/** An Excel delimiter declaration on the first line ("sep=;"). */
const SEP_LINE = /^sep=(.?)(?:\n|$)/i;

/** Every line ending as LF, so lone CRs and mixed endings end records too (PapaParse takes one newline). */
function normaliseLineEnds(text: string): string {
  return text.includes('\r') ? text.replace(/\r\n?/g, '\n') : text;
}

function isBlankRecord(record: string[]): boolean {
  return record.every((cell) => cell.trim() === '');
}

/** Checks the header names: none empty, none repeated (after normalisation). */
function headerOf(record: string[]): string[] {
  const columns = record.map(normaliseHeaderName);
  const seen = new Set<string>();
  for (const [index, name] of columns.entries()) {
    if (name === '') throw new CsvFormatError({ key: 'csvEmptyColumnName', values: { position: index + 1 } });
    if (seen.has(name)) throw new CsvFormatError({ key: 'csvDuplicateColumn', values: { column: name } });
    seen.add(name);
  }
  return columns;
}

function repeatsHeader(record: string[], columns: string[]): boolean {
  return record.length === columns.length && record.every((cell, j) => normaliseHeaderName(cell) === columns[j]);
}

/**
 * The problem of a record PapaParse reported errors for: a quote never closed, or text after a closing quote,
 * with the line the record starts on; anything else is the spec's general parse error.
 */
function quoteProblem(errors: { code?: string }[], line: number): CsvProblem {
  if (errors.some((e) => e.code === 'InvalidQuotes')) return { key: 'csvMisplacedQuote', values: { line } };
  if (errors.some((e) => e.code === 'MissingQuotes')) return { key: 'csvUnclosedQuote', values: { line } };
  return { key: 'csvParseError' };
}

/**
 * Reads a CSV file's text into a table with the product's rules (see the top of this file).
 * @param text the file as text (decodeCsvBytes)
 * @param options the row limit
 * @returns the header names and the data rows, each as long as the header, with the file line of each row
 * @throws CsvFormatError naming the first problem; never another kind of error for any text
 */
export function parseCsvText(text: string, options: CsvReadOptions = {}): CsvTable {
  const maxRows = options.maxRows ?? LIMITS.csvMaxRows;
  const anyDelimiter = options.anyDelimiter === true;
  const accepted = (delimiter: string) => delimiter === LIMITS.csvDelimiter || (anyDelimiter && (LIMITS.csvDelimiterCandidates as readonly string[]).includes(delimiter));
  let body = normaliseLineEnds(text.startsWith('\uFEFF') ? text.slice(1) : text);
  if (body.trim() === '') throw new CsvFormatError({ key: 'csvEmptyOrMalformed' });
  if (BINARY_CHARS.test(body.slice(0, 65536))) throw new CsvFormatError({ key: 'csvBinary' });
  let line = 1;
  let declared = '';
  const sep = SEP_LINE.exec(body);
  if (sep) {
    declared = sep[1];
    if (declared !== '' && !accepted(declared)) {
      throw new CsvFormatError({ key: 'csvWrongDelimiter', values: { x: displayDelimiter(declared) } });
    }
    body = body.slice(sep[0].length);
    line = 2;
  }
  const firstText = /\S/.exec(body);
  if (firstText === null) throw new CsvFormatError({ key: 'csvEmptyOrMalformed' });
  const detected = detectDelimiter(body.slice(body.lastIndexOf('\n', firstText.index) + 1));
  if (detected === null) throw new CsvFormatError({ key: 'csvEmptyOrMalformed' });
  if (!accepted(detected)) throw new CsvFormatError({ key: 'csvWrongDelimiter', values: { x: displayDelimiter(detected) } });
  const delimiter = anyDelimiter && declared !== '' ? declared : detected;

  let columns: string[] | null = null;
  const rows: string[][] = [];
  const lines: number[] = [];
  let problem: CsvFormatError | null = null;
  let cursor = 0;
  Papa.parse<string[]>(body, {
    delimiter,
    newline: '\n',
    quoteChar: '"',
    escapeChar: '"',
    header: false,
    dynamicTyping: false,
    skipEmptyLines: false,
    step: (results, parser) => {
      const recordLine = line;
      // Advance the line count over this record (its quoted line breaks included) up to PapaParse's cursor.
      const end = Math.min(results.meta.cursor, body.length);
      for (let at = body.indexOf('\n', cursor); at !== -1 && at < end; at = body.indexOf('\n', at + 1)) line++;
      cursor = end;
      try {
        if (results.errors.length > 0) throw new CsvFormatError(quoteProblem(results.errors, recordLine));
        const record = results.data;
        if (isBlankRecord(record)) return;
        if (columns === null) {
          columns = headerOf(record);
          return;
        }
        if (repeatsHeader(record, columns)) return;
        let row = record;
        if (record.length > columns.length) {
          if (!isBlankRecord(record.slice(columns.length))) {
            throw new CsvFormatError({ key: 'csvRaggedRow', values: { line: recordLine, found: record.length, expected: columns.length } });
          }
          row = record.slice(0, columns.length);
        } else if (record.length < columns.length) {
          row = record.concat(new Array<string>(columns.length - record.length).fill(''));
        }
        if (rows.length >= maxRows) throw new CsvFormatError({ key: 'csvTooManyRows', values: { limit: maxRows } });
        rows.push(row);
        lines.push(recordLine);
      } catch (error) {
        // Thrown inside PapaParse's loop an error would leave the parser mid-way: stop it and rethrow after.
        problem = error instanceof CsvFormatError ? error : new CsvFormatError({ key: 'csvParseError' });
        parser.abort();
      }
    },
  });
  if (problem !== null) throw problem;
  if (columns === null || rows.length === 0) throw new CsvFormatError({ key: 'csvEmptyOrMalformed' });
  return { columns, rows, lines };
}

/**
 * Reads a CSV file's text with every check of spec section 5 in its order: extension, file name length, then
 * parseCsvText (empty, binary, delimiter, parse, header, rows).
 * @param fileName the name the user gave the file (its extension and length are checked)
 * @param text the file's text (decodeCsvBytes)
 */
export function readCsv(fileName: string, text: string, options: CsvReadOptions = {}): CsvReadResult {
  if (!hasCsvExtension(fileName)) return { ok: false, problem: { key: 'csvNotCsv' } };
  if (!isFileNameShortEnough(fileName)) return { ok: false, problem: { key: 'csvFileNameTooLong', values: { limit: LIMITS.csvFileNameMaxChars } } };
  try {
    return { ok: true, table: parseCsvText(text, options) };
  } catch (error) {
    if (error instanceof CsvFormatError) return { ok: false, problem: error.problem };
    throw error;
  }
}

/** readCsv on a file's bytes: refuses UTF-16 without a byte-order mark by name, decodes the rest (decodeCsvBytes). */
export function readCsvBytes(fileName: string, bytes: Uint8Array, options: CsvReadOptions = {}): CsvReadResult {
  if (hasCsvExtension(fileName) && isFileNameShortEnough(fileName) && looksLikeUtf16WithoutBom(bytes)) {
    return { ok: false, problem: { key: 'csvUtf16WithoutBom' } };
  }
  return readCsv(fileName, decodeCsvBytes(bytes), options);
}

/**
 * Parses RFC 4180 text with any delimiter into records of raw cells, for files that are not uploads (the WHO
 * exports are comma-separated): a BOM is dropped, CRLF, LF and CR end records, empty lines are skipped.
 * @throws CsvFormatError (csvParseError) on an unterminated quote or text after a closing quote
 */
export function parseDelimited(text: string, delimiter: string): string[][] {
  const body = normaliseLineEnds(text.startsWith('\uFEFF') ? text.slice(1) : text);
  if (body === '') return [];
  const result = Papa.parse<string[]>(body, { delimiter, newline: '\n', quoteChar: '"', escapeChar: '"', skipEmptyLines: true });
  if (result.errors.length > 0) throw new CsvFormatError({ key: 'csvParseError' });
  return result.data;
}
