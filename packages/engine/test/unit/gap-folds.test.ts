import { describe, expect, it } from 'vitest';
import { gapFoldCount, randomFoldShapes } from '../../src/pipeline/cv-gap.ts';

describe('the CV gap fold count', () => {
  it('takes the most folds that fit, from the configured number down to the fewest', () => {
    expect(gapFoldCount(5, 3, () => true)).toBe(5);
    // 5 folds predicted just past the time left: 4 are used, not 3.
    expect(gapFoldCount(5, 3, (k) => k <= 4)).toBe(4);
    expect(gapFoldCount(5, 3, (k) => k <= 3)).toBe(3);
    // None fits: the fewest, which the gap stage then checks itself and reports as not computed.
    expect(gapFoldCount(5, 3, () => false)).toBe(3);
    expect(gapFoldCount(2, 2, () => false)).toBe(2);
  });

  it('predicts fold shapes from the rows split and the rows a model is fit on', () => {
    const shapes = randomFoldShapes(1000, 1500, 19, 4);
    expect(shapes).toHaveLength(4);
    // Oversampling makes each fold's training set larger than its share of the original rows; validation rows are
    // original rows only.
    expect(shapes[0]).toEqual({ train: { rows: 1125, cols: 19 }, validation: { rows: 250 } });
  });
});
