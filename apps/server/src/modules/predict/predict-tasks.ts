import { PREDICT_LIMITS } from '@indicata/contracts';
import { explainRows, predictEnsembleRows, predictRowsWithProbabilities, prepareModels, type ProbabilityPrediction, type RawRow, type RowContributions, type WeightedSavedModel } from '@indicata/engine';
import { lowerPoolThreadPriority } from '../../threads/interactive-pool.ts';

/**
 * The model arithmetic of a prediction request, run on a worker thread (predict-threads.ts): 20,000 rows through an
 * ensemble is seconds of CPU, which on the event loop held every other request of every user (bench/README.md,
 * "Prediction API"). The request's checks and row reading stay on the event loop; only this part moves.
 */
export interface PredictTask {
  /** One member for a family's model; the ensemble's members with their weights otherwise. */
  members: WeightedSavedModel[];
  ensemble: boolean;
  /** The columns of `values`, in order (every member's inputs). */
  features: string[];
  /** Row-major cells, `features.length` per row; NaN for a missing cell. Moved to the thread, not copied. */
  values: Float64Array;
  /**
   * Explain each prediction: exact for a decision tree or random forest, sampled over the model's background rows
   * for the other models and the ensemble (none for a model saved before background rows were).
   */
  explain?: boolean;
  /** Contributions kept per explained row (PREDICT_LIMITS.explainTop by default). */
  explainTop?: number;
}

/** A prediction, with its explanation when one was asked for and the model has one. */
export type ExplainedPrediction = ProbabilityPrediction & { explanation?: RowContributions };

// Below the event loop, above a job's threads (threads/interactive-pool.ts).
lowerPoolThreadPriority();

/** The rows of a task as the engine reads them: one object of column -> number per row. */
function taskRows(task: PredictTask): RawRow[] {
  const width = task.features.length;
  const rows: RawRow[] = new Array(width === 0 ? 0 : task.values.length / width);
  for (let r = 0; r < rows.length; r++) {
    const row: RawRow = {};
    for (let c = 0; c < width; c++) row[task.features[c]] = task.values[r * width + c];
    rows[r] = row;
  }
  return rows;
}

/** Predicts a task's rows: the default export the pool's threads run. */
export default async function runPredictTask(task: PredictTask): Promise<ExplainedPrediction[]> {
  await prepareModels(task.members.map((m) => m.saved.family));
  const rows = taskRows(task);
  const model = task.ensemble ? task.members : task.members[0].saved;
  const predictions = task.ensemble ? predictEnsembleRows(task.members, rows) : predictRowsWithProbabilities(task.members[0].saved, rows);
  const explanations = task.explain ? explainRows(model, rows, predictions.map((p) => p.index), task.explainTop ?? PREDICT_LIMITS.explainTop) : null;
  return explanations ? predictions.map((p, i) => ({ ...p, explanation: explanations[i] })) : predictions;
}
