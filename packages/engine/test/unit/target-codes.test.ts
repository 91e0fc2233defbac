import { LIMITS } from '@indicata/contracts';
import { codesAsClassesArgument, targetCodes } from '../../src/preprocess/target-classes.ts';
import { parseClasses } from '../../src/cli/args.ts';

describe('targetCodes: a target that arrives already coded as classes', () => {
  it('gives the distinct whole numbers in order, missing values left aside', () => {
    expect(targetCodes(Float64Array.from([3, 1, NaN, 1, 2, 5, 3]))).toEqual([1, 2, 3, 5]);
  });

  it('is null for a target with a fraction, with one value only, or with more codes than the limit', () => {
    expect(targetCodes([1, 2, 2.5])).toBeNull();
    expect(targetCodes([4, 4, NaN])).toBeNull();
    expect(targetCodes(Array.from({ length: LIMITS.targetCodesMax + 1 }, (_, i) => i))).toBeNull();
    expect(targetCodes(Array.from({ length: LIMITS.targetCodesMax }, (_, i) => i))).toHaveLength(LIMITS.targetCodesMax);
  });
});

describe('codesAsClassesArgument: the command line\'s --classes for a coded target', () => {
  it('reads back as one class per code, titled by it', () => {
    expect(codesAsClassesArgument([-1, 0, 2])).toBe('-1:-1.5:-0.5,0:-0.5:0.5,2:1.5:2.5');
    expect(parseClasses(codesAsClassesArgument([1, 2, 5]))).toEqual([
      { title: '1', min: 0.5, max: 1.5 },
      { title: '2', min: 1.5, max: 2.5 },
      { title: '5', min: 4.5, max: 5.5 },
    ]);
  });
});
