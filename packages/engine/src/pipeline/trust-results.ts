import type { ModelFamily, ModelResult, ResultAlgorithm, TrustReport } from '@indicata/contracts';
import type { FoldData } from '../search/search.ts';
import type { Finalist } from '../search/select.ts';
import type { FitResult } from '../search/fit-task.ts';
import { combineProbabilities } from '../search/ensemble.ts';
import type { RuleCandidate } from './rules.ts';
import { oneHot, trustOf, withTrust, type ModelProbabilities, type TrustContext } from '../trust/trust.ts';

/** What the run's models predicted, for their prediction sets and calibration (validation per fold, and test). */
export interface TrustInputs {
  finalists: Finalist[];
  finals: Map<ModelFamily, FitResult>;
  /** The ensemble's member weights when it has test results. */
  ensembleWeights: { algorithm: ModelFamily; weight: number }[] | null;
  /** The rules with their test predictions (when they were candidates). */
  rules: { candidate: RuleCandidate; test: Int32Array }[];
  folds: FoldData[];
  ctx: TrustContext;
}

/** Splits pooled rows (row-major, `width` values a row) back into the folds' parts. */
function byFold(pooled: Float64Array, folds: FoldData[], width: number): Float64Array[] {
  let offset = 0;
  return folds.map((f) => {
    const part = pooled.slice(offset, offset + f.yValidation.length * width);
    offset += f.yValidation.length * width;
    return part;
  });
}

/**
 * Adds prediction sets and calibration to every model of the results (each fitted on its own validation
 * probabilities) and returns the recommended model's trust report.
 * @param models the results' models (changed in place)
 * @param best the recommended algorithm
 * @param inputs the models' validation and test probabilities
 */
export function attachTrust(models: Partial<Record<ResultAlgorithm, ModelResult>>, best: ResultAlgorithm, inputs: TrustInputs): TrustReport | undefined {
  const { ctx, folds } = inputs;
  const probabilitiesOf = new Map<ResultAlgorithm, ModelProbabilities>();
  // The folds every given finalist was scored on (the budget may have stopped one before its earlier folds).
  const scoredFolds = (members: Finalist[]) => folds.map((_, k) => k).filter((k) => members.every((m) => m.scored.foldProbabilities[k]));
  for (const f of inputs.finalists) {
    const final = inputs.finals.get(f.family);
    const ks = scoredFolds([f]);
    if (final && ks.length > 0) {
      probabilitiesOf.set(f.family, {
        validation: ks.map((k) => f.scored.foldProbabilities[k] as Float64Array),
        validationActual: ks.map((k) => folds[k].yValidation),
        test: final.probabilities[0],
      });
    }
  }
  if (inputs.ensembleWeights) {
    const members = inputs.ensembleWeights.map((w) => ({ w, f: inputs.finalists.find((x) => x.family === w.algorithm) as Finalist }));
    const ks = scoredFolds(members.map((m) => m.f));
    if (ks.length > 0) {
      probabilitiesOf.set('Ensemble', {
        validation: ks.map((k) => combineProbabilities(members.map((m) => m.f.scored.foldProbabilities[k] as Float64Array), members.map((m) => m.w.weight))),
        validationActual: ks.map((k) => folds[k].yValidation),
        test: combineProbabilities(members.map((m) => (inputs.finals.get(m.w.algorithm) as FitResult).probabilities[0]), members.map((m) => m.w.weight)),
      });
    }
  }
  for (const { candidate, test } of inputs.rules) {
    probabilitiesOf.set(candidate.name, {
      validation: byFold(oneHot(candidate.predictions, ctx.nClasses), folds, ctx.nClasses),
      validationActual: folds.map((f) => f.yValidation),
      test: oneHot(test, ctx.nClasses),
    });
  }
  let report: TrustReport | undefined;
  for (const [algorithm, probabilities] of probabilitiesOf) {
    const model = models[algorithm];
    if (!model) continue;
    const trust = trustOf(probabilities, ctx);
    models[algorithm] = withTrust(model, trust, ctx);
    if (algorithm === best) report = trust.report;
  }
  return report;
}
