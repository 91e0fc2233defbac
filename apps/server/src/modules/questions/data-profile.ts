import type { AppContext } from '../../context.ts';
import { WHO_DATABASE } from '@indicata/contracts';
import { profileFrame, roundFact, MAX_PROFILE_COLUMNS, type ColumnProfile, type DataProfile } from '../assistant/profile.ts';
import { buildUploadFrame } from '../uploads/frame.ts';
import { findUploadByStoredName } from '../uploads/service.ts';
import { indicatorLabels } from '../who/catalog.ts';
import { buildWhoFrame, WhoFrameError } from '../who/frame.ts';

/** The chosen database cannot be read (not one of the asker's uploads, file gone, empty WHO catalog). */
export class ProfileUnavailableError extends Error {}

/**
 * The profile of the database a question is about: for WHO with a target, the job-like frame around that
 * target (so correlations with it are known); for WHO without one, every indicator of the catalog summarised
 * in SQL; for an upload, the uploaded CSV as a frame.
 */
export async function loadProfile(ctx: AppContext, input: { database: string; userId: string; target: string | null }): Promise<DataProfile> {
  // Uploads never change and the WHO catalog rarely does; a profile takes seconds on the full catalog.
  const key = `${input.database === WHO_DATABASE ? '' : input.userId}\u0000${input.database}\u0000${input.target ?? ''}`;
  let profileCache = profileCaches.get(ctx.database);
  if (!profileCache) profileCaches.set(ctx.database, (profileCache = new Map()));
  const cached = profileCache.get(key);
  if (cached && cached.expires > Date.now()) return cached.profile;
  const profile = await computeProfile(ctx, input);
  profileCache.set(key, { profile, expires: Date.now() + PROFILE_CACHE_MS });
  while (profileCache.size > PROFILE_CACHE_ENTRIES) profileCache.delete(profileCache.keys().next().value!);
  return profile;
}

/** How long a computed profile is reused, and how many are kept. */
const PROFILE_CACHE_MS = 10 * 60_000;
const PROFILE_CACHE_ENTRIES = 32;
/** One cache per database (tests open several in one process). */
const profileCaches = new WeakMap<object, Map<string, { profile: DataProfile; expires: number }>>();

async function computeProfile(ctx: AppContext, input: { database: string; userId: string; target: string | null }): Promise<DataProfile> {
  const { db } = ctx.database;
  if (input.database === WHO_DATABASE) {
    const labels = await indicatorLabels(db);
    if (input.target) {
      try {
        const frame = await buildWhoFrame(db, { targetCode: input.target });
        return profileFrame(frame, { database: input.database, kind: 'who', labels, target: frame.targetColumn });
      } catch (error) {
        if (!(error instanceof WhoFrameError)) throw error;
      }
    }
    return whoCatalogProfile(ctx, labels);
  }
  const upload = await findUploadByStoredName(db, input.database, input.userId);
  if (!upload) throw new ProfileUnavailableError(`The database ${input.database} is not one of your uploads.`);
  if (!ctx.storage) throw new ProfileUnavailableError('File storage is not configured.');
  try {
    const frame = await buildUploadFrame(ctx.storage, upload);
    return profileFrame(frame, { database: input.database, kind: 'upload', target: input.target });
  } catch (error) {
    throw new ProfileUnavailableError(`The uploaded file of ${input.database} cannot be read: ${(error as Error).message}`);
  }
}

interface AggregateRow {
  code: string;
  dtype: string;
  dvalue: string;
  n: number;
  min: number;
  max: number;
  mean: number;
  median: number;
  first_year: number;
  last_year: number;
}

/** Every WHO indicator column (indicator x dimension) summarised over the catalog's country-year pairs. */
async function whoCatalogProfile(ctx: AppContext, labels: Record<string, string>): Promise<DataProfile> {
  const q = ctx.database.query.bind(ctx.database);
  const [pairs] = (await q<{ n: number }>('SELECT count(*)::int AS n FROM (SELECT DISTINCT country_code, year FROM who_observations) p')).rows;
  const totalPairs = pairs?.n ?? 0;
  if (totalPairs === 0) throw new ProfileUnavailableError('The WHO catalog is empty: import it first (see the README, WHO data).');
  const aggregates = (
    await q<AggregateRow>(
      `SELECT indicator_code AS code, dimension_type AS dtype, dimension_value AS dvalue, count(*)::int AS n,
              min(value) AS min, max(value) AS max, avg(value) AS mean,
              percentile_cont(0.5) WITHIN GROUP (ORDER BY value) AS median,
              min(year)::int AS first_year, max(year)::int AS last_year
         FROM who_observations GROUP BY indicator_code, dimension_type, dimension_value`,
    )
  ).rows;
  const years = (await q<{ first: number; last: number; count: number }>('SELECT min(year)::int AS first, max(year)::int AS last, count(DISTINCT year)::int AS count FROM who_observations')).rows[0];
  const regions = (
    await q<{ name: string; rows: number }>(
      `SELECT c.region_name AS name, count(*)::int AS rows
         FROM (SELECT DISTINCT country_code, year FROM who_observations) p JOIN who_countries c ON c.code = p.country_code
        GROUP BY c.region_name ORDER BY rows DESC`,
    )
  ).rows;
  const countries = (
    await q<{ name: string }>('SELECT DISTINCT c.name FROM who_observations o JOIN who_countries c ON c.code = o.country_code ORDER BY c.name')
  ).rows.map((r) => r.name);
  const columns: ColumnProfile[] = aggregates
    .map((a) => {
      const name = a.dtype === '' ? a.code : `${a.code}-${a.dtype}_${a.dvalue}`;
      return {
        name,
        label: labels[a.code] ?? null,
        present: a.n,
        coverage: roundFact(a.n / totalPairs),
        min: roundFact(Number(a.min)),
        max: roundFact(Number(a.max)),
        mean: roundFact(Number(a.mean)),
        median: roundFact(Number(a.median)),
        firstYear: a.first_year,
        lastYear: a.last_year,
        correlationWithTarget: null,
      };
    })
    .sort((x, y) => y.coverage - x.coverage || x.name.localeCompare(y.name));
  return {
    database: WHO_DATABASE,
    kind: 'who',
    rows: totalPairs,
    spaceColumn: 'countryName',
    timeColumn: 'year',
    regionColumn: 'regionName',
    spaceCount: countries.length,
    spaceExamples: countries.slice(0, 12),
    regions: regions.map((r) => ({ name: r.name, rows: r.rows })),
    years: years ? { first: years.first, last: years.last, count: years.count } : null,
    columnCount: columns.length,
    columns: columns.slice(0, MAX_PROFILE_COLUMNS),
    target: null,
  };
}
