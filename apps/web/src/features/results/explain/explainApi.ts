import type { IndicatorNames, PredictionModel, TestRowExplanation } from '@indicata/contracts';
import { api } from '../../../lib/api.ts';

/** Which row to explain: a test row by its position in the model's test predictions, or any row of the panel by place and year. */
export type ExplainAsk = { row: number } | { space: string; time: number };

/** GET /api/jobs/:id/explanations: one row of `model` explained from its saved model. */
export const fetchExplanation = (jobId: string, model: PredictionModel, ask: ExplainAsk, signal?: AbortSignal): Promise<TestRowExplanation> =>
  api.get<TestRowExplanation>(
    `/api/jobs/${encodeURIComponent(jobId)}/explanations?model=${encodeURIComponent(model)}&${'row' in ask ? `row=${ask.row}` : `space=${encodeURIComponent(ask.space)}&time=${ask.time}`}`,
    { signal },
  );

/** What a results table needs to offer explanations: the job, and the indicators' names to show. */
export interface ExplainTarget {
  jobId: string;
  names: IndicatorNames;
}
