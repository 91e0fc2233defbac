import type { AutoMLResults, JobReport, ReportLocale, ResultsWithNames } from '@indicata/contracts';
import type { AppContext } from '../context.ts';
import { createBuiltinAssistant, type Assistant } from '../modules/assistant/assistant.ts';
import { writeReport } from '../modules/reports/write-report.ts';
import { jobIndicatorNames } from '../modules/who/indicator-names.ts';

/**
 * The written report of a finished job, by the configured assistant (the built-in analyst when none is
 * configured). The report writer itself falls back to the analyst per section when the language model
 * is down, slow or states numbers the results do not hold, so a job still ends done.
 *
 * A WHO job's results (those with the catalog's vintage) are first given the names of the indicators they use
 * (`indicatorNames`, stored with them by the caller), so the report, the page, the e-mail and the download name
 * indicators alike, by the catalog the job ran on.
 * @param ctx app context (its optional `assistant`, the database holding the catalog)
 * @param results the job's results; a WHO job's gain `indicatorNames`
 * @param signal aborted when the worker shuts down
 * @param locale the language the job was submitted in
 */
export async function writeJobReport(ctx: AppContext, results: AutoMLResults, signal?: AbortSignal, locale: ReportLocale = 'en'): Promise<JobReport> {
  if (results.whoVintages !== undefined) (results as ResultsWithNames).indicatorNames = await jobIndicatorNames(ctx.database.db, results);
  const assistant: Assistant = (ctx as AppContext & { assistant?: Assistant }).assistant ?? createBuiltinAssistant();
  return writeReport(results, { assistant, signal, locale });
}
