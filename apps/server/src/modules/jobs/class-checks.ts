import { classSplitChecks, knnNeighborsProblem, type ClassCheckKind, type JobData, type JobFieldProblem, type SplitChoice } from '@indicata/contracts';
import type { TargetDiscretization } from '@indicata/engine/pipeline/config';
import type { AppContext } from '../../context.ts';
import { ApiError } from '../../http/errors.ts';
import { loadTargetRows, previewClasses, type TargetRows } from '../preview/target-classes.ts';
import { sharedUploadColumnReader } from '../preview/upload-column.ts';
import { refusal } from './data-checks.ts';

/**
 * The door's checks of a job's classes against its target's values (contracts class-checks.ts, the rule the
 * wizard's class preview shows): a split with nothing to train or test on, or a class no training row falls in, is
 * a 400 naming the field instead of a job that fails in the worker or reports figures nobody can judge.
 */

/** The job's split as the engine's outer split reads it. */
export function splitOfJob(data: JobData): SplitChoice {
  return data.predictionIndicatorYear !== null
    ? { mode: 'year', year: data.predictionIndicatorYear, region: data.predictionIndicatorRegion }
    : { mode: 'percent', percent: data.fracUsedToTest ?? 0 };
}

/** The job's target discretization, in the class table's order. */
export function discretizationOfJob(data: JobData): TargetDiscretization {
  if (data.groupsCategorizationManual !== null) {
    const classes = Object.entries(data.groupsCategorizationManual)
      .sort(([a], [b]) => Number(a) - Number(b))
      .map(([, [title, min, max]]) => ({ title, min, max }));
    return { mode: 'manual', classes };
  }
  return { mode: 'automatic', groups: data.groupsCategorization ?? 2, method: data.groupsCategorizationMethod };
}

/** The field of `data` a refusal is about: the split's for nothing to train or test on, else the classes'. */
function fieldOf(kind: ClassCheckKind, data: JobData): string {
  if (kind === 'noTrainRows' || kind === 'noTestRows') {
    if (data.predictionIndicatorYear === null) return 'fracUsedToTest';
    return kind === 'noTestRows' && data.predictionIndicatorRegion !== null ? 'predictionIndicatorRegion' : 'predictionIndicatorYear';
  }
  return data.groupsCategorizationManual !== null ? 'groupsCategorizationManual' : 'groupsCategorization';
}

/**
 * The target's values for the door, or null when they cannot be read here (a missing file, a catalog without the
 * indicator): the worker then gives its own reason, as before these checks.
 */
async function targetRowsOf(ctx: AppContext, userId: string, data: JobData): Promise<TargetRows | null> {
  try {
    return await loadTargetRows(
      ctx.database.db,
      userId,
      { database: data.database, uploadId: data.uploadId, targetCode: data.codePredictionIndicator, targetDimension: data.predictionIndicatorDimensions[0] || undefined },
      sharedUploadColumnReader(ctx),
    );
  } catch (error) {
    if (error instanceof ApiError && error.status < 500) return null;
    throw error;
  }
}

/**
 * Refuses a validated job whose split or classes cannot train or test, or whose KNN asks for more neighbours than
 * the split has training rows (400 jobConfigRefused, in the job's language).
 * @param ctx app context
 * @param userId the owner (an upload must be theirs)
 * @param data the validated configuration, already checked against its data's years and places
 */
export async function refuseUnjudgeableClasses(ctx: AppContext, userId: string, data: JobData): Promise<void> {
  const rows = await targetRowsOf(ctx, userId, data);
  if (!rows) return;
  let preview;
  try {
    preview = previewClasses(rows, discretizationOfJob(data), splitOfJob(data));
  } catch (error) {
    if (error instanceof ApiError && error.status < 500) return;
    throw error;
  }
  const problems: JobFieldProblem[] = classSplitChecks(preview, data.locale)
    .filter((check) => check.refuse)
    .map((check) => ({ field: fieldOf(check.kind, data), message: check.message }));
  const neighbours = data.MLAlgorithms.includes('KNN') && preview.split ? knnNeighborsProblem(data.KNNConfig, preview.split.trainRows, data.locale) : null;
  if (neighbours) problems.push(neighbours);
  if (problems.length > 0) throw refusal(problems, 'data.');
}
