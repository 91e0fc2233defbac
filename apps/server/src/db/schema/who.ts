import { doublePrecision, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/** WHO GHO indicators (the spec's `indicators` node: code -> label). */
export const whoIndicators = pgTable('who_indicators', {
  code: text('code').primaryKey(),
  label: text('label').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Countries only: WHO regions, income groups and the world are aggregates and never stored here. */
export const whoCountries = pgTable('who_countries', {
  /** ISO 3166-1 alpha-3 (plus WHO's historical codes such as SDF, former Sudan). */
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  regionCode: text('region_code').notNull(),
  regionName: text('region_name').notNull(),
});

/**
 * One numeric value per indicator, country, year and dimension. `dimensionType`/`dimensionValue` are ''
 * when the indicator has no dimension. A period such as "2003-2005" is stored at its last year with the
 * original text in `period`; several source rows for the same key are averaged (`sourceRows` counts them).
 */
export const whoObservations = pgTable(
  'who_observations',
  {
    indicatorCode: text('indicator_code')
      .notNull()
      .references(() => whoIndicators.code, { onDelete: 'cascade' }),
    countryCode: text('country_code')
      .notNull()
      .references(() => whoCountries.code, { onDelete: 'cascade' }),
    year: integer('year').notNull(),
    dimensionType: text('dimension_type').notNull().default(''),
    dimensionValue: text('dimension_value').notNull().default(''),
    value: doublePrecision('value').notNull(),
    low: doublePrecision('low'),
    high: doublePrecision('high'),
    period: text('period'),
    sourceRows: integer('source_rows').notNull().default(1),
  },
  (table) => [
    primaryKey({ columns: [table.indicatorCode, table.countryCode, table.year, table.dimensionType, table.dimensionValue] }),
    index('who_observations_country_year_idx').on(table.countryCode, table.year),
  ],
);

/**
 * Where the catalog came from: one row per source kind ('snapshot', 'import' or 'sync'), for WHO_IMPORT_DIR and
 * snapshot change detection and the data's vintage shown to users.
 */
export const whoCatalogSources = pgTable('who_catalog_sources', {
  kind: text('kind').primaryKey(),
  /** The folder or the API base URL. */
  location: text('location').notNull(),
  /** For imports: a hash of the folder's file names, sizes and modification times. */
  fingerprint: text('fingerprint').notNull(),
  /** When the data was published, as its source says ('2018-07' for the shipped snapshot); null: unknown. */
  vintage: text('vintage'),
  indicators: integer('indicators').notNull(),
  observations: integer('observations').notNull(),
  finishedAt: timestamp('finished_at', { withTimezone: true }).notNull().defaultNow(),
});

export type WhoIndicatorRow = typeof whoIndicators.$inferSelect;
export type WhoCountryRow = typeof whoCountries.$inferSelect;
export type WhoObservationRow = typeof whoObservations.$inferSelect;
