/** Rule candidates and a weak model over given pooled validation labels, for the tests of weighRules (rules.ts). */
import type { RuleCandidate } from '../../src/pipeline/rules.ts';
import { macroF1 } from '../../src/metrics/classification.ts';
import type { Finalist } from '../../src/search/select.ts';

/** A rule candidate with the given pooled predictions (two folds, whose own scores the weighing does not read). */
export function ruleOver(labels: Int32Array, nClasses: number, name: RuleCandidate['name'], predictions: Int32Array): RuleCandidate {
  return { name, predictions, pooled: macroF1(labels, predictions, nClasses), foldScores: [0, 0] };
}

/**
 * A weak model that always answers class 0 (probability `top` there), so a rule is recommended and the verdict names
 * the rule that stands.
 */
export function weakModelOver(labels: Int32Array, nClasses: number, top: number): Finalist {
  const probabilities = new Float64Array(labels.length * nClasses).fill(0.1);
  for (let i = 0; i < labels.length; i++) probabilities[i * nClasses] = top;
  return finalistOver(labels, nClasses, 'DT', new Int32Array(labels.length), probabilities);
}

/** A finalist of `family` with the given pooled validation predictions (two folds, whose own scores are not read). */
export function finalistOver(labels: Int32Array, nClasses: number, family: Finalist['family'], predictions: Int32Array, probabilities = new Float64Array(labels.length * nClasses)): Finalist {
  return { family, params: {}, predictions, probabilities, foldScores: [0, 0], pooled: macroF1(labels, predictions, nClasses), reason: 'test' } as unknown as Finalist;
}
