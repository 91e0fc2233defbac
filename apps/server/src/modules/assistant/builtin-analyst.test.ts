import type { PanelFrame } from '@indicata/engine/data/frame';
import { builtinAnswer, mentionedColumns, questionTopics } from './builtin-analyst.ts';
import { collectFacts, unsupportedNumbers } from './number-check.ts';
import { htmlToText } from './sanitize.ts';
import { findTargetColumn, pearson, profileFrame } from './profile.ts';

const frame: PanelFrame = {
  spaceColumn: 'countryName',
  timeColumn: 'year',
  regionColumn: 'regionName',
  space: ['A', 'A', 'A', 'B', 'B', 'B'],
  time: [2000, 2001, 2002, 2000, 2001, 2002],
  region: ['Europe', 'Europe', 'Europe', 'Africa', 'Africa', 'Africa'],
  columns: [
    { name: 'LIFE-SEX_BTSX', values: Float64Array.from([70, 71, 72, 60, 61, 62]) },
    { name: 'DOCS', values: Float64Array.from([30, 31, NaN, 10, 11, 12]) },
    { name: 'WATER', values: Float64Array.from([NaN, NaN, NaN, NaN, 5, NaN]) },
  ],
};
const labels = { LIFE: 'Life expectancy', DOCS: 'Doctors per 10 000', WATER: 'Safe water' };

describe('profileFrame', () => {
  test('computes coverage, statistics, years, regions and correlation with the target', () => {
    const profile = profileFrame(frame, { database: 'WHO', kind: 'who', labels, target: 'LIFE' });
    expect(profile.target).toEqual({ name: 'LIFE-SEX_BTSX', label: 'Life expectancy' });
    expect(profile.rows).toBe(6);
    expect(profile.years).toEqual({ first: 2000, last: 2002, count: 3 });
    expect(profile.regions).toEqual([{ name: 'Europe', rows: 3 }, { name: 'Africa', rows: 3 }]);
    expect(profile.columns.map((c) => c.name)).toEqual(['LIFE-SEX_BTSX', 'DOCS', 'WATER']);
    const docs = profile.columns[1]!;
    expect(docs).toMatchObject({ present: 5, coverage: 0.8333, min: 10, max: 31, median: 12, firstYear: 2000, lastYear: 2002 });
    expect(docs.correlationWithTarget).toBeCloseTo(pearson(frame.columns[1]!.values, frame.columns[0]!.values)!, 3);
    expect(profile.columns[2]!.correlationWithTarget).toBeNull();
  });

  test('finds a target column by exact name or code prefix', () => {
    expect(findTargetColumn(frame, 'DOCS')?.name).toBe('DOCS');
    expect(findTargetColumn(frame, 'LIFE')?.name).toBe('LIFE-SEX_BTSX');
    expect(findTargetColumn(frame, 'NOPE')).toBeNull();
  });
});

describe('built-in analyst', () => {
  const profile = profileFrame(frame, { database: 'WHO', kind: 'who', labels, target: 'LIFE' });

  test('recognises topics and named columns', () => {
    expect(questionTopics('Which indicators have missing values?')).toEqual(expect.arrayContaining(['coverage', 'columns']));
    expect(questionTopics('Quais anos estão disponíveis?')).toContain('years');
    expect(mentionedColumns('How complete is the doctors data?', profile.columns).map((c) => c.name)).toEqual(['DOCS']);
  });

  test('answers from the facts, says it is not a language model, and states no number the profile lacks', () => {
    const answer = builtinAnswer('Which indicators have missing values, and what correlates with the target?', profile);
    const text = htmlToText(answer);
    expect(text).toContain('not written by a language model');
    expect(text).toContain('Safe water (WATER): 16.7% of rows (1)');
    expect(text).toMatch(/Doctors per 10 000 \(DOCS\): r = 0\.9/);
    expect(unsupportedNumbers(text, collectFacts(profile))).toEqual([]);
  });

  test('answers in Portuguese', () => {
    expect(htmlToText(builtinAnswer('Quais regiões?', profile, 'pt-BR'))).toContain('Linhas por região');
  });

  test('says when no target is chosen for a correlation question', () => {
    const noTarget = profileFrame(frame, { database: 'WHO', kind: 'who', labels });
    expect(htmlToText(builtinAnswer('What correlates with life expectancy?', noTarget))).toContain('Choose a target');
  });
});
