import type { IndicatorNames, PredictionModel, TestRowExplanation } from '@indicata/contracts';
import { api } from '../../../lib/api.ts';

/** GET /api/jobs/:id/explanations: one test row of `model` (its position in the model's test predictions) explained. */
export const fetchTestRowExplanation = (jobId: string, model: PredictionModel, row: number): Promise<TestRowExplanation> =>
  api.get<TestRowExplanation>(`/api/jobs/${encodeURIComponent(jobId)}/explanations?model=${encodeURIComponent(model)}&row=${row}`);

/** What a results table needs to offer explanations: the job, and the indicators' names to show. */
export interface ExplainTarget {
  jobId: string;
  names: IndicatorNames;
}
