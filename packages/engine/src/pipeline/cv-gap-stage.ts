import type { AutoMLResults, ReplayRecord } from '@indicata/contracts';
import type { FoldData } from '../search/search.ts';
import { gapFoldCount, measureCvGap, predictGapSeconds, type ChosenConfiguration, type CvGapOptions, type FoldShape } from './cv-gap.ts';
import { replayedOr } from './replay.ts';

export interface CvGapStageInput {
  trainRows: number;
  /** The configured number of random folds. */
  randomFolds: number;
  /** A replay's record of the stage (undefined in a live run). */
  recorded: ReplayRecord['cvGap'] | undefined;
  /** The random folds of an input set (only the folds used are built). */
  foldsOf: (inputs: string, k: number) => FoldData[];
  shapesOf: (inputs: string, k: number) => FoldShape[];
  options: CvGapOptions;
}

/**
 * The CV-gap stage of a run: the chosen configuration's random k-fold score beside its forward-chaining one, on the
 * configured number of folds or the most of fewer (down to 3) that fit the time left; a replay fits the recorded
 * number with no clock, or gives the recorded reason it was skipped.
 * @param chosen the chosen configuration
 * @param input the training-row count, fold builders, options and any recorded outcome
 * @returns the gap (or why it is missing) and the stage's replay record
 */
export async function cvGapStage(
  chosen: ChosenConfiguration,
  input: CvGapStageInput,
): Promise<{ cvGap: AutoMLResults['cvGap']; cvGapSkippedReason: string | null; record: ReplayRecord['cvGap'] }> {
  if (input.trainRows < input.randomFolds * 2) return { cvGap: null, cvGapSkippedReason: 'too few training rows for random k-fold', record: null };
  const { budget, costs, runner, nClasses } = input.options;
  const members = chosen.members.map((m) => m.finalist);
  let record: ReplayRecord['cvGap'] = null;
  const gap = await replayedOr(input.recorded, (recordedFolds) => {
    const k =
      recordedFolds ??
      gapFoldCount(input.randomFolds, Math.min(3, input.randomFolds), (folds) =>
        budget.mayStart(predictGapSeconds(members, (inputs) => input.shapesOf(inputs, folds), costs, runner.threads, nClasses)),
      );
    record = { folds: k };
    return measureCvGap(chosen, (inputs) => input.foldsOf(inputs, k), (inputs) => input.shapesOf(inputs, k), input.options);
  });
  if ('cvGap' in gap) return { cvGap: gap.cvGap, cvGapSkippedReason: null, record };
  const reason = 'reason' in gap ? gap.reason : gap.skipped;
  return { cvGap: null, cvGapSkippedReason: reason, record: { skipped: reason } };
}
