import { analyseQuestion } from './analyst.ts';
import type { AnalysisDataset } from './dataset.ts';

/** Four rows, three indicators missing 0, 1 and 3 values. */
function dataset(): AnalysisDataset {
  return {
    kind: 'upload',
    space: ['A', 'B', 'C', 'D'],
    time: [2015, 2015, 2015, 2015],
    region: null,
    target: null,
    columns: [
      { name: 'sparse', label: 'sparse', values: Float64Array.from([1, NaN, NaN, NaN]) },
      { name: 'full', label: 'full', values: Float64Array.from([1, 2, 3, 4]) },
      { name: 'gappy', label: 'gappy', values: Float64Array.from([1, 2, NaN, 4]) },
    ],
  };
}

/** The indicator column of the answer's table, top to bottom. */
const tableOrder = (html: string) => [...html.matchAll(/<tr><td>([^<]+)<\/td>/g)].map((m) => m[1]);

describe("the analyst's missing values, in the order the question asks for", () => {
  it.each([
    ['Which indicators have the fewest missing values?', 'en', 'full has a value in all 4 rows of the chosen data.'],
    ['Which indicators are the most complete? Any missing values?', 'en', 'full has a value in all 4 rows'],
    ['Quais indicadores têm menos valores ausentes?', 'pt-BR', 'full tem valor em todas as 4 linhas dos dados escolhidos.'],
  ] as const)('%s: fewest first', (question, locale, sentence) => {
    const answer = analyseQuestion(question, dataset(), locale);
    expect(answer.html).toContain(sentence);
    expect(tableOrder(answer.html)).toEqual(['full', 'gappy', 'sparse']);
  });

  it.each([
    ['Which indicators miss the most values?', 'en', 'sparse misses the most values: 3 of 4 rows'],
    ['Which indicators have missing values?', 'en', 'sparse misses the most values'],
    ['Quais indicadores têm mais valores ausentes?', 'pt-BR', 'sparse é o indicador com mais valores ausentes: 3 de 4 linhas'],
  ] as const)('%s: most first', (question, locale, sentence) => {
    const answer = analyseQuestion(question, dataset(), locale);
    expect(answer.html).toContain(sentence);
    expect(tableOrder(answer.html)).toEqual(['sparse', 'gappy', 'full']);
  });

  it('names every complete indicator when several tie for the fewest, and the fewest when none is complete', () => {
    const data = dataset();
    data.columns.push({ name: 'also', label: 'also', values: Float64Array.from([1, 1, 1, 1]) });
    expect(analyseQuestion('Which indicators have the fewest missing values?', data, 'en').html).toContain('2 indicators have a value in all 4 rows of the chosen data: also, full.');
    const gappy = dataset();
    gappy.columns = gappy.columns.filter((c) => c.name !== 'full');
    expect(analyseQuestion('Which indicators have the fewest missing values?', gappy, 'en').html).toContain('gappy misses the fewest values: 1 of 4 rows (25.0%) of the chosen data.');
  });
});
