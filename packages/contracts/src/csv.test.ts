import { detectDelimiter, escapeCsvCell, sanitiseFileName, storedUploadName, summarisePanel, toCsv } from './csv.ts';
import { parseDelimited, readCsv } from './csv-reader.ts';
import { csvProblemMessage } from './uploads.ts';

describe('detectDelimiter', () => {
  it('picks the candidate with the most occurrences on the first line only', () => {
    expect(detectDelimiter('a;b;c\n1,2,3,4,5')).toBe(';');
    expect(detectDelimiter('a,b,c\n1;2;3')).toBe(',');
    expect(detectDelimiter('a\tb\tc')).toBe('\t');
    expect(detectDelimiter('a:b:c;d')).toBe(':');
    expect(detectDelimiter('single')).toBeNull();
  });
  it('reads a tie that includes the semicolon as a semicolon', () => {
    expect(detectDelimiter('time:year;value')).toBe(';');
  });
});

describe('sanitiseFileName', () => {
  it('removes dots, hash, dollar and brackets and turns spaces into underscores', () => {
    expect(sanitiseFileName('my data#1 $[v2].csv')).toBe('my_data1_v2csv');
    expect(storedUploadName('a b.csv', 1700000000000)).toBe('1700000000000_a_bcsv');
  });
  it('removes path separators', () => {
    expect(sanitiseFileName('../../etc/passwd')).toBe('etcpasswd');
  });
});

describe('parseDelimited', () => {
  it('handles quoted delimiters, quotes and line breaks, CRLF and a BOM', () => {
    const text = '\uFEFFname;note\r\n"a;b";"say ""hi"""\r\n"multi\nline";x\r\n\r\n';
    expect(parseDelimited(text, ';')).toEqual([
      ['name', 'note'],
      ['a;b', 'say "hi"'],
      ['multi\nline', 'x'],
    ]);
  });
  it('refuses an unterminated quote', () => {
    expect(() => parseDelimited('a;b\n"open;1', ';')).toThrow();
  });
});

describe('readCsv', () => {
  const problem = (name: string, text: string) => {
    const result = readCsv(name, text);
    return result.ok ? null : csvProblemMessage(result.problem);
  };
  it('refuses files by the spec messages', () => {
    expect(problem('data.txt', 'a;b\n1;2')).toBe('Please select a .csv file');
    expect(problem('data.csv', '')).toBe('CSV file is empty or malformed.');
    expect(problem('data.csv', 'a;b\n')).toBe('CSV file is empty or malformed.');
    expect(problem('data.csv', 'a,b\n1,2')).toBe('The delimiter "," was detected. Only files with the ";" delimiter are accepted.');
    expect(problem('data.csv', 'a\tb\n1\t2')).toBe('The delimiter "\\t" was detected. Only files with the ";" delimiter are accepted.');
    expect(problem('data.csv', 'a:b\n1:2')).toBe('The delimiter ":" was detected. Only files with the ";" delimiter are accepted.');
    expect(problem('data.csv', 'a;b\n"1;2')).toBe('CSV file is empty or malformed. Line 2 opens a quoted value (") that is never closed. Close the quote or remove it, then try again.');
  });
  it('refuses duplicate and empty column names, ragged rows and binary content', () => {
    expect(problem('d.csv', 'a;a\n1;2')).toContain('"a" appears more than once');
    expect(problem('d.csv', 'a;;c\n1;2;3')).toContain('CSV file is empty or malformed. Column 2 has no name');
    expect(problem('d.csv', 'a;b\n1;2;3')).toContain('Line 2 has 3 values');
    expect(problem('d.csv', 'a;b\n\u0000\u0001;2')).toContain('not text');
  });
  it('accepts BOM, CRLF and quoted fields and keeps formula-like cells as text', () => {
    const result = readCsv('D.CSV', '\uFEFFcountry;year;v\r\n"=HYPERLINK(""x"")";2000;1\r\n@SUM;2001;2\r\n');
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.table.columns).toEqual(['country', 'year', 'v']);
    expect(result.table.rows[0][0]).toBe('=HYPERLINK("x")');
  });
});

describe('summarisePanel', () => {
  const table = (text: string) => {
    const result = readCsv('t.csv', text);
    if (!result.ok) throw new Error('unexpected refusal');
    return result.table;
  };
  it('collects region and year values and numeric columns', () => {
    const result = summarisePanel(table('c;y;v;w\nB;2001;1;x\nA;2000;2;3\nA;2001;n/a;4'), 'c', 'y');
    expect(result).toEqual({
      ok: true,
      summary: { regionValues: ['A', 'B'], yearValues: [2000, 2001], numericColumns: ['v', 'w'], nonNumericCells: { v: 1, w: 1 } },
    });
  });
  it('refuses missing, equal or non-numeric key columns and duplicate pairs', () => {
    const t = table('c;y;v\nA;2000;1\nA;2000;2');
    const message = (s: string, y: string) => {
      const r = summarisePanel(t, s, y);
      return r.ok ? null : csvProblemMessage(r.problem);
    };
    expect(message('', 'y')).toBe('Please select a file and define the spatial and temporal dimension columns.');
    expect(message('nope', 'y')).toBe('The column "nope" is not in the file.');
    expect(message('c', 'c')).toContain('two different columns');
    expect(message('c', 'y')).toContain('lines 2 and 3');
    const r = summarisePanel(table('c;y;v\nA;two;1'), 'c', 'y');
    expect(r.ok ? null : csvProblemMessage(r.problem)).toContain('line 2 has "two"');
  });
});

describe('escapeCsvCell', () => {
  it('prefixes formula-like text with an apostrophe and leaves numbers alone', () => {
    expect(escapeCsvCell('=1+1')).toBe("'=1+1");
    expect(escapeCsvCell('+cmd')).toBe("'+cmd");
    expect(escapeCsvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(escapeCsvCell('-x')).toBe("'-x");
    expect(escapeCsvCell('-5.2')).toBe('-5.2');
    expect(escapeCsvCell(-3)).toBe('-3');
    expect(escapeCsvCell('a;b')).toBe('"a;b"');
    expect(toCsv(['a', 'b'], [['=x', 1]])).toBe("a;b\r\n'=x;1\r\n");
  });
});
