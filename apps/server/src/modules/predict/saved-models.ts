import type { ModelFamily, RuleAlgorithm } from '@indicata/contracts';
import type { SavedPipelineModel } from '@indicata/engine';
import type { FileStorage } from '../../storage/types.ts';
import { modelKey } from '../jobs/model-files.ts';

/**
 * Parsed model files of recent jobs, so repeated predictions (a script sending batches) do not re-read and
 * re-parse a forest of several MB each time. Model files never change once a job is done.
 */
const CACHE_SIZE = 12;
const cache = new Map<string, SavedPipelineModel>();

/**
 * A job's saved model of one family or rule, read from storage (and kept in a small LRU cache).
 * @returns undefined when the file is not stored
 */
export async function loadSavedModel(storage: FileStorage, jobId: string, family: ModelFamily | RuleAlgorithm): Promise<SavedPipelineModel | undefined> {
  const key = modelKey(jobId, `model${family}.json`);
  const hit = cache.get(key);
  if (hit) {
    cache.delete(key);
    cache.set(key, hit);
    return hit;
  }
  const bytes = await storage.get(key);
  if (!bytes) return undefined;
  const saved = JSON.parse(Buffer.from(bytes).toString('utf8')) as SavedPipelineModel;
  cache.set(key, saved);
  while (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value as string);
  return saved;
}
