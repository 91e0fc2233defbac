import { jobDataProblems, manualClassProblems, testPercentProblem, testPercentRange, testYearProblem, type CheckedJobData, type JobDataFacts } from './job-checks.ts';

const facts: JobDataFacts = {
  source: 'WHO',
  timeDimension: 'year',
  regionDimension: 'regionName',
  targetDimensions: ['SEX_BTSX', 'SEX_FMLE'],
  years: [2000, 2001, 2002, 2003, 2004, 2005, 2006, 2007, 2008, 2009],
  regionYears: { Europe: [2000, 2001, 2002, 2003, 2004, 2005, 2006, 2007, 2008, 2009], Alpha: [2000, 2001, 2002] },
  indicators: ['F1'],
};
const valid: CheckedJobData = {
  codePredictionIndicator: 'LIFE',
  predictionIndicatorDimensions: ['SEX_BTSX'],
  predictionIndicatorYear: 2009,
  predictionIndicatorRegion: 'Europe',
  fracUsedToTest: null,
  timeDimension: 'year',
  regionDimension: 'regionName',
  indicatorsAnalyzingCode: [],
  groupsCategorizationFeatures: 'auto',
  groupsCategorizationManual: null,
};
const fieldsOf = (patch: Partial<CheckedJobData>) => jobDataProblems({ ...valid, ...patch }, facts).map((p) => p.field);

describe('job configuration checks against the data', () => {
  it('accepts a configuration that fits the data', () => {
    expect(jobDataProblems(valid, facts)).toEqual([]);
    expect(fieldsOf({ predictionIndicatorDimensions: ['FMLE'] })).toEqual([]);
    expect(fieldsOf({ predictionIndicatorYear: null, predictionIndicatorRegion: null, fracUsedToTest: 5 })).toEqual([]);
  });

  it('names the field of what the worker would refuse or ignore', () => {
    expect(fieldsOf({ predictionIndicatorDimensions: ['SEX_XXX'] })).toEqual(['predictionIndicatorDimensions']);
    expect(fieldsOf({ predictionIndicatorRegion: 'Atlantis' })).toEqual(['predictionIndicatorRegion']);
    expect(fieldsOf({ predictionIndicatorRegion: 'Alpha' })).toEqual(['predictionIndicatorRegion']);
    expect(fieldsOf({ predictionIndicatorYear: 1900 })).toEqual(['predictionIndicatorYear']);
    expect(fieldsOf({ predictionIndicatorYear: 2000, predictionIndicatorRegion: null })).toEqual(['predictionIndicatorYear']);
    expect(fieldsOf({ timeDimension: 'nope', regionDimension: 'nope' })).toEqual(['timeDimension', 'regionDimension']);
    expect(fieldsOf({ predictionIndicatorYear: null, predictionIndicatorRegion: null, fracUsedToTest: 0.0001 })).toEqual(['fracUsedToTest']);
    expect(fieldsOf({ predictionIndicatorYear: null, fracUsedToTest: 20 })).toEqual(['predictionIndicatorRegion']);
    expect(fieldsOf({ groupsCategorizationFeatures: JSON.stringify([{ indicator: 'NOPE', option: 'automatic', groups: 3 }]) })).toEqual(['groupsCategorizationFeatures']);
    expect(fieldsOf({ groupsCategorizationFeatures: JSON.stringify([{ indicator: 'LIFE', option: 'automatic', groups: 3 }]) })).toEqual(['groupsCategorizationFeatures']);
    expect(fieldsOf({ groupsCategorizationManual: { '1': ['low', 60, 40], '2': ['high', 60, 100] } })).toEqual(['groupsCategorizationManual']);
  });

  it('refuses a hand-picked list of the target alone, unless the target has other dimensions to use as inputs', () => {
    const oneDimension = { ...facts, targetDimensions: [] };
    const onlyTarget = { ...valid, predictionIndicatorDimensions: [], indicatorsAnalyzingCode: ['LIFE'] };
    expect(jobDataProblems(onlyTarget, oneDimension)).toEqual([
      { field: 'indicatorsAnalyzingCode', message: expect.stringContaining('hold only the target "LIFE"') },
    ]);
    expect(jobDataProblems({ ...onlyTarget, indicatorsAnalyzingCode: ['LIFE', 'F1'] }, oneDimension)).toEqual([]);
    // LIFE-SEX_FMLE stays an input of a LIFE-SEX_BTSX target.
    expect(fieldsOf({ indicatorsAnalyzingCode: ['LIFE'] })).toEqual([]);
  });

  it('says what is allowed, in English and Portuguese', () => {
    const [year] = jobDataProblems({ ...valid, predictionIndicatorYear: 1900 }, facts);
    expect(year.message).toBe('The target has no value in 1900; choose a year from 2000 to 2009 that has values (2000-2009).');
    const [dimension] = jobDataProblems({ ...valid, predictionIndicatorDimensions: ['SEX_XXX'] }, facts, 'pt-BR');
    expect(dimension.message).toBe('O alvo LIFE não tem a dimensão SEX_XXX; suas dimensões são SEX_BTSX, SEX_FMLE.');
    expect(testPercentProblem(0.0001, 10)).toBe(
      'With 10 years of the target, the percentage for testing must be from 5% to 95% so that at least one year is tested and one trained on; it was 0.0001%.',
    );
    expect(testPercentProblem(1, 27, 'pt-BR')).toContain('de 1,86% a 98,14%');
  });

  it('takes a test share of at least half a year and leaves half a year to train on', () => {
    expect(testPercentRange(10)).toEqual({ min: 5, max: 95 });
    expect(testPercentProblem(5, 10)).toBeNull();
    expect(testPercentProblem(95, 10)).toBeNull();
    expect(testPercentProblem(50, 1)).toContain('at least two years');
  });

  it('refuses manual classes with min not below max, and overlapping ones; touching ones are fine', () => {
    expect(manualClassProblems([{ title: 'a', min: 0, max: 10 }, { title: 'b', min: 10, max: 20 }])).toEqual([]);
    expect(manualClassProblems([{ title: 'a', min: 5, max: 5 }, { title: 'b', min: 10, max: 20 }])).toEqual(['Class 1 "a": its minimum 5 must be below its maximum 5.']);
    expect(manualClassProblems([{ title: 'b', min: 8, max: 20 }, { title: 'a', min: 0, max: 10 }])[0]).toContain('Classes "a" (0 to 10) and "b" (8 to 20) overlap');
  });

  it('refuses a test year with no earlier year to train on, a one-year target in its own words', () => {
    expect(testYearProblem(2016, [2016])).toBe('The target has values in 2016 only: no earlier year is left to train on. Choose a target with values in more than one year.');
    expect(testYearProblem(2016, [2016], 'pt-BR')).toContain('O alvo tem valores apenas em 2016');
    expect(testYearProblem(2010, [2010, 2011, 2012])).toContain('Choose a later year (2011-2012)');
    expect(testYearProblem(2009, [2010, 2011])).toContain('The target has no value in 2009');
    expect(testYearProblem(2011, [2011, 2010, 2011])).toBeNull();
  });
});
