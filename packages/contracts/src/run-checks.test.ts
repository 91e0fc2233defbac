import { describe, expect, it } from 'vitest';
import { runAutoMLChecks } from './run-checks.ts';
import { MESSAGES } from './messages.ts';

const complete = {
  database: 'WHO',
  codePredictionIndicator: 'WHOSIS_000001',
  predictionIndicatorYear: 2015,
  fracUsedToTest: null,
  groupsCategorization: 3,
  groupsCategorizationManual: null,
};

describe('runAutoMLChecks', () => {
  it('passes a complete request', () => {
    expect(runAutoMLChecks(complete, 'Run 1')).toBeNull();
    expect(runAutoMLChecks({ ...complete, predictionIndicatorYear: null, fracUsedToTest: 1 }, 'x')).toBeNull();
    expect(runAutoMLChecks({ ...complete, predictionIndicatorYear: null, fracUsedToTest: 99 }, 'x')).toBeNull();
    expect(runAutoMLChecks({ ...complete, groupsCategorization: null, groupsCategorizationManual: { '1': ['a', 0, 1] } }, 'x')).toBeNull();
  });

  it('reports each failure with its own message', () => {
    expect(runAutoMLChecks({ ...complete, database: '' }, 'x')).toBe('noDatabase');
    expect(runAutoMLChecks({ ...complete, codePredictionIndicator: '' }, 'x')).toBe('noTargetCode');
    expect(runAutoMLChecks({ ...complete, fracUsedToTest: 20 }, 'x')).toBe('bothYearAndPercent');
    expect(runAutoMLChecks({ ...complete, predictionIndicatorYear: null }, 'x')).toBe('neitherYearNorPercent');
    expect(runAutoMLChecks({ ...complete, predictionIndicatorYear: null, fracUsedToTest: 101 }, 'x')).toBe('percentOutOfRange');
    expect(runAutoMLChecks({ ...complete, predictionIndicatorYear: null, fracUsedToTest: -1 }, 'x')).toBe('percentOutOfRange');
    // 0 % leaves no test rows and 100 % no training rows: refused at once, not a job that fails in the worker.
    expect(runAutoMLChecks({ ...complete, predictionIndicatorYear: null, fracUsedToTest: 0 }, 'x')).toBe('percentOutOfRange');
    expect(runAutoMLChecks({ ...complete, predictionIndicatorYear: null, fracUsedToTest: 100 }, 'x')).toBe('percentOutOfRange');
    expect(runAutoMLChecks({ ...complete, predictionIndicatorYear: null, fracUsedToTest: 'abc' }, 'x')).toBe('percentOutOfRange');
    expect(runAutoMLChecks({ ...complete, groupsCategorization: null }, 'x')).toBe('noGroupCount');
    expect(runAutoMLChecks({ ...complete, groupsCategorization: null, groupsCategorizationManual: {} }, 'x')).toBe('noGroupCount');
    expect(runAutoMLChecks(complete, '   ')).toBe('noName');
    expect(runAutoMLChecks(complete, undefined)).toBe('noName');
  });

  it('stops at the first failing check, in the spec order', () => {
    const everythingWrong = { predictionIndicatorYear: 2015, fracUsedToTest: 500 };
    const order: string[] = [];
    let data: Record<string, unknown> = { ...everythingWrong };
    let name = '';
    // Fix one check at a time; each fix reveals the next check of the spec's list.
    const fixes: (() => void)[] = [
      () => (data = { ...data, database: 'WHO' }),
      () => (data = { ...data, codePredictionIndicator: 'X' }),
      () => (data = { ...data, predictionIndicatorYear: null }),
      () => (data = { ...data, fracUsedToTest: 30 }),
      () => (data = { ...data, groupsCategorization: 5 }),
      () => (name = 'Run'),
    ];
    for (const fix of fixes) {
      const key = runAutoMLChecks(data, name);
      if (key) order.push(key);
      fix();
    }
    expect(runAutoMLChecks(data, name)).toBeNull();
    expect(order).toEqual(['noDatabase', 'noTargetCode', 'bothYearAndPercent', 'percentOutOfRange', 'noGroupCount', 'noName']);
    // Check 4 (neither set) comes before the range check and after "both set".
    expect(runAutoMLChecks({ database: 'WHO', codePredictionIndicator: 'X' }, '')).toBe('neitherYearNorPercent');
  });

  it('names existing messages with the spec texts', () => {
    expect(MESSAGES.noDatabase).toBe('You need to define the database (WHO or imported database).');
    expect(MESSAGES.noGroupCount).toBe('You need to define a total number of groups for target categorization.');
  });

  it('tolerates non-object data', () => {
    expect(runAutoMLChecks(null, 'x')).toBe('noDatabase');
    expect(runAutoMLChecks('junk', 'x')).toBe('noDatabase');
  });
});
