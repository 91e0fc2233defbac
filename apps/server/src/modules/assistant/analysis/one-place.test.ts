import { analyseQuestion } from './analyst.ts';
import type { AnalysisDataset } from './dataset.ts';

const LIFE = 'Life expectancy at birth (years)';

/** Two countries over three years. */
function dataset(): AnalysisDataset {
  return {
    kind: 'who',
    space: ['Brazil', 'Chile', 'Brazil', 'Chile', 'Brazil', 'Chile'],
    time: [2013, 2013, 2014, 2014, 2015, 2015],
    region: null,
    target: null,
    columns: [{ name: 'WHOSIS_000001', label: LIFE, values: Float64Array.from([73.8, 79.3, 74.1, 79.5, 74.5, 79.7]) }],
  };
}

const headers = (html: string) => [...html.matchAll(/<th>([^<]+)<\/th>/g)].map((m) => m[1]);

describe("the analyst's figures of one country", () => {
  it('gives its values year by year, not a mean over places with a count column of ones', () => {
    const answer = analyseQuestion('How has life expectancy changed in Brazil since 2013?', dataset(), 'en');
    expect(answer.html).toContain(`${LIFE} (Brazil) went from 73.8 in 2013 to 74.5 in 2015`);
    expect(answer.html).not.toContain('mean over places');
    expect(headers(answer.html)).toEqual(['Year', 'Value']);
    const pt = analyseQuestion('Como mudou a expectativa de vida no Brasil desde 2013?', dataset(), 'pt-BR');
    expect(pt.html).not.toContain('média dos lugares');
    expect(headers(pt.html)).toEqual(['Ano', 'Valor']);
  });

  it('keeps the mean over places, and how many had a value, for the world', () => {
    const answer = analyseQuestion('How has life expectancy changed since 2013?', dataset(), 'en');
    expect(answer.html).toContain('mean over places with a value');
    expect(headers(answer.html)).toEqual(['Year', 'Mean', 'Countries with a value']);
  });

  it('ranks countries by their value, without a mean or a count column of ones; regions keep both', () => {
    const answer = analyseQuestion('Which country had the highest life expectancy in 2015?', dataset(), 'en');
    expect(headers(answer.html)).toEqual(['Rank', 'Country', 'Value']);
    expect(answer.visual?.series[0]?.name).toBe('Value');
    const pt = analyseQuestion('Qual país teve a maior expectativa de vida em 2015?', dataset(), 'pt-BR');
    expect(headers(pt.html)).toEqual(['Posição', 'País', 'Valor']);
  });

  it('compares two countries by their values, and one country over two years by its value', () => {
    const two = analyseQuestion('Compare life expectancy in Brazil and Chile', dataset(), 'en');
    expect(two.html).toContain(`In 2015, ${LIFE} was 74.5 in Brazil and 79.7 in Chile: a difference of +5.2.`);
    expect(headers(two.html)).toEqual(['Country', 'Value']);
    const years = analyseQuestion('Compare life expectancy in Brazil in 2013 and 2015', dataset(), 'en');
    expect(headers(years.html)).toEqual(['Year', 'Value']);
    const pt = analyseQuestion('Compare a expectativa de vida no Brasil e no Chile', dataset(), 'pt-BR');
    expect(headers(pt.html)).toEqual(['País', 'Valor']);
  });

  it("ranks one country's years by its value, and compares two countries in Portuguese without 'em Brasil'", () => {
    const years = analyseQuestion('In which year was life expectancy highest in Brazil?', dataset(), 'en');
    expect(years.html).toContain(`${LIFE} (Brazil) was highest in 2015: 74.5; lowest in 2013: 73.8.`);
    expect(headers(years.html)).toEqual(['Rank', 'Year', 'Value']);
    const pt = analyseQuestion('Compare a expectativa de vida do Brasil e do Chile', dataset(), 'pt-BR');
    expect(pt.html).toContain('Brasil 74,5 e Chile 79,7, uma diferença de +5,2.');
    expect(pt.html).not.toMatch(/em Brasil|em Chile/);
  });
});
