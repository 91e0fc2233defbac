import { columnProblem, guessColumns, inspectFile } from './inspect.ts';

const file = (name: string, content: string) => new File([content], name);

describe('inspectFile', () => {
  it('reads a semicolon file and refuses others with the shared checks', async () => {
    const ok = await inspectFile(file('p.csv', 'country;year;v\nA;2000;1\n'));
    expect(ok).toEqual({ ok: true, table: { columns: ['country', 'year', 'v'], rows: [['A', '2000', '1']], lines: [2] } });
    expect(await inspectFile(file('p.txt', 'a;b\n1;2'))).toEqual({ ok: false, problem: { key: 'csvNotCsv' } });
    expect(await inspectFile(file('p.csv', 'a,b\n1,2'))).toEqual({ ok: false, problem: { key: 'csvWrongDelimiter', values: { x: ',' } } });
    expect(await inspectFile(file('p.csv', 'country;year;v\nA;2000;1\n'), 10)).toMatchObject({ ok: false, problem: { key: 'csvTooLarge' } });
  });
});

describe('columnProblem and guessColumns', () => {
  const table = { columns: ['Country', 'Year', 'v'], rows: [['A', '2000', '1']] };
  it('needs both columns, then applies the panel checks', () => {
    expect(columnProblem(table, null, 'Year')).toEqual({ key: 'csvNeedsFileAndColumns' });
    expect(columnProblem(table, 'Country', 'Year')).toBeNull();
    expect(columnProblem(table, 'Country', 'Country')).toEqual({ key: 'csvSameColumn' });
  });
  it('guesses the columns from their names', () => {
    expect(guessColumns(['id', 'Country', 'Year', 'v'])).toEqual({ spatial: 'Country', temporal: 'Year' });
    expect(guessColumns(['a', 'b'])).toEqual({ spatial: null, temporal: null });
  });
});
