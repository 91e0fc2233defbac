import { LIMITS } from './limits.ts';
import { lineOfRow, summarisePanel } from './csv.ts';
import { CsvFormatError, decodeCsvBytes, parseCsvText, readCsv, readCsvBytes } from './csv-reader.ts';
import { csvProblemMessage } from './uploads.ts';

/** The problem message of reading `text`, or null when it is read. */
const problemOf = (text: string, fileName = 'data.csv') => {
  const result = readCsv(fileName, text);
  return result.ok ? null : csvProblemMessage(result.problem);
};

function utf16(text: string, endian: 'le' | 'be', bom = true): Uint8Array {
  const bytes = new Uint8Array((text.length + (bom ? 1 : 0)) * 2);
  const units = bom ? `\uFEFF${text}` : text;
  for (let i = 0; i < units.length; i++) {
    const unit = units.charCodeAt(i);
    bytes[2 * i + (endian === 'le' ? 0 : 1)] = unit & 0xff;
    bytes[2 * i + (endian === 'le' ? 1 : 0)] = unit >> 8;
  }
  return bytes;
}

describe('the one CSV reader: rules both former readers had', () => {
  it('reads RFC 4180 quotes (semicolons, doubled quotes, line breaks), a BOM and CRLF', () => {
    const text = '\uFEFFcountry;"life\r\nexpectancy ";note\r\n"Côte d\'Ivoire";"54,5";"said ""hi""; bye"\r\nBrazil;75.1;"two\nlines"\r\n';
    const table = parseCsvText(text);
    expect(table.columns).toEqual(['country', 'life expectancy', 'note']);
    expect(table.rows).toEqual([
      ["Côte d'Ivoire", '54,5', 'said "hi"; bye'],
      ['Brazil', '75.1', 'two\nlines'],
    ]);
  });

  it('ends records at CRLF, LF and a lone CR, also mixed in one file', () => {
    expect(parseCsvText('a;b\r\n1;2\n3;4\r5;6').rows).toEqual([
      ['1', '2'],
      ['3', '4'],
      ['5', '6'],
    ]);
  });

  it('skips an Excel sep=; first line, blank lines and repeated header lines', () => {
    const table = parseCsvText('sep=;\r\nA;B\r\n1;2\r\n\r\n;\r\nA ; B\r\n4;5\r\n');
    expect(table.columns).toEqual(['A', 'B']);
    expect(table.rows).toEqual([
      ['1', '2'],
      ['4', '5'],
    ]);
    // File lines: sep=1, header 2, rows on 3 and 7.
    expect(table.lines).toEqual([3, 7]);
  });

  it('pads short rows, drops empty trailing cells and refuses real extra cells', () => {
    expect(parseCsvText('a;b;c\n1;2\n3;4;5;\n').rows).toEqual([
      ['1', '2', ''],
      ['3', '4', '5'],
    ]);
    expect(problemOf('a;b\n1;2\n\n1;2;3\n')).toBe('CSV file is empty or malformed. Line 4 has 3 values but the header has 2 columns.');
  });

  it('refuses duplicate and empty header names (after normalising spaces)', () => {
    expect(problemOf('A;B;B \n1;2;3\n')).toBe('CSV file is empty or malformed. The column name "B" appears more than once. Each column needs its own name.');
    expect(problemOf('a;;c\n1;2;3')).toBe('CSV file is empty or malformed. Column 2 has no name. Every column needs a name in the first line.');
  });

  it('refuses empty, header-only, unclosed-quote, text after a closing quote and other delimiters', () => {
    expect(problemOf('')).toBe('CSV file is empty or malformed.');
    expect(problemOf('\n \n')).toBe('CSV file is empty or malformed.');
    expect(problemOf('a;b\n\n')).toBe('CSV file is empty or malformed.');
    expect(problemOf('a;b\n"1;2\n')).toBe('CSV file is empty or malformed. Line 2 opens a quoted value (") that is never closed. Close the quote or remove it, then try again.');
    expect(problemOf('a;b\n"1"x;2\n')).toBe('CSV file is empty or malformed. Line 2 has text right after a closing quote ("). Put the whole value in quotes, or remove the quote, then try again.');
    expect(problemOf('a,b,c\n1,2,3\n')).toBe('The delimiter "," was detected. Only files with the ";" delimiter are accepted.');
    expect(problemOf('sep=,\na;b\n1;2\n')).toBe('The delimiter "," was detected. Only files with the ";" delimiter are accepted.');
    expect(problemOf('\n\na\tb\n1\t2\n')).toBe('The delimiter "\\t" was detected. Only files with the ";" delimiter are accepted.');
  });

  it('reads the delimiter a file uses when asked to (the engine command line), with every other rule kept', () => {
    const any = { anyDelimiter: true };
    expect(parseCsvText('a,b,c\n1,2,3\n', any)).toMatchObject({ columns: ['a', 'b', 'c'], rows: [['1', '2', '3']] });
    expect(parseCsvText('\n\na\tb\n1\t"x;y"\n', any).rows).toEqual([['1', 'x;y']]);
    expect(parseCsvText('a:b\n1:2\n', any).rows).toEqual([['1', '2']]);
    // A declared delimiter wins over the header's count; a quoted decimal comma stays one cell.
    expect(parseCsvText('sep=,\nname;x,v\n"a;b","1,5"\n', any)).toMatchObject({ columns: ['name;x', 'v'], rows: [['a;b', '1,5']] });
    expect(parseCsvText('a;b\n1;2\n', any).rows).toEqual([['1', '2']]);
    expect(() => parseCsvText('a,b\n1,2,3\n', any)).toThrow(CsvFormatError);
    expect(() => parseCsvText('a,a\n1,2\n', any)).toThrow(/more than once/);
    expect(() => parseCsvText('sep=|\na|b\n1|2\n', any)).toThrow(/The delimiter "\|" was detected/);
  });

  it('throws only CsvFormatError, carrying the problem', () => {
    let caught: unknown;
    try {
      parseCsvText('a;b\n"x');
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(CsvFormatError);
    expect((caught as CsvFormatError).problem).toEqual({ key: 'csvUnclosedQuote', values: { line: 2 } });
  });

  it('names the line of an unclosed quote and of text after a closing quote', () => {
    expect(() => parseCsvText('a;b\n1;2\n3;"4\n5;6\n')).toThrow('CSV file is empty or malformed. Line 3 opens a quoted value (") that is never closed. Close the quote or remove it, then try again.');
    expect(() => parseCsvText('a;b\n1;2\n"3"x;4\n')).toThrow('CSV file is empty or malformed. Line 3 has text right after a closing quote ("). Put the whole value in quotes, or remove the quote, then try again.');
  });

  it('stops at the row limit with a clear message', () => {
    const text = `a;b\n${Array.from({ length: 11 }, (_, i) => `${i};1`).join('\n')}`;
    expect(parseCsvText(text, { maxRows: 11 }).rows).toHaveLength(11);
    expect(() => parseCsvText(text, { maxRows: 10 })).toThrow('The file has more than 10 data rows. Keep fewer places or years and try again.');
    expect(LIMITS.csvMaxRows).toBeGreaterThanOrEqual(100_000);
  });

  it('names file lines in panel problems, counting skipped lines', () => {
    const table = parseCsvText('c;y;v\n\nA;2000;1\n\nA;2000;2\n');
    expect(lineOfRow(table, 1)).toBe(5);
    const result = summarisePanel(table, 'c', 'y');
    expect(result.ok ? null : csvProblemMessage(result.problem)).toContain('lines 3 and 5');
  });
});

describe('encodings', () => {
  const text = 'country;year;v\nSão Tomé;2000;1,5\n';
  it('decodes UTF-8 with and without BOM, and Windows-1252', () => {
    expect(decodeCsvBytes(new TextEncoder().encode(text))).toBe(text);
    expect(decodeCsvBytes(new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode(text)]))).toBe(text);
    const latin = Uint8Array.from(text, (ch) => ch.charCodeAt(0));
    expect(decodeCsvBytes(latin)).toBe(text);
  });

  it('decodes UTF-16 little and big endian files with a byte-order mark', () => {
    for (const endian of ['le', 'be'] as const) {
      const result = readCsvBytes('u.csv', utf16(text, endian));
      expect(result).toEqual({ ok: true, table: { columns: ['country', 'year', 'v'], rows: [['São Tomé', '2000', '1,5']], lines: [2] } });
    }
  });

  it('refuses UTF-16 without a byte-order mark with a precise message, binary files as not text', () => {
    const result = readCsvBytes('u.csv', utf16(text, 'le', false));
    expect(result.ok ? null : csvProblemMessage(result.problem)).toBe(
      'CSV file is empty or malformed. The file looks like UTF-16 text without a byte-order mark. Save it as UTF-8 (or UTF-16 with a byte-order mark) and try again.',
    );
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52, 0xff, 0xfe]);
    const binary = readCsvBytes('image.csv', png);
    expect(binary.ok ? null : binary.problem.key).toBe('csvBinary');
  });
});

describe('file names', () => {
  it('refuses a name too long to store (400, not ENAMETOOLONG) and keeps the extension check first', () => {
    expect(problemOf('a;b\n1;2', `${'x'.repeat(5021)}.csv`)).toBe('The file name is too long (at most 200 characters). Rename the file and try again.');
    expect(problemOf('a;b\n1;2', `${'é'.repeat(150)}.csv`)).toContain('too long');
    expect(problemOf('a;b\n1;2', `${'x'.repeat(196)}.csv`)).toBeNull();
    expect(problemOf('a;b\n1;2', `${'x'.repeat(5021)}.txt`)).toBe('Please select a .csv file');
  });
});
