import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

/** Uploaded CSVs (the spec's uploads/{id} record); the file itself is in storage at `storageKey`. */
export const uploads = pgTable(
  'uploads',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    /** `{timestamp}_{sanitised name}`, the job configuration's `database` value. */
    storedName: text('stored_name').notNull().unique(),
    /** `csvs/{storedName}` */
    storageKey: text('storage_key').notNull(),
    columns: jsonb('columns').$type<string[]>().notNull(),
    selectedRegionColumn: text('selected_region_column').notNull(),
    selectedYearColumn: text('selected_year_column').notNull(),
    regionValues: jsonb('region_values').$type<string[]>().notNull(),
    yearValues: jsonb('year_values').$type<number[]>().notNull(),
    numericColumns: jsonb('numeric_columns').$type<string[]>().notNull(),
    nonNumericCells: jsonb('non_numeric_cells').$type<Record<string, number>>().notNull(),
    rowCount: integer('row_count').notNull(),
    bytes: integer('bytes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('uploads_user_id_idx').on(table.userId, table.createdAt)],
);

export type UploadRow = typeof uploads.$inferSelect;
