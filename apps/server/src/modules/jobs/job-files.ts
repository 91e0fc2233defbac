import type { FileStorage } from '../../storage/types.ts';

/** Storage prefix of everything a job's run writes (its model files). */
export function jobFilesPrefix(jobId: string): string {
  return `models/${jobId}/`;
}

/**
 * Removes every stored file of a job (a deleted job, or a cancelled run that had begun writing).
 * @param storage file storage
 * @param jobId the job
 */
export async function removeJobFiles(storage: FileStorage, jobId: string): Promise<void> {
  for (const key of await storage.list(jobFilesPrefix(jobId))) await storage.delete(key);
}
