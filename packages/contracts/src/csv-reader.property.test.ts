import fc from 'fast-check';
import { toCsv } from './csv.ts';
import { CsvFormatError, parseCsvText, readCsvBytes } from './csv-reader.ts';
import { csvProblemMessage } from './uploads.ts';

/**
 * Property tests of the one CSV reader: whatever the input, it returns a well-formed table or throws a
 * CsvFormatError whose message is the problem's text; never another kind of error.
 */

/** Each property runs a few hundred cases: well under a second alone, but the CI machine may be shared. */
const PROPERTY_TIMEOUT_MS = 300_000;

/** Reads `text`; fails the property on any error that is not a CsvFormatError or on a malformed table. */
function checkText(text: string): void {
  let table;
  try {
    table = parseCsvText(text, { maxRows: 5_000 });
  } catch (error) {
    if (!(error instanceof CsvFormatError)) throw new Error(`not a CsvFormatError: ${String(error)}`, { cause: error });
    expect(error.message).toBe(csvProblemMessage(error.problem));
    return;
  }
  expect(table.rows.length).toBeGreaterThan(0);
  expect(new Set(table.columns).size).toBe(table.columns.length);
  for (const name of table.columns) expect(name.trim()).not.toBe('');
  for (const row of table.rows) expect(row).toHaveLength(table.columns.length);
  expect(table.lines).toHaveLength(table.rows.length);
}

/** Pieces CSV files are made of, so random text often gets past the first checks. */
const piece = fc.constantFrom(';', ';', ';', ',', '"', '""', '\n', '\r\n', '\r', ' ', '\t', 'a', 'b', 'year', '12,5', '1e3', 'sep=;', '\uFEFF', 'é', '\u0000');
const csvLike = fc.array(piece, { maxLength: 200 }).map((parts) => parts.join(''));

describe('CSV reader properties', () => {
  it('any string gives a table or a CsvFormatError', () => {
    fc.assert(fc.property(fc.string({ unit: 'binary', maxLength: 300 }), checkText), { numRuns: 200 });
  }, PROPERTY_TIMEOUT_MS);

  it('text built from CSV pieces (quotes, separators, line ends, BOM) gives a table or a CsvFormatError', () => {
    fc.assert(fc.property(csvLike, checkText), { numRuns: 1_000 });
  }, PROPERTY_TIMEOUT_MS);

  it('random separators and quoting around a valid header give a table or a CsvFormatError', () => {
    const cell = fc.oneof(fc.string({ maxLength: 8 }), fc.constantFrom('"x"', '"a;b"', '"open', 'x"y', '"q""q"', ''));
    const record = fc.array(cell, { minLength: 1, maxLength: 6 }).chain((cells) =>
      fc.constantFrom(';', ',', '\t', ':').map((separator) => cells.join(separator)),
    );
    const file = fc.tuple(fc.array(record, { minLength: 1, maxLength: 20 }), fc.constantFrom('\n', '\r\n', '\r')).map(([records, end]) => `country;year;v${end}${records.join(end)}`);
    fc.assert(fc.property(file, checkText), { numRuns: 500 });
  }, PROPERTY_TIMEOUT_MS);

  it('huge cells give a table or a CsvFormatError', () => {
    const huge = fc.tuple(fc.constantFrom('x', ';', '"', '\n', 'é'), fc.integer({ min: 10_000, max: 300_000 }), fc.boolean()).map(
      ([ch, length, quoted]) => `a;b\n${quoted ? '"' : ''}${ch.repeat(length)}${quoted ? '"' : ''};1\n`,
    );
    fc.assert(fc.property(huge, checkText), { numRuns: 15 });
  }, PROPERTY_TIMEOUT_MS);

  it('random bytes through the byte reader give a table or a problem, never an error', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 400 }), (bytes) => {
        const result = readCsvBytes('f.csv', bytes);
        if (!result.ok) expect(typeof csvProblemMessage(result.problem)).toBe('string');
      }),
      { numRuns: 500 },
    );
  }, PROPERTY_TIMEOUT_MS);

  it('a table written with toCsv is read back as it was', () => {
    const name = fc.stringMatching(/^[A-Za-z][A-Za-z0-9_]{0,6}$/);
    const text = fc.stringMatching(/^[A-Za-z0-9 ;",.\n]{0,10}$/);
    const table = fc.uniqueArray(name, { minLength: 1, maxLength: 5 }).chain((names) =>
      fc.record({
        columns: fc.constant(names.map((n) => `h${n}`)),
        rows: fc.array(fc.tuple(fc.stringMatching(/^[a-z]{1,5}$/), fc.array(text, { minLength: names.length - 1, maxLength: names.length - 1 })).map(([first, rest]) => [first, ...rest]), {
          minLength: 1,
          maxLength: 10,
        }),
      }),
    );
    fc.assert(
      fc.property(table, ({ columns, rows }) => {
        // A one-column table gets a second column (a lone column has no separator to detect), named so that it
        // cannot repeat a generated name: those all start with "h".
        const read = parseCsvText(toCsv(columns.length === 1 ? [...columns, 'pad'] : columns, columns.length === 1 ? rows.map((r) => [...r, '1']) : rows));
        const expected = columns.length === 1 ? rows.map((r) => [...r, '1']) : rows;
        expect(read.rows).toEqual(expected);
      }),
      { numRuns: 200 },
    );
  }, PROPERTY_TIMEOUT_MS);
});
