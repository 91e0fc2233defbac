import { asksCoverageByYear, asksIndicatorList, labelUsesWords, partColumns, readLimit, readParts, withoutLimit } from './shapes.ts';
import type { AnalysisColumn, AnalysisDataset } from './dataset.ts';
import { normalise } from './vocabulary.ts';

const column = (name: string, label: string, part?: AnalysisColumn['part']): AnalysisColumn => ({ name, label, values: new Float64Array(0), ...(part ? { part } : {}) });

describe('how many a ranking lists', () => {
  it.each([
    ['What are the top 5 countries by life expectancy?', 5],
    ['Quais são os 5 países com maior expectativa de vida?', 5],
    ['Which five countries had the lowest infant mortality?', 5],
    ['Top 3 países com mais médicos', 3],
    ['Os dez países com menor mortalidade', 10],
    ['Which countries had the highest under-five mortality rate in 2015?', null],
    ['Quais países tiveram a maior mortalidade de menores de cinco anos em 2015?', null],
  ])('%s -> %s', (question, limit) => {
    expect(readLimit(normalise(question))).toBe(limit);
  });

  it('takes the number out of the words that name the indicator ("by age 5" stays unmatched)', () => {
    expect(withoutLimit('which 5 countries spend most on health')).toBe('which countries spend most on health');
    expect(withoutLimit('top 10 countries for obesity')).toBe('top countries for obesity');
  });
});

describe('breakdowns', () => {
  it.each([
    ['life expectancy for women and men in 2015', 'SEX', ['FMLE', 'MLE']],
    ['expectativa de vida de homens e mulheres', 'SEX', ['FMLE', 'MLE']],
    ['suicide rate by sex in europe', 'SEX', null],
    ['taxa de suicidio por sexo na europa', 'SEX', null],
    ['obesidade no sexo feminino', 'SEX', ['FMLE']],
    ['sanitation in urban and rural areas', 'RESIDENCEAREATYPE', ['URB', 'RUR']],
  ])('%s', (text, type, values) => {
    const { request, text: rest } = readParts(text);
    expect(request).toMatchObject({ type, values });
    expect(rest).not.toMatch(/\b(women|men|homens|mulheres|feminino|urban|rural|sexo|sex)\b/);
  });

  it('reads nothing from a question without such words, and leaves words of a label alone', () => {
    expect(readParts('life expectancy in oman').request).toBeNull();
    const { request } = readParts('total fertility rate per woman');
    expect(labelUsesWords(column('WHS9_95', 'Total fertility rate (per woman)'), request!)).toBe(true);
  });

  it('finds the columns of the parts asked for, in display order, or null when the indicator has none', () => {
    const female = column('X-SEX_FMLE', 'X', { type: 'SEX', value: 'FMLE' });
    const male = column('X-SEX_MLE', 'X', { type: 'SEX', value: 'MLE' });
    const both = column('X-SEX_BTSX', 'X', { type: 'SEX', value: 'BTSX' });
    const dataset = { breakdowns: new Map([['X', [both, female, male]]]) } as unknown as AnalysisDataset;
    expect(partColumns(dataset, column('X', 'X'), { type: 'SEX', values: ['MLE', 'FMLE'], words: [] })).toEqual([female, male]);
    expect(partColumns(dataset, column('X', 'X'), { type: 'SEX', values: null, words: [] })).toEqual([female, male, both]);
    expect(partColumns(dataset, column('Y', 'Y'), { type: 'SEX', values: ['FMLE'], words: [] })).toBeNull();
    expect(partColumns(dataset, column('X', 'X'), { type: 'RESIDENCEAREATYPE', values: ['URB'], words: [] })).toBeNull();
  });
});

describe('coverage by year and the list of indicators', () => {
  it.each([
    ['Which years have the best coverage for hospital beds?', true],
    ['Which year has the most countries with data for physicians density?', true],
    ['Em quais anos a obesidade foi medida?', true],
    ['Quais anos têm a melhor cobertura?', true],
    ['Which year had the highest measles immunization coverage?', false],
    ['Qual região tem a menor cobertura de vacinação contra sarampo em 2016?', false],
    ['What is the trend of life expectancy?', false],
  ])('%s -> %s', (question, expected) => {
    expect(asksCoverageByYear(normalise(question))).toBe(expected);
  });

  it.each([
    ['Quais indicadores estão disponíveis?', true],
    ['Which indicators are in the chosen data?', true],
    ['Liste os indicadores escolhidos', true],
    ['Show me the indicators', true],
    ['Which region has the lowest DTP3 coverage?', false],
  ])('%s -> %s', (question, expected) => {
    expect(asksIndicatorList(normalise(question))).toBe(expected);
  });
});
