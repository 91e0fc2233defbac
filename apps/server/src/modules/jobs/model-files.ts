import type { ModelFile } from '@indicata/contracts';
import type { SavedModel } from '@indicata/engine';
import type { FileStorage } from '../../storage/types.ts';

/**
 * modelDT.json, modelRF.json, ... modelANN.json (the ANN's tfjs topology and weights are inside the JSON), and the
 * rules' modelPersistence.json, modelMajority.json and modelTrend.json (a fixed decision tree over the history columns, nothing fitted).
 */
export const MODEL_FILE_PATTERN = /^model(DT|RF|KNN|SVM|ANN|Ensemble|Persistence|Majority|Trend)\.json$/;

/** Storage key of a job's model file: models/{jobId}/{file}. */
export function modelKey(jobId: string, file: string): string {
  return `models/${jobId}/${file}`;
}

/**
 * Stores each saved model of a job as models/{jobId}/model{FAMILY}.json.
 * @param storage file storage
 * @param jobId the job's id
 * @param models saved models per family or rule as the engine returned them
 * @returns the stored files, in the engine's order
 */
export async function storeModels(storage: FileStorage, jobId: string, models: Partial<Record<string, SavedModel>>): Promise<ModelFile[]> {
  const files: ModelFile[] = [];
  for (const [family, saved] of Object.entries(models)) {
    if (!saved) continue;
    const file = `model${family}.json`;
    if (!MODEL_FILE_PATTERN.test(file)) continue;
    const text = JSON.stringify(saved);
    await storage.put(modelKey(jobId, file), text);
    files.push({ file, family, bytes: Buffer.byteLength(text) });
  }
  return files;
}
