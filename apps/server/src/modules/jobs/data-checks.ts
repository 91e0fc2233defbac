import { and, eq, inArray } from 'drizzle-orm';
import {
  defaultDimension,
  dimensionKey,
  JOB_LIMITS,
  jobDataProblems,
  MODEL_FAMILIES,
  modelConfigProblems,
  parseFeatureDiscretization,
  WHO_REGION_DIMENSION,
  WHO_TIME_DIMENSION,
  type JobData,
  type JobDataFacts,
  type JobFieldProblem,
} from '@indicata/contracts';
import type { AppContext } from '../../context.ts';
import { uploads, whoCountries, whoIndicators, whoObservations } from '../../db/schema/index.ts';
import { ApiError } from '../../http/errors.ts';

/**
 * The door's checks of a job against its data (contracts job-checks.ts): whatever the worker would refuse or
 * quietly ignore for the configuration alone is answered here with a 400 naming each field, in the language the
 * job was submitted in, instead of taking a queue slot and failing or running as something else.
 */

type Locale = 'en' | 'pt-BR';

function localeOf(data: unknown): Locale {
  return typeof data === 'object' && data !== null && (data as { locale?: unknown }).locale === 'pt-BR' ? 'pt-BR' : 'en';
}

/**
 * The 400 of refused fields: each field (under `prefix`) with its messages, and all of them in the error's message.
 * @param problems the refused fields and why
 * @param prefix the path of the fields in the request (`data.`)
 */
export function refusal(problems: JobFieldProblem[], prefix: string): ApiError {
  const fields: Record<string, string> = {};
  for (const { field, message } of problems) {
    const key = `${prefix}${field}`;
    fields[key] = fields[key] ? `${fields[key]} ${message}` : message;
  }
  const message = problems.length === 1 ? problems[0].message : problems.map((p) => p.message).join(' ');
  return new ApiError(400, 'jobConfigRefused', message, fields);
}

/**
 * Refuses a raw request whose explicit model parameters the hyper-parameter table does not allow, in the job's
 * language (the schema refuses the same values after this, in English, for requests that reach it some other way).
 * @param data the request's `data` as received
 */
export function refuseBadHyperParameters(data: unknown): void {
  if (typeof data !== 'object' || data === null) return;
  const locale = localeOf(data);
  const problems: JobFieldProblem[] = [];
  for (const family of MODEL_FAMILIES) {
    const config = (data as Record<string, unknown>)[`${family}Config`];
    if (typeof config !== 'object' || config === null || Array.isArray(config)) continue;
    for (const p of modelConfigProblems(family, config as Record<string, unknown>, JOB_LIMITS.candidatesMax, locale)) {
      problems.push({ field: `${family}Config.${p.field}`, message: p.message });
    }
  }
  if (problems.length > 0) throw refusal(problems, 'data.');
}

/** What the WHO catalog offers the job: the target's dimensions, its years and its places' and regions' years. */
async function whoFacts(ctx: AppContext, data: JobData, named: string[]): Promise<JobDataFacts> {
  const { db } = ctx.database;
  const keys = (
    await db.selectDistinct({ type: whoObservations.dimensionType, value: whoObservations.dimensionValue }).from(whoObservations).where(eq(whoObservations.indicatorCode, data.codePredictionIndicator))
  )
    .map((k) => dimensionKey(k.type, k.value))
    .filter((k) => k !== '')
    .sort();
  const requested = data.predictionIndicatorDimensions[0];
  // The dimension the worker would use (an unknown one is refused by the checks; the years are then the default's).
  const chosen = keys.find((k) => k === requested) ?? keys.find((k) => requested !== undefined && requested !== '' && k.endsWith(`_${requested}`)) ?? defaultDimension(keys);
  const [type, value] = chosen === '' ? ['', ''] : [chosen.slice(0, chosen.indexOf('_')), chosen.slice(chosen.indexOf('_') + 1)];
  const rows = await db
    .selectDistinct({ country: whoCountries.name, region: whoCountries.regionName, year: whoObservations.year })
    .from(whoObservations)
    .innerJoin(whoCountries, eq(whoCountries.code, whoObservations.countryCode))
    .where(and(eq(whoObservations.indicatorCode, data.codePredictionIndicator), eq(whoObservations.dimensionType, type), eq(whoObservations.dimensionValue, value)));
  const regionYears: Record<string, Set<number>> = {};
  for (const row of rows) {
    // A test region is a country (the frame's place) or a WHO region (its region column), as the engine matches it.
    for (const name of [row.country, row.region]) if (name) (regionYears[name] ??= new Set()).add(row.year);
  }
  const known = named.length === 0 ? [] : await db.select({ code: whoIndicators.code }).from(whoIndicators).where(inArray(whoIndicators.code, named));
  return {
    source: 'WHO',
    timeDimension: WHO_TIME_DIMENSION,
    regionDimension: WHO_REGION_DIMENSION,
    targetDimensions: keys,
    years: [...new Set(rows.map((r) => r.year))],
    regionYears: Object.fromEntries(Object.entries(regionYears).map(([name, years]) => [name, [...years]])),
    indicators: known.map((k) => k.code),
  };
}

/**
 * What an upload offers the job, from its record: its chosen columns, numeric columns, places and years (every place
 * is taken to have every year: the record does not say which cells of the target are empty).
 */
async function uploadFacts(ctx: AppContext, userId: string, uploadId: string): Promise<JobDataFacts | null> {
  const [upload] = await ctx.database.db
    .select({
      regionColumn: uploads.selectedRegionColumn,
      yearColumn: uploads.selectedYearColumn,
      regions: uploads.regionValues,
      years: uploads.yearValues,
      numeric: uploads.numericColumns,
    })
    .from(uploads)
    .where(and(eq(uploads.id, uploadId), eq(uploads.userId, userId)))
    .limit(1);
  if (!upload) return null;
  return {
    source: 'upload',
    timeDimension: upload.yearColumn,
    regionDimension: upload.regionColumn,
    targetDimensions: [],
    years: upload.years,
    regionYears: Object.fromEntries(upload.regions.map((region) => [region, upload.years])),
    indicators: upload.numeric,
  };
}

/**
 * Refuses a validated job whose configuration does not fit its data (400 jobConfigRefused, one message per field).
 * @param ctx app context
 * @param userId the owner (an upload must be theirs; resolveDatabase has checked it)
 * @param data the validated configuration with its upload resolved
 */
export async function refuseMisfitToData(ctx: AppContext, userId: string, data: JobData): Promise<void> {
  const named = (parseFeatureDiscretization(data.groupsCategorizationFeatures === 'auto' ? '' : data.groupsCategorizationFeatures) ?? []).map((e) => e.indicator);
  const facts = data.uploadId ? await uploadFacts(ctx, userId, data.uploadId) : await whoFacts(ctx, data, [...new Set(named)]);
  if (!facts) return;
  const problems = jobDataProblems(data, facts, data.locale);
  if (problems.length > 0) throw refusal(problems, 'data.');
}
