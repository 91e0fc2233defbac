import { analyseQuestion } from './analyst.ts';
import type { AnalysisDataset } from './dataset.ts';
import { runPlan } from './run.ts';
import { planOfToolCall } from './tools.ts';

/** Four places in two regions, 2000-2002: A rises by 10, B by 2, C falls by 6, D has no value in 2002. */
function dataset(): AnalysisDataset {
  const nan = Number.NaN;
  return {
    kind: 'who',
    space: ['A', 'B', 'C', 'D', 'A', 'B', 'C', 'D', 'A', 'B', 'C', 'D'],
    time: [2000, 2000, 2000, 2000, 2001, 2001, 2001, 2001, 2002, 2002, 2002, 2002],
    region: ['Africa', 'Africa', 'Europe', 'Europe', 'Africa', 'Africa', 'Europe', 'Europe', 'Africa', 'Africa', 'Europe', 'Europe'],
    target: 'mortality',
    columns: [
      { name: 'mortality', label: 'mortality', values: Float64Array.from([10, 20, 30, 40, 15, 21, 28, 41, 20, 22, 24, nan]) },
      { name: 'income', label: 'income', values: Float64Array.from([1, 2, 3, 4, 1, 2, 3, 4, 1, 2, 3, 4]) },
    ],
  };
}

const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

describe('the largest increases and decreases', () => {
  it('ranks countries by their change from the first to the last year the indicator has', () => {
    const answer = analyseQuestion('Which country had the largest increase of the target?', dataset(), 'en');
    expect(answer.outcome).toMatchObject({ kind: 'change-ranking', result: { from: 2000, to: 2002, by: 'place', direction: 'increase', total: 3 } });
    expect(text(answer.html)).toContain('Between 2000 and 2002, the largest increase of mortality was A (+10).');
    // Every place with both years, in the asked order, with both values; D lacks 2002.
    expect(text(answer.html)).toContain('1 A 10 20 +10 2 B 20 22 +2 3 C 30 24 -6');
  });

  it('names only places that fell when asked for decreases, between the years named, by region when asked', () => {
    const fall = analyseQuestion('Which countries had the biggest decrease in mortality between 2000 and 2002?', dataset(), 'en');
    expect(text(fall.html)).toContain('Between 2000 and 2002, the largest decrease of mortality was C (-6).');
    const regions = analyseQuestion('Which region had the biggest increase in mortality between 2000 and 2001?', dataset(), 'en');
    // Africa: 15 -> 18 (+3); Europe: 35 -> 34.5 (-0.5).
    expect(regions.outcome).toMatchObject({ kind: 'change-ranking', result: { by: 'region', from: 2000, to: 2001 } });
    expect(text(regions.html)).toContain('Between 2000 and 2001, the largest increase of mortality was Africa (+3).');
    const none = analyseQuestion('Which country had the largest increase of income?', dataset(), 'en');
    expect(text(none.html)).toContain('Between 2000 and 2002, no increase of income');
  });

  it('gives a language model the same ranking through the rank_change tool', () => {
    const plan = planOfToolCall('rank_change', { indicator: 'mortality', direction: 'decrease', first_year: 2000, second_year: 2002 }, dataset());
    expect(runPlan(plan, dataset())).toMatchObject({ kind: 'change-ranking', result: { direction: 'decrease', from: 2000, to: 2002, items: [{ name: 'C', change: -6 }, { name: 'B' }, { name: 'A' }] } });
  });

  it('"which places ... the target" is a ranking of changes too, not the inputs related to the target', () => {
    expect(analyseQuestion('Which places had the largest decrease of the target?', dataset(), 'en').outcome).toMatchObject({ kind: 'change-ranking', result: { direction: 'decrease' } });
  });

  it('in Portuguese', () => {
    const answer = analyseQuestion('Qual país teve a maior queda do alvo?', dataset(), 'pt-BR');
    expect(text(answer.html)).toContain('Entre 2000 e 2002, a maior queda de mortality foi C (-6).');
  });

  it('leaves the other questions where they were: the highest value, a trend', () => {
    expect(analyseQuestion('Which country has the highest mortality in 2002?', dataset(), 'en').outcome.kind).toBe('ranking');
    expect(analyseQuestion('Qual país tem a mortality mais alta em 2002?', dataset(), 'pt-BR').outcome.kind).toBe('ranking');
    expect(analyseQuestion('Is the target increasing over time?', dataset(), 'en').outcome.kind).toBe('trend');
  });
});

describe('a figure per region, and the target of one place', () => {
  it('"the average ... by region" gives every region\'s mean', () => {
    const answer = analyseQuestion('What is the average target by region in 2002?', dataset(), 'en');
    expect(answer.outcome).toMatchObject({ kind: 'ranking', result: { by: 'region', year: 2002 } });
    expect(text(answer.html)).toContain('1 Europe 24 1 2 Africa 21 2');
  });

  it('"show the target for Angola" gives its values year by year, not the inputs related to the target', () => {
    const named = { ...dataset(), space: dataset().space.map((s) => ({ A: 'Angola', B: 'Brazil', C: 'Chile', D: 'Denmark' })[s]!) };
    const answer = analyseQuestion('Show the target for Angola', named, 'en');
    expect(answer.outcome).toMatchObject({ kind: 'trend', result: { scope: { kind: 'place', name: 'Angola' } } });
  });
});

describe('places written as codes', () => {
  const coded = () => ({ ...dataset(), kind: 'upload' as const, space: dataset().space.map((s) => ({ A: 'BRA', B: 'ARG', C: 'PER', D: 'CAN' })[s]!) });

  it('a code in capitals names its place: its trend, two places compared', () => {
    expect(analyseQuestion('What is the trend of the target in BRA?', coded(), 'en').outcome).toMatchObject({ kind: 'trend', result: { scope: { kind: 'place', name: 'BRA' } } });
    expect(analyseQuestion('Compare mortality in BRA and ARG in 2001', coded(), 'en').outcome).toMatchObject({ kind: 'compare' });
  });

  it('without an indicator named, the target is meant: two places compared', () => {
    expect(analyseQuestion('Compare BRA and ARG', coded(), 'en').outcome).toMatchObject({ kind: 'compare', result: { indicator: { name: 'mortality' } } });
  });

  it('regions asked of data without regions: places ranked, and the answer says why', () => {
    const answer = analyseQuestion('Which region has the highest target in 2002?', { ...coded(), region: null }, 'en');
    expect(answer.outcome).toMatchObject({ kind: 'ranking', noRegions: true, result: { by: 'place' } });
    expect(text(answer.html)).toContain('The chosen data has no regions, so its places are ranked instead.');
  });

  it('the same letters in lower case are words, not places ("per", "can")', () => {
    const answer = analyseQuestion('What is the average mortality per region in 2002?', coded(), 'en');
    expect(answer.outcome).toMatchObject({ kind: 'ranking', result: { by: 'region' } });
    expect(analyseQuestion('How can mortality be distributed in 2002?', coded(), 'en').outcome).toMatchObject({ kind: 'distribution', result: { scope: { kind: 'world' } } });
  });
});
