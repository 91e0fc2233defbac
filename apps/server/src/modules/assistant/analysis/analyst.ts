import type { ReportLocale } from '@indicata/contracts';
import type { AnalysisDataset } from './dataset.ts';
import { describeOutcome, type WrittenAnswer } from './describe.ts';
import { runPlan, type Outcome } from './run.ts';
import { understand, type Plan } from './understand.ts';

export interface AnalystAnswer extends WrittenAnswer {
  plan: Plan;
  outcome: Outcome;
}

/**
 * The built-in analyst: reads the question (English or Portuguese), runs the one computation it asks for on
 * the chosen data and writes a short answer with a table and, where one helps, a chart. A question outside
 * the kinds it knows gets an honest refusal with questions it can answer; it never lists a profile instead.
 * @param question the user's text
 * @param dataset the chosen data
 * @param locale language of the answer
 */
export function analyseQuestion(question: string, dataset: AnalysisDataset, locale: ReportLocale): AnalystAnswer {
  const plan = understand(question, dataset);
  const outcome = runPlan(plan, dataset);
  return { plan, outcome, ...describeOutcome(outcome, dataset, locale) };
}
