import { z } from 'zod';
import { CSV_DETAIL_MESSAGES, csvProblemKeys, type CsvDetailKey, type CsvProblem } from './csv.ts';
import { formatMessage, MESSAGES, type MessageKey } from './messages.ts';

/**
 * CSV upload API (spec sections 2, 3, 5, 7). POST /api/uploads takes multipart fields `file`,
 * `spatialColumn`, `temporalColumn`; the server repeats every check of csv.ts and answers
 * { error: { code, message } } with the same message the browser shows.
 */
export const UPLOAD_FIELDS = { file: 'file', spatialColumn: 'spatialColumn', temporalColumn: 'temporalColumn' } as const;

/** One upload (spec section 3, upload record), as GET /api/uploads/:id returns it. */
export const uploadRecordSchema = z.object({
  id: z.string(),
  /** The name the user's file had. */
  fileName: z.string(),
  /** `{timestamp}_{sanitised name}`: the job configuration's `database` value for this upload. */
  storedName: z.string(),
  /** Storage key, `csvs/{storedName}` (the spec's fileUrl). */
  fileUrl: z.string(),
  columns: z.array(z.string()),
  selectedRegionColumn: z.string(),
  selectedYearColumn: z.string(),
  regionValues: z.array(z.string()),
  yearValues: z.array(z.number()),
  /** Columns other than the chosen two holding numbers: the candidate targets and features. */
  numericColumns: z.array(z.string()),
  /** Per column, non-empty cells that are not numbers (read as missing values). */
  nonNumericCells: z.record(z.string(), z.number()),
  rowCount: z.number(),
  bytes: z.number(),
  createdAt: z.string(),
});
export type UploadRecord = z.infer<typeof uploadRecordSchema>;

/** One row of GET /api/uploads (own uploads, newest first). */
export const uploadListItemSchema = uploadRecordSchema.pick({
  id: true,
  fileName: true,
  storedName: true,
  selectedRegionColumn: true,
  selectedYearColumn: true,
  rowCount: true,
  bytes: true,
  createdAt: true,
});
export type UploadListItem = z.infer<typeof uploadListItemSchema>;

export const uploadListSchema = z.object({ uploads: z.array(uploadListItemSchema) });

/** The English text of a CSV problem, placeholders filled (a malformed file's detail after the spec's message). */
export function csvProblemMessage(problem: CsvProblem): string {
  const template = (key: MessageKey | CsvDetailKey) => (key in CSV_DETAIL_MESSAGES ? CSV_DETAIL_MESSAGES[key as CsvDetailKey] : MESSAGES[key as MessageKey]);
  return csvProblemKeys(problem)
    .map((key) => formatMessage(template(key), problem.values ?? {}))
    .join(' ');
}

/** Human-readable byte count for the size-limit message (binary units: 50 MiB). */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Number((bytes / (1024 * 1024)).toFixed(1))} MiB`;
  if (bytes >= 1024) return `${Number((bytes / 1024).toFixed(1))} KiB`;
  return `${bytes} bytes`;
}
