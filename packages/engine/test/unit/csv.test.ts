import { readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { decodeCsvBytes, readCsv, readCsvBytes } from '@indicata/contracts';
import { CsvFormatError, frameFromTable, parseNumberCell, parseSemicolonCsv } from '../../src/data/csv.ts';

describe('parseSemicolonCsv', () => {
  it('handles quotes, doubled quotes, semicolons and newlines inside quotes, BOM and CRLF', () => {
    const text = '\uFEFFcountry;"life\r\nexpectancy ";note\r\n"Côte d\'Ivoire";"54,5";"said ""hi""; bye"\r\nBrazil;75.1;"two\nlines"\r\n';
    const table = parseSemicolonCsv(text);
    expect(table.columns).toEqual(['country', 'life expectancy', 'note']);
    expect(table.rows).toEqual([
      ["Côte d'Ivoire", '54,5', 'said "hi"; bye'],
      ['Brazil', '75.1', 'two\nlines'],
    ]);
  });

  it('skips sep= lines, blank lines and repeated header lines; refuses duplicate names (the upload rule)', () => {
    const text = 'sep=;\nA;B;C \n1;2;3\n\nA;B;C\n4;5;6\n';
    const table = parseSemicolonCsv(text);
    expect(table.columns).toEqual(['A', 'B', 'C']);
    expect(table.rows).toEqual([
      ['1', '2', '3'],
      ['4', '5', '6'],
    ]);
    // The engine used to rename a repeated name "B (2)"; the one reader refuses it as the upload check always did.
    expect(() => parseSemicolonCsv('A;B;B \n1;2;3\n')).toThrow(/"B" appears more than once/);
  });

  it('pads short rows, accepts a trailing separator, refuses extra fields', () => {
    expect(parseSemicolonCsv('a;b;c\n1;2\n3;4;5;\n').rows).toEqual([
      ['1', '2', ''],
      ['3', '4', '5'],
    ]);
    expect(() => parseSemicolonCsv('a;b\n1;2;3\n')).toThrow(/Line 2 has 3 values/);
  });

  it('throws clear errors for empty, header-only, unclosed-quote and non-semicolon text', () => {
    expect(() => parseSemicolonCsv('')).toThrow(CsvFormatError);
    // The spec's messages of the upload check (the engine's own wording is gone with its reader).
    expect(() => parseSemicolonCsv('a;b\n')).toThrow('CSV file is empty or malformed.');
    expect(() => parseSemicolonCsv('a;b\n"1;2\n')).toThrow(/^CSV file is empty or malformed\. Line 2 opens a quoted value/);
    expect(() => parseSemicolonCsv('a,b,c\n1,2,3\n')).toThrow('The delimiter "," was detected.');
  });
});

describe('parseNumberCell', () => {
  it('reads plain numbers and a lone decimal comma; everything else is non-numeric', () => {
    expect(parseNumberCell('12.5')).toBe(12.5);
    expect(parseNumberCell('-3e2')).toBe(-300);
    expect(parseNumberCell('12,5')).toBe(12.5);
    expect(parseNumberCell(' ')).toBeNaN();
    expect(parseNumberCell('1.234,5')).toBeUndefined();
    expect(parseNumberCell('1,234.5')).toBeUndefined();
    expect(parseNumberCell('n/a')).toBeUndefined();
  });
});

describe('frameFromTable', () => {
  const table = parseSemicolonCsv('country;region;year;x;status\nA;R1;2000;1,5;dev\nA;R1;2001;abc;dev\nB;;2000;3;dev\n');

  it('builds the frame, counts non-numeric cells and leaves out text-only columns', () => {
    const frame = frameFromTable(table, { spaceColumn: 'country', timeColumn: 'year', regionColumn: 'region' });
    expect(frame.space).toEqual(['A', 'A', 'B']);
    expect(frame.time).toEqual([2000, 2001, 2000]);
    expect(frame.region).toEqual(['R1', 'R1', null]);
    expect(frame.columns.map((c) => c.name)).toEqual(['x']);
    expect(Array.from(frame.columns[0].values)).toEqual([1.5, NaN, 3]);
    expect(frame.nonNumericCells).toEqual({ x: 1 });
    expect(frame.textColumns).toEqual(['status']);
  });

  it('throws clear errors for unknown columns, bad times and repeated pairs', () => {
    expect(() => frameFromTable(table, { spaceColumn: 'nation', timeColumn: 'year' })).toThrow(/spatial column "nation" is not in the file/);
    const badTime = parseSemicolonCsv('c;y;v\nA;later;1\n');
    expect(() => frameFromTable(badTime, { spaceColumn: 'c', timeColumn: 'y' })).toThrow(/must hold a number/);
    const repeated = parseSemicolonCsv('c;y;v\nA;2000;1\nA;2000;2\n');
    expect(() => frameFromTable(repeated, { spaceColumn: 'c', timeColumn: 'y' })).toThrow(/repeat the pair/);
  });

  const kaggle = path.resolve(import.meta.dirname, '../../../../../shared/data/life-expectancy-kaggle/Life Expectancy Data.csv');
  it.skipIf(!existsSync(kaggle))('reads the Kaggle life-expectancy file once converted to semicolons (names trimmed)', () => {
    // The shared file is comma-separated; quote every field and join with ';' to test the real header names.
    const lines = readFileSync(kaggle, 'utf8').split(/\r?\n/).filter((l) => l !== '');
    const text = lines.map((l) => l.split(',').map((c) => `"${c}"`).join(';')).join('\r\n');
    const table = parseSemicolonCsv(text);
    expect(table.columns).toContain('Life expectancy');
    expect(table.columns).toContain('thinness 1-19 years');
    const frame = frameFromTable(table, { spaceColumn: 'Country', timeColumn: 'Year' });
    expect(frame.space.length).toBe(2938);
    expect(frame.textColumns).toEqual(['Status']);
  });
});

describe('one reader for uploads and the engine', () => {
  // Files the two former readers read differently: a sep=; line, a repeated header, a blank line of
  // separators, a short row, Windows-1252 bytes.
  const files = [
    'sep=;\r\ncountry;year;v\r\nA;2000;1\r\n',
    'country;year;v\nA;2000;1\ncountry;year;v\nB;2000;2\n',
    'country;year;v\nA;2000;1\n;;\nB;2000;2\n',
    'country;year;v;w\nA;2000;1\n',
  ];
  it.each(files)('the upload check and the engine read %j to the same table', (text) => {
    const upload = readCsv('f.csv', text);
    expect(upload.ok).toBe(true);
    if (upload.ok) expect(parseSemicolonCsv(text)).toEqual(upload.table);
  });
  it('decodes Windows-1252 bytes the same way on both sides', () => {
    const bytes = Uint8Array.from('country;year;v\nSão Tomé;2000;1\n', (ch) => ch.charCodeAt(0));
    const upload = readCsvBytes('f.csv', bytes);
    expect(upload.ok && upload.table.rows[0][0]).toBe('São Tomé');
    expect(parseSemicolonCsv(decodeCsvBytes(bytes)).rows[0][0]).toBe('São Tomé');
  });
});
