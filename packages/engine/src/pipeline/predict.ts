import { loadModel, prepareModels } from '../models/index.ts';
import { binOf } from '../preprocess/features.ts';
import { applyScaler } from '../preprocess/scalers.ts';
import type { SavedPipelineModel } from './saved-model.ts';

/** A prediction for one new row. */
export interface RowPrediction {
  /** 0-based ordered class index. */
  index: number;
  /** Class title. */
  title: string;
}

/**
 * Predicts new raw rows with a model saved by runAutoML: missing or absent features are filled with the
 * training fill values, discretized attributes binned, the saved scaler applied, then the model predicts.
 * A model saved with `pipeline.carryForward` was trained with a missing cell first taken from its place's latest
 * earlier value: fill rows that way first (carriedForRows) to predict as the run did.
 * @param saved one entry of runAutoML's `models` (possibly after JSON round-trip)
 * @param rows raw feature values by column name (extra columns are ignored)
 */
export async function predictWithSavedModel(saved: SavedPipelineModel, rows: Record<string, number | null | undefined>[]): Promise<RowPrediction[]> {
  const { features, fill, binEdges, scaler, classes } = saved.pipeline;
  const cols = features.length;
  const data = new Float64Array(rows.length * cols);
  rows.forEach((row, i) => {
    features.forEach((name, k) => {
      const raw = row[name];
      const v = raw === null || raw === undefined || Number.isNaN(raw) ? fill[k] : raw;
      const edges = binEdges[k];
      data[i * cols + k] = edges ? binOf(v, edges) + 1 : v;
    });
  });
  const X = scaler ? applyScaler(scaler, { data, rows: rows.length, cols }) : { data, rows: rows.length, cols };
  await prepareModels([saved.family]);
  const model = loadModel(saved);
  try {
    return Array.from(model.predict(X), (index) => ({ index, title: classes[index].title }));
  } finally {
    model.dispose();
  }
}
