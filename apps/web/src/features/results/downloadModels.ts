import type { ModelFile } from '@indicata/contracts';

/** The five model families whose files "Download models" fetches, in the order they are fetched. */
export const DOWNLOAD_FAMILIES = ['DT', 'RF', 'KNN', 'SVM', 'ANN'] as const;

/** Answer of one file request: a 404 is "missing", anything else not ok is a failure. */
export type FetchModelFile = (file: string) => Promise<{ status: number; blob: () => Promise<Blob> }>;

export interface DownloadModelsOptions {
  /** Files the server lists for the job (GET /api/jobs/:id/models). */
  listed: readonly ModelFile[];
  fetchFile: FetchModelFile;
  /** Hands one file to the browser (one download per file). */
  save: (file: string, blob: Blob) => void;
  /** Called after each file, downloaded or skipped, with the fraction done (0..1). */
  onProgress: (fraction: number) => void;
  /** Where skipped files are logged (the spec logs a missing file and goes on). */
  log?: (message: string) => void;
}

export interface DownloadOutcome {
  saved: string[];
  missing: string[];
  failed: string[];
}

/** The file name of a family: the listed one when the server has it, else the conventional name. */
export function modelFileName(family: string, listed: readonly ModelFile[]): string {
  return listed.find((entry) => entry.family === family)?.file ?? `model${family}.json`;
}

/**
 * Downloads modelDT, modelRF, modelKNN, modelSVM and modelANN one after the other. A missing file
 * (404) is logged and skipped; the progress advances after every file either way.
 */
export async function downloadModels(options: DownloadModelsOptions): Promise<DownloadOutcome> {
  const log = options.log ?? ((message: string) => console.warn(message));
  const outcome: DownloadOutcome = { saved: [], missing: [], failed: [] };
  options.onProgress(0);
  for (const [index, family] of DOWNLOAD_FAMILIES.entries()) {
    const file = modelFileName(family, options.listed);
    try {
      const answer = await options.fetchFile(file);
      if (answer.status === 404) {
        log(`Model file not found, skipped: ${file}`);
        outcome.missing.push(file);
      } else if (answer.status < 200 || answer.status >= 300) {
        log(`Model file could not be downloaded (HTTP ${answer.status}): ${file}`);
        outcome.failed.push(file);
      } else {
        options.save(file, await answer.blob());
        outcome.saved.push(file);
      }
    } catch (error) {
      log(`Model file could not be downloaded: ${file} (${String(error)})`);
      outcome.failed.push(file);
    }
    options.onProgress((index + 1) / DOWNLOAD_FAMILIES.length);
  }
  return outcome;
}

/** Saves a blob through a temporary link, so each model arrives as its own browser download. */
export function saveBlobAsFile(file: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = file;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
