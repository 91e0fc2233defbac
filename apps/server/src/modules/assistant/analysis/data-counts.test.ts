import { analyseQuestion } from './analyst.ts';
import type { AnalysisDataset } from './dataset.ts';
import { runPlan } from './run.ts';
import { planOfToolCall } from './tools.ts';

/**
 * Four places over four years. The target starts in 2015 and lacks D in 2016 and everyone in 2017; D has no value
 * of anything before 2016.
 */
function dataset(): AnalysisDataset {
  const nan = Number.NaN;
  return {
    kind: 'upload',
    space: ['A', 'B', 'C', 'D', 'A', 'B', 'C', 'D', 'A', 'B', 'C', 'D', 'A', 'B', 'C', 'D'],
    time: [2014, 2014, 2014, 2014, 2015, 2015, 2015, 2015, 2016, 2016, 2016, 2016, 2017, 2017, 2017, 2017],
    region: null,
    target: 'mortality',
    columns: [
      { name: 'mortality', label: 'mortality', values: Float64Array.from([nan, nan, nan, nan, 10, 20, 30, nan, 12, 22, 31, nan, nan, nan, nan, nan]) },
      { name: 'income', label: 'income', values: Float64Array.from([5, 3, 1, nan, 6, 3, 1, nan, 6, 3, 2, 4, 7, 3, 2, 4]) },
    ],
  };
}

const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

describe('questions about the chosen data as a whole', () => {
  it.each([
    ['How many countries are in the data?', 'en', 'The chosen data covers 4 places.'],
    ['How many places are there?', 'en', 'The chosen data covers 4 places.'],
    ['Quantos países há nos dados?', 'pt-BR', 'Os dados escolhidos cobrem 4 lugares.'],
    ['How many countries are in the data in 2014?', 'en', 'In 2014, 3 of the 4 places in the chosen data have a value of at least one chosen indicator.'],
  ] as const)('%s (%s) counts the places with any value', (question, locale, sentence) => {
    const answer = analyseQuestion(question, dataset(), locale);
    expect(answer.outcome).toMatchObject({ kind: 'count', result: { indicator: null } });
    expect(text(answer.html)).toContain(sentence);
  });

  it.each([
    ['How many years of data are there?', 'en'],
    ['Quantos anos de dados existem?', 'pt-BR'],
  ] as const)('%s (%s): the years covered', (question, locale) => {
    // Every chosen indicator's values, not the target's alone; first how many years.
    const answer = analyseQuestion(question, dataset(), locale);
    expect(answer.outcome).toMatchObject({ kind: 'coverage', result: { indicator: null } });
    expect(text(answer.html)).toContain(locale === 'en' ? 'The chosen data has values in 4 years, from 2014 to 2017.' : 'Os dados escolhidos têm valores em 4 anos, de 2014 a 2017.');
  });

  it('still counts the places of a named indicator', () => {
    const answer = analyseQuestion('How many places have data for income in 2015?', dataset(), 'en');
    expect(answer.outcome).toMatchObject({ kind: 'count', result: { indicator: { name: 'income' }, places: 3 } });
  });

  it.each([
    ['How many missing values does the target have?', 'en'],
    ['How many rows have a missing target?', 'en'],
    ['Quantos valores ausentes tem o alvo?', 'pt-BR'],
  ] as const)('%s (%s): the target\'s own gaps, not the inputs related to it', (question, locale) => {
    const answer = analyseQuestion(question, dataset(), locale);
    // 16 rows, 10 without a target; from 2015 to 2016 (its first and last years) only D lacks it, twice.
    expect(answer.outcome).toMatchObject({ kind: 'target-gaps', result: { rows: 16, missing: 10, inside: 2, first: 2015, last: 2016 } });
    expect(text(answer.html)).toContain(
      locale === 'en'
        ? 'The target mortality has no value in 10 of the 16 rows of the chosen data (62.5%); 2 of them fall between its first and last years with a value (2015–2016)'
        : 'O alvo mortality não tem valor em 10 das 16 linhas dos dados escolhidos (62,5%); 2 delas ficam entre o primeiro e o último ano com valor (2015–2016)',
    );
  });

  it('"which indicators miss the most values?" is about every indicator, not the target', () => {
    expect(analyseQuestion('Which indicators miss the most values?', dataset(), 'en').outcome).toMatchObject({ kind: 'missing', column: null });
    expect(analyseQuestion('Quais indicadores têm mais valores ausentes?', dataset(), 'pt-BR').outcome).toMatchObject({ kind: 'missing', column: null });
  });

  it("gives a language model the same answers: count_places without an indicator, missing_values of the target", () => {
    expect(runPlan(planOfToolCall('count_places', {}, dataset()), dataset())).toMatchObject({ kind: 'count', result: { indicator: null, places: 4 } });
    expect(runPlan(planOfToolCall('missing_values', { indicator: 'mortality' }, dataset()), dataset())).toMatchObject({ kind: 'target-gaps', result: { missing: 10, inside: 2 } });
    expect(runPlan(planOfToolCall('missing_values', {}, dataset()), dataset())).toMatchObject({ kind: 'missing' });
  });
});
