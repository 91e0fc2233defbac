import { hasCsvExtension, LIMITS, readCsvBytes, summarisePanel, type CsvProblem, type CsvTable } from '@indicata/contracts';

export type FileInspection = { ok: true; table: CsvTable } | { ok: false; problem: CsvProblem };

/**
 * Reads a chosen file in the browser with the reader the server repeats it with (contracts/csv-reader.ts):
 * .csv name, size limit, name length, encoding, empty, binary, delimiter (only ";"), parse, header, rows.
 * @param file the chosen file
 * @param maxBytes the server's UPLOAD_MAX_BYTES, when known
 */
export async function inspectFile(file: File, maxBytes: number = LIMITS.defaultUploadMaxBytes): Promise<FileInspection> {
  if (!hasCsvExtension(file.name)) return { ok: false, problem: { key: 'csvNotCsv' } };
  if (file.size > maxBytes) return { ok: false, problem: { key: 'csvTooLarge', values: { limit: `${Math.round(maxBytes / 1024 / 1024)} MiB` } } };
  const bytes = new Uint8Array(await file.arrayBuffer());
  return readCsvBytes(file.name, bytes);
}

/** The problem with the chosen columns, or null when the upload may go (the checks of summarisePanel). */
export function columnProblem(table: CsvTable, spatialColumn: string | null, temporalColumn: string | null): CsvProblem | null {
  if (!spatialColumn || !temporalColumn) return { key: 'csvNeedsFileAndColumns' };
  const result = summarisePanel(table, spatialColumn, temporalColumn);
  return result.ok ? null : result.problem;
}

/** A first guess of the spatial and temporal columns from their names (the user can change both). */
export function guessColumns(columns: string[]): { spatial: string | null; temporal: string | null } {
  const spatial = columns.find((c) => /country|countries|region|pa[ií]s|state|estado|city|cidade|munic|iso/i.test(c)) ?? null;
  const temporal = columns.find((c) => c !== spatial && /year|ano|time|tempo|date|data|period/i.test(c)) ?? null;
  return { spatial, temporal };
}
