import { analyseQuestion } from './analyst.ts';
import type { AnalysisDataset } from './dataset.ts';

/** Three countries over two years: a target and one input. */
function dataset(): AnalysisDataset {
  return {
    kind: 'upload',
    space: ['A', 'B', 'C', 'A', 'B', 'C'],
    time: [2015, 2015, 2015, 2016, 2016, 2016],
    region: null,
    target: 'mortality',
    columns: [
      { name: 'mortality', label: 'mortality', values: Float64Array.from([10, 20, 30, 12, 22, 31]) },
      { name: 'income', label: 'income', values: Float64Array.from([5, 3, 1, 6, 3, 1]) },
    ],
  };
}

describe('"the target" in a question names the chosen target', () => {
  it.each([
    ['How is the target distributed?', 'en', 'distribution'],
    ['What is the median of the target in 2016?', 'en', 'distribution'],
    ['How has the target changed over the years?', 'en', 'trend'],
    ['Which place had the highest target in 2016?', 'en', 'ranking'],
    ['Qual a distribuição do alvo?', 'pt-BR', 'distribution'],
  ] as const)('%s (%s) -> %s of the target', (question, locale, kind) => {
    const answer = analyseQuestion(question, dataset(), locale);
    expect(answer.outcome.kind).toBe(kind);
    expect(JSON.stringify(answer.outcome)).toContain('"name":"mortality"');
  });

  it.each([
    ['Which indicators relate most to the target?'],
    ['What is most related to the target?'],
    ['Quais indicadores mais se relacionam com o alvo?'],
  ])('%s -> the inputs related to it', (question) => {
    expect(analyseQuestion(question, dataset(), 'en').outcome.kind).toBe('related');
  });
});
