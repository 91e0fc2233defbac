import { analyseQuestion } from './analyst.ts';
import type { AnalysisDataset } from './dataset.ts';

const LIFE = 'Life expectancy at birth (years)';
const BEDS = 'Hospital beds (per 10 000 population)';

/** Three countries, two years, two WHO indicators: enough for a ranking and a trend. */
function whoDataset(kind: AnalysisDataset['kind'] = 'who'): AnalysisDataset {
  return {
    kind,
    space: ['Brazil', 'Chile', 'Peru', 'Brazil', 'Chile', 'Peru'],
    time: [2014, 2014, 2014, 2015, 2015, 2015],
    region: null,
    target: null,
    columns: [
      { name: 'WHOSIS_000001-SEX_BTSX', label: LIFE, values: Float64Array.from([74.1, 79.5, 74.9, 74.5, 79.7, 75.2]) },
      { name: 'WHS6_102', label: BEDS, values: Float64Array.from([22, 21, 16, 23, 22, 16]) },
    ],
  };
}

describe("the analyst's answers name WHO indicators in the reader's language", () => {
  it('understands a Portuguese question and answers it with the Portuguese title', () => {
    const answer = analyseQuestion('Qual país teve a maior expectativa de vida em 2015?', whoDataset(), 'pt-BR');
    expect(answer.outcome.kind).not.toBe('refuse');
    expect(answer.html).toContain('Expectativa de vida ao nascer');
    expect(answer.html).not.toContain(LIFE);
    // What was computed keeps WHO's title: only the written answer is translated.
    expect(JSON.stringify(answer.outcome)).toContain(LIFE);
  });

  it("keeps WHO's title in English and an upload's column names in any language", () => {
    expect(analyseQuestion('Which country had the highest life expectancy in 2015?', whoDataset(), 'en').html).toContain(LIFE);
    expect(analyseQuestion('Qual país teve a maior expectativa de vida em 2015?', whoDataset('upload'), 'pt-BR').html).toContain(LIFE);
  });
});
