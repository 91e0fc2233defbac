import { resultIndicatorNames, WHO_DATABASE, type AutoMLResults, type IndicatorNames, type JobData } from '@indicata/contracts';
import { useWhoLabels } from '../who/api.ts';

const NONE: IndicatorNames = {};

/**
 * The names of a job's indicators: those stored with its results (a WHO job's, from the catalog it ran on); for a WHO
 * job without them (finished before names were stored, or not finished yet) the catalog's labels now; none for an
 * upload, whose columns are names already. Feed them to the contracts' `indicatorName` or `withIndicatorNames`.
 * @param job the job's stored configuration and results (undefined while loading)
 */
export function useIndicatorNames(job: { data: JobData | null | undefined; results: AutoMLResults | null | undefined } | undefined): IndicatorNames {
  const stored = resultIndicatorNames(job?.results);
  const hasStored = Object.keys(stored).length > 0;
  const who = job?.data?.database === WHO_DATABASE;
  const catalog = useWhoLabels(who && !hasStored);
  if (hasStored) return stored;
  return who ? (catalog.data ?? NONE) : NONE;
}
