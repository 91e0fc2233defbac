import { namesOfColumns, resultColumns, type AutoMLResults, type IndicatorNames, type ResultsWithNames } from '@indicata/contracts';
import type { Db } from '../../db/client.ts';
import { indicatorLabels } from './catalog.ts';

/**
 * The catalog's labels of the indicators a WHO job's results use (target, inputs, correlations, importances), to be
 * stored with the results: the page, the report, the e-mail and the download then name them without the catalog, and
 * a later import or sync does not rename a finished job.
 * @param db the database holding the catalog
 * @param results the job's results (columns by code)
 */
export async function jobIndicatorNames(db: Db, results: AutoMLResults): Promise<IndicatorNames> {
  return namesOfColumns(resultColumns(results), await indicatorLabels(db));
}

/**
 * A WHO job's results with the names of their indicators: the stored ones, else (a job finished before names were
 * stored) the catalog's current labels. Results of an upload are returned as they are (their columns are names).
 * @param db the database holding the catalog
 * @param results the job's stored results
 */
export async function withIndicatorNames(db: Db, results: AutoMLResults): Promise<ResultsWithNames> {
  const named = results as ResultsWithNames;
  if (results.whoVintages === undefined || named.indicatorNames) return named;
  return { ...results, indicatorNames: await jobIndicatorNames(db, results) };
}
