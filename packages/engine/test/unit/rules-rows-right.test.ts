import { singleChoice } from '../../src/pipeline/choose.ts';
import { weighRules, type RuleCandidate } from '../../src/pipeline/rules.ts';
import { macroF1 } from '../../src/metrics/classification.ts';
import { bootstrapStandardError, pooledLabels } from '../../src/search/select.ts';
import { createRng } from '../../src/data/random.ts';
import type { FoldData } from '../../src/search/search.ts';
import { ruleOver, weakModelOver } from '../helpers/rule-candidates.ts';

/**
 * Whether the trend rule stands beside persistence when its macro-F1 lead is a trade: rows of a small class put right,
 * as many rows of the large class put wrong. Every class has enough validation rows for the whole score to count.
 */
const CLASSES = 3;

/** Two folds of 400 rows: class 0 on 85% of them, class 1 on 10%, class 2 on 5%. */
function skewedFolds(): FoldData[] {
  const rng = createRng(5);
  const fold = () => Int32Array.from({ length: 400 }, () => {
    const u = rng.next();
    return u < 0.85 ? 0 : u < 0.95 ? 1 : 2;
  });
  return [{ yValidation: fold() } as FoldData, { yValidation: fold() } as FoldData];
}

const folds = skewedFolds();
const labels = pooledLabels(folds);

/** "Same class as last year": right on every class-0 row and on half of the others, which it calls class 0. */
function persistenceLike(): Int32Array {
  let seen = 0;
  return Int32Array.from(labels, (y) => (y === 0 ? 0 : seen++ % 2 === 0 ? y : 0));
}

const ruleOf = (name: RuleCandidate['name'], predictions: Int32Array) => ruleOver(labels, CLASSES, name, predictions);

const weakModel = () => weakModelOver(labels, CLASSES, 0.8);

const rowsRight = (predicted: Int32Array) => predicted.reduce((n, p, i) => n + (p === labels[i] ? 1 : 0), 0);

/**
 * Trend: persistence with `gained` of its wrong rows of class 2 put right and `lost` of its right class-0 rows put in
 * class 1.
 */
function trendLike(gained: number, lost: number): Int32Array {
  const persistence = persistenceLike();
  const trend = persistence.slice();
  const wrongRare = [...trend.keys()].filter((i) => labels[i] === 2 && trend[i] !== 2);
  for (const i of wrongRare.slice(0, gained)) trend[i] = 2;
  const rightCommon = [...trend.keys()].filter((i) => labels[i] === 0);
  for (const i of rightCommon.slice(0, lost)) trend[i] = 1;
  return trend;
}

describe('the trend rule beside persistence, when its lead is rows of a small class traded for rows of a large one', () => {
  const persistence = persistenceLike();
  const verdictWith = (trend: Int32Array) =>
    weighRules(singleChoice(weakModel(), 'test'), [ruleOf('Persistence', persistence), ruleOf('Trend', trend)], folds, CLASSES, 1);

  it('does not stand when it is right on no more rows than persistence, though ahead by more than the noise', () => {
    const trend = trendLike(8, 8);
    expect(rowsRight(trend)).toBe(rowsRight(persistence));
    const lead = macroF1(labels, trend, CLASSES) - macroF1(labels, persistence, CLASSES);
    expect(lead).toBeGreaterThan(bootstrapStandardError(labels, trend, persistence, CLASSES, 1, macroF1, 2000));
    expect(verdictWith(trend).recommended?.name).toBe('Persistence');
  });

  it('stands when the same lead comes with more rows right', () => {
    const trend = trendLike(9, 8);
    expect(rowsRight(trend)).toBe(rowsRight(persistence) + 1);
    expect(verdictWith(trend).recommended?.name).toBe('Trend');
  });
});
