import { LIMITS } from './limits.ts';
import { codeClasses, targetCodes } from './target-codes.ts';

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

describe('codeClasses: one class per code', () => {
  it('titles each class by its code and keeps it half a unit either side, zero and negative codes included', () => {
    expect(codeClasses([-1, 0, 2])).toEqual([
      { title: '-1', min: -1.5, max: -0.5 },
      { title: '0', min: -0.5, max: 0.5 },
      { title: '2', min: 1.5, max: 2.5 },
    ]);
  });
});
