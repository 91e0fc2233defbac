import { z } from 'zod';

/**
 * Algorithms that produce predictions: the five families, the soft-voting ensemble, and the rules every model is
 * measured against (persistence: each place keeps its class of its latest earlier year; majority: the most frequent
 * training class; trend, when the target's history is offered: the class of the value the place's latest yearly
 * change projects), which the run recommends when no model beats the best of them on validation by more than the noise.
 */
export const RESULT_ALGORITHMS = ['ANN', 'KNN', 'SVM', 'DT', 'RF', 'Ensemble', 'Persistence', 'Majority', 'Trend'] as const;
/** The rules among RESULT_ALGORITHMS. */
export const RULE_ALGORITHMS = ['Persistence', 'Majority', 'Trend'] as const;
export type RuleAlgorithm = (typeof RULE_ALGORITHMS)[number];
export const resultAlgorithmSchema = z.enum(RESULT_ALGORITHMS);
export type ResultAlgorithm = z.infer<typeof resultAlgorithmSchema>;
