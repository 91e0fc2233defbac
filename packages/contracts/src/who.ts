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
  'Restart with WHO_SNAPSHOT=true to import the WHO snapshot shipped with Indicata, or run npm run who:import -- --from <folder> or npm run who:sync, or set WHO_IMPORT_DIR';

/** Where part of the catalog came from and how old its data is (one per source kind that wrote to it). */
export const whoVintageSchema = z.object({
  kind: z.enum(['snapshot', 'import', 'sync']),
  /** When the data was published as its source says ('2018-07'); null when unknown. */
  vintage: z.string().nullable(),
  /** When it was written into this catalog (ISO 8601). */
  importedAt: z.string(),
});
export type WhoVintage = z.infer<typeof whoVintageSchema>;

/** The data's vintage in words, per locale ({vintage}: the source's date; {date}: the day it was written). */
export const WHO_VINTAGE_TEXT = {
  en: {
    export: 'WHO GHO export of {vintage}',
    import: 'WHO GHO export imported on {date}',
    sync: 'synced from the WHO API on {date}',
    attribution: 'Data: World Health Organization, Global Health Observatory (CC BY-NC-SA 3.0 IGO)',
  },
  'pt-BR': {
    export: 'exportação do WHO GHO de {vintage}',
    import: 'exportação do WHO GHO importada em {date}',
    sync: 'sincronizado da API da OMS em {date}',
    attribution: 'Dados: Organização Mundial da Saúde, Global Health Observatory (CC BY-NC-SA 3.0 IGO)',
  },
} as const;

/**
 * The catalog's vintages in words, newest first, e.g. "WHO GHO export of 2018-07" or
 * "synced from the WHO API on 2026-11-24; WHO GHO export of 2018-07". Empty when there are none.
 */
export function describeWhoVintages(vintages: readonly WhoVintage[], locale: keyof typeof WHO_VINTAGE_TEXT = 'en'): string {
  const text = WHO_VINTAGE_TEXT[locale] ?? WHO_VINTAGE_TEXT.en;
  return [...vintages]
    .sort((a, b) => b.importedAt.localeCompare(a.importedAt))
    .map((v) => {
      const date = v.importedAt.slice(0, 10);
      if (v.kind === 'sync') return text.sync.replace('{date}', v.vintage ?? date);
      return v.vintage ? text.export.replace('{vintage}', v.vintage) : text.import.replace('{date}', date);
    })
    .join('; ');
}

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
  /** How old the data is, per source that wrote to the catalog (describeWhoVintages puts it in words). */
  vintages: z.array(whoVintageSchema),
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
