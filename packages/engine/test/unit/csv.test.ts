import { readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { CsvFormatError, frameFromTable, parseNumberCell, parseSemicolonCsv } from '../../src/data/csv.ts';

describe('parseSemicolonCsv', () => {
  it('handles quotes, doubled quotes, semicolons and newlines inside quotes, BOM and CRLF', () => {
    const text = '\uFEFFcountry;"life\r\nexpectancy ";note\r\n"Côte d\'Ivoire";"54,5";"said ""hi""; bye"\r\nBrazil;75.1;"two\nlines"\r\n';
    const table = parseSemicolonCsv(text);
    expect(table.header).toEqual(['country', 'life expectancy', 'note']);
    expect(table.rows).toEqual([
      ["Côte d'Ivoire", '54,5', 'said "hi"; bye'],
      ['Brazil', '75.1', 'two\nlines'],
    ]);
  });

  it('skips sep= lines, blank lines and repeated header lines; makes duplicate names unique', () => {
    const text = 'sep=;\nA;B;B \n1;2;3\n\nA;B;B\n4;5;6\n';
    const table = parseSemicolonCsv(text);
    expect(table.header).toEqual(['A', 'B', 'B (2)']);
    expect(table.rows).toEqual([
      ['1', '2', '3'],
      ['4', '5', '6'],
    ]);
  });

  it('pads short rows, accepts a trailing separator, refuses extra fields', () => {
    expect(parseSemicolonCsv('a;b;c\n1;2\n3;4;5;\n').rows).toEqual([
      ['1', '2', ''],
      ['3', '4', '5'],
    ]);
    expect(() => parseSemicolonCsv('a;b\n1;2;3\n')).toThrow(/record 2 has 3 fields/);
  });

  it('throws clear errors for empty, header-only, unclosed-quote and non-semicolon text', () => {
    expect(() => parseSemicolonCsv('')).toThrow(CsvFormatError);
    expect(() => parseSemicolonCsv('a;b\n')).toThrow(/no data rows/);
    expect(() => parseSemicolonCsv('a;b\n"1;2\n')).toThrow(/never closed/);
    expect(() => parseSemicolonCsv('a,b,c\n1,2,3\n')).toThrow(/fewer than two/);
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
    expect(table.header).toContain('Life expectancy');
    expect(table.header).toContain('thinness 1-19 years');
    const frame = frameFromTable(table, { spaceColumn: 'Country', timeColumn: 'Year' });
    expect(frame.space.length).toBe(2938);
    expect(frame.textColumns).toEqual(['Status']);
  });
});
