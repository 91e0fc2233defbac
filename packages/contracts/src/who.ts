import { z } from 'zod';

/**
 * WHO catalog API (spec section 3 "Indicator", nodes indicatorsNew and indicators; DESIGN.md section 5).
 *
 * Dimensions: an observation carries at most one dimension key `TYPE_VALUE` (e.g. `SEX_FMLE`,
 * `RESIDENCEAREATYPE_URB`); dimension types with a single value for an indicator (AGEGROUP YEARS18-PLUS)
 * are dropped at import, and two varying types are joined with '+'. An indicator without dimensions has key ''.
 * Frame columns are `CODE` (no dimension) or `CODE-SEX_FMLE` (DESIGN.md section 4).
 */

/** The job configuration's `database` value for WHO data. */
export const WHO_DATABASE = 'WHO';
/** Wizard dimensions for WHO data (spec section 4, Data source). */
export const WHO_TIME_DIMENSION = 'year';
export const WHO_REGION_DIMENSION = 'regionName';
export const WHO_SPACE_COLUMN = 'countryName';

export const whoCoverageSchema = z.object({
  /** Countries with at least one value. */
  countries: z.number(),
  /** Distinct years with at least one value. */
  years: z.number(),
  /** Observations (country, year, dimension) with a numeric value. */
  observations: z.number(),
  /**
   * Filled share of the panel of catalog countries by the indicator's years, for its main dimension
   * (both sexes / total when present): 0..1.
   */
  fill: z.number(),
});
export type WhoCoverage = z.infer<typeof whoCoverageSchema>;

/** One entry of GET /api/who/indicators (the spec's indicatorsNew node). */
export const whoIndicatorSchema = z.object({
  code: z.string(),
  /** The label (spec: `indicator`). */
  indicator: z.string(),
  years: z.array(z.number()),
  /** WHO region names with data for this indicator. */
  regions: z.array(z.string()),
  /** Dimension keys (`SEX_FMLE`); empty when the indicator has none. */
  dimensions: z.array(z.string()),
  coverage: whoCoverageSchema,
});
export type WhoIndicator = z.infer<typeof whoIndicatorSchema>;

export const whoIndicatorsResponseSchema = z.object({ indicators: z.array(whoIndicatorSchema) });
export type WhoIndicatorsResponse = z.infer<typeof whoIndicatorsResponseSchema>;

/** GET /api/who/indicator-labels: code -> label (the spec's indicators node). */
export const whoIndicatorLabelsSchema = z.record(z.string(), z.string());
export type WhoIndicatorLabels = z.infer<typeof whoIndicatorLabelsSchema>;

export const WHO_HOW_TO_FILL =
  'Run npm run who:import -- --from <folder> or npm run who:sync, or set WHO_IMPORT_DIR';

/** GET /api/who/status. */
export const whoStatusSchema = z.object({
  available: z.boolean(),
  indicators: z.number(),
  countries: z.number(),
  observations: z.number(),
  /** Where the catalog came from ('import:<folder>' or 'sync:<url>') and when, when filled. */
  source: z.string().nullable(),
  updatedAt: z.string().nullable(),
  /** Set when the catalog is empty: what an administrator runs to fill it. */
  howToFill: z.string().nullable(),
});
export type WhoStatus = z.infer<typeof whoStatusSchema>;

/** The dimension key of an observation: '' when it has none. */
export function dimensionKey(type: string, value: string): string {
  return type === '' ? '' : `${type}_${value}`;
}

/** The frame column of an indicator for one dimension key: `CODE` or `CODE-SEX_FMLE`. */
export function whoColumnName(code: string, dimension: string): string {
  return dimension === '' ? code : `${code}-${dimension}`;
}

/** Dimension values meaning "everyone", preferred as an indicator's default dimension. */
const TOTAL_VALUES = ['BTSX', 'TOTL'];

/** The default dimension of an indicator: both sexes / total when present, else the first. */
export function defaultDimension(dimensions: string[]): string {
  if (dimensions.length === 0) return '';
  const total = dimensions.find((key) => TOTAL_VALUES.some((value) => key.endsWith(`_${value}`)));
  return total ?? dimensions[0];
}
