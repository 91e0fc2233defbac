import type { AutoMLResults, JobReport, ReportLocale } from '@indicata/contracts';
import type { AppContext } from '../../context.ts';
import { createBuiltinAssistant, type Assistant } from '../assistant/assistant.ts';
import { writeReport } from '../reports/write-report.ts';

/**
 * The written report of a finished job, by the configured assistant (the built-in analyst when none is
 * configured). The report writer itself falls back to the analyst per section when the language model
 * is down, slow or states numbers the results do not hold, so a job still ends done.
 * A WHO job's results carry the names of their indicators (`indicatorNames`, set by runJob), so the report names them.
 * @param ctx app context (its optional `assistant`)
 * @param results the job's results
 * @param signal aborted when the worker shuts down
 * @param locale the language the job was submitted in
 */
export async function writeJobReport(ctx: AppContext, results: AutoMLResults, signal?: AbortSignal, locale: ReportLocale = 'en'): Promise<JobReport> {
  const assistant: Assistant = ctx.assistant ?? createBuiltinAssistant();
  return writeReport(results, { assistant, signal, locale });
}
