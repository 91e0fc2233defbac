/**
 * The five model families behind one contract (see types.ts). Pipelines, search and the CLI create
 * models only through createModel / loadModel.
 */
import type { ModelFamily } from '@indicata/contracts';
import { AnnClassifier } from './ann/ann.ts';
import { loadTensorflow } from './ann/tfjs.ts';
import { KnnClassifier } from './knn/knn.ts';
import { validateParams } from './params.ts';
import { SvmClassifier } from './svm/svm.ts';
import { DecisionTreeClassifier } from './tree/decision-tree.ts';
import { RandomForestClassifier } from './tree/random-forest.ts';
import type { Classifier, SavedModel } from './types.ts';

export type { Classifier, Matrix, SavedModel } from './types.ts';
export {
  defaultParams,
  validateParams,
  type AnnParams,
  type DecisionTreeParams,
  type KnnParams,
  type MaxFeatures,
  type ParamsByFamily,
  type RandomForestParams,
  type SvmParams,
} from './params.ts';
export { AnnClassifier, type SavedAnnState } from './ann/ann.ts';
export { KnnClassifier, type SavedKnnState } from './knn/knn.ts';
export type { Neighbors, NeighborAlgorithm } from './knn/neighbor-index.ts';
export { SvmClassifier, resolveGamma, type SavedSvmState } from './svm/svm.ts';
export { DecisionTreeClassifier, type SavedDecisionTreeState } from './tree/decision-tree.ts';
export { RandomForestClassifier, type SavedRandomForestState } from './tree/random-forest.ts';
export type { FlatTree } from './tree/flat-tree.ts';

/** Version of the saved-model JSON format written by toJSON() (SavedModel.version). */
export const SAVED_MODEL_VERSION = 1;

/**
 * Creates an unfitted classifier.
 * @param family DT, RF, KNN, SVM or ANN
 * @param params hyper-parameters named as scikit-learn names them (snake_case); missing ones take the
 *   family default; unknown names or invalid values throw an Error naming the parameter and its
 *   allowed values
 * @param seed seed of every random choice (RF bootstrap and feature sampling, DT feature order and
 *   random splitter, ANN initialisation/dropout/shuffling); an explicit random_state overrides it for
 *   DT and RF. Same seed and data give identical predictions.
 */
export function createModel(family: ModelFamily, params: Record<string, unknown>, seed: number): Classifier {
  switch (family) {
    case 'DT':
      return new DecisionTreeClassifier(validateParams('DT', params), seed);
    case 'RF':
      return new RandomForestClassifier(validateParams('RF', params), seed);
    case 'KNN':
      return new KnnClassifier(validateParams('KNN', params));
    case 'SVM':
      return new SvmClassifier(validateParams('SVM', params));
    case 'ANN':
      return new AnnClassifier(validateParams('ANN', params), seed);
    default:
      throw new Error(`Unknown model family "${String(family)}"; allowed families: DT, RF, KNN, SVM, ANN.`);
  }
}

/**
 * Loads what some families need at run time before their models are created or loaded synchronously:
 * TensorFlow.js for ANN (loaded on first need, not when the engine is imported; see ann/tfjs.ts). Other
 * families need nothing. Await it before `loadModel` or a synchronous prediction of a saved ANN.
 * @param families the families about to be used
 */
export async function prepareModels(families: Iterable<ModelFamily>): Promise<void> {
  for (const family of families) if (family === 'ANN') await loadTensorflow();
}

/**
 * Rebuilds a fitted classifier from its saved JSON form (the output of toJSON(), possibly after
 * JSON.stringify / JSON.parse). Throws on another format, an unknown version or family, and for an ANN
 * when `prepareModels(['ANN'])` has not been awaited in this thread.
 * @param saved the saved model
 */
export function loadModel(saved: SavedModel): Classifier {
  if (!saved || saved.format !== 'indicata-model') throw new Error('Not an Indicata saved model (format must be "indicata-model").');
  if (saved.version !== SAVED_MODEL_VERSION) {
    throw new Error(`Unsupported saved model version ${String(saved.version)}; this engine reads version ${SAVED_MODEL_VERSION}.`);
  }
  switch (saved.family) {
    case 'DT':
      return DecisionTreeClassifier.fromJSON(saved, validateParams('DT', saved.params));
    case 'RF':
      return RandomForestClassifier.fromJSON(saved, validateParams('RF', saved.params));
    case 'KNN':
      return KnnClassifier.fromJSON(saved, validateParams('KNN', saved.params));
    case 'SVM':
      return SvmClassifier.fromJSON(saved, validateParams('SVM', saved.params));
    case 'ANN':
      return AnnClassifier.fromJSON(saved, validateParams('ANN', saved.params));
    default:
      throw new Error(`Unknown model family "${String(saved.family)}" in saved model; allowed families: DT, RF, KNN, SVM, ANN.`);
  }
}
