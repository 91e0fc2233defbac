/**
 * Whole-pipeline ONNX export of a saved model: raw indicator columns in, class label and probabilities
 * out, with imputation, attribute discretization, the scaler and the model inside one file
 * (ai.onnx 17 + ai.onnx.ml 3). See packages/engine/README.md "ONNX export".
 */
import type { SavedPipelineModel } from '../../pipeline/saved-model.ts';
import { ensembleFeatures, type WeightedSavedModel } from '../../predict/predict-rows.ts';
import { DataType, GraphBuilder, modelBytes, valueInfo } from './graph.ts';
import { preprocess } from './preprocess.ts';
import { treeEnsemble } from './trees.ts';
import { knn } from './knn.ts';
import { svm } from './svm.ts';
import { ann } from './ann.ts';
import type { ModelOutputs } from './types.ts';

/** Names of the file's input and outputs. */
export const ONNX_INPUT = 'X';
export const ONNX_OUTPUTS = { label: 'label', labelIndex: 'label_index', probabilities: 'probabilities' } as const;

function modelNodes(g: GraphBuilder, x: string, saved: SavedPipelineModel): ModelOutputs {
  const input = preprocess(g, x, saved.pipeline);
  switch (saved.family) {
    case 'DT':
    case 'RF':
      return treeEnsemble(g, input, saved);
    case 'KNN':
      return knn(g, input, saved);
    case 'SVM':
      return svm(g, input, saved);
    case 'ANN':
      return ann(g, input, saved);
    default:
      throw new Error(`Unknown model family ${String(saved.family)}.`);
  }
}

function finish(g: GraphBuilder, outputs: ModelOutputs, pipeline: SavedPipelineModel['pipeline'], family: string, extra: Record<string, string> = {}): Uint8Array {
  const titles = pipeline.classes.map((c) => c.title);
  g.output(outputs.label, ONNX_OUTPUTS.labelIndex);
  g.output(g.node('Gather', [g.strings(titles, 'class_titles'), outputs.label]), ONNX_OUTPUTS.label);
  g.output(outputs.probabilities, ONNX_OUTPUTS.probabilities);
  const width = pipeline.features.length;
  const nClasses = titles.length;
  const doc =
    `Indicata ${family} model. Input "${ONNX_INPUT}": float64 [rows, ${width}], the indicator columns in this order: ` +
    `${pipeline.features.join(', ')} (NaN = missing; it is filled as in training). ` +
    (pipeline.history
      ? `The columns ${pipeline.history.columns.join(', ')} are the target's history before the row's year: the place's latest known value, its class index and the years since${pipeline.history.columns.length > 3 ? ', the change per year between its two latest known values, the value that change projects for the row\'s year and its class index' : ''} (the prediction API looks them up in the job's data; here the caller gives them). `
      : '') +
    (pipeline.rule === 'persistence' ? 'This is the persistence rule: the class is the previous known class (the majority class where there is none); the other inputs are read but unused. ' : '') +
    (pipeline.rule === 'majority' ? 'This is the majority rule: every row gets the most frequent training class. ' : '') +
    (pipeline.rule === 'trend' ? 'This is the trend rule: the class is the projected class of the target\'s history (the majority class where there is none); the other inputs are read but unused. ' : '') +
    `Outputs: "${ONNX_OUTPUTS.label}" (class title), ` +
    `"${ONNX_OUTPUTS.labelIndex}" (0-based class index) and "${ONNX_OUTPUTS.probabilities}" (float64 [rows, ${nClasses}], classes in index order).`;
  const graph = g.graph(
    `indicata_${family}`,
    [valueInfo(ONNX_INPUT, DataType.DOUBLE, ['N', width])],
    [
      valueInfo(ONNX_OUTPUTS.label, DataType.STRING, ['N']),
      valueInfo(ONNX_OUTPUTS.labelIndex, DataType.INT64, ['N']),
      valueInfo(ONNX_OUTPUTS.probabilities, DataType.DOUBLE, ['N', nClasses]),
    ],
    doc,
  );
  return modelBytes(
    graph,
    {
      family,
      features: JSON.stringify(pipeline.features),
      classes: JSON.stringify(pipeline.classes),
      ...extra,
    },
    doc,
  );
}

/**
 * The whole pipeline of one family's saved model as an ONNX file.
 * @param saved one entry of runAutoML's `models` (also after a JSON round trip)
 * @returns the .onnx file's bytes
 */
export function exportOnnx(saved: SavedPipelineModel): Uint8Array {
  const g = new GraphBuilder();
  return finish(g, modelNodes(g, ONNX_INPUT, saved), saved.pipeline, saved.family);
}

/**
 * The soft-voting ensemble as one ONNX file: each member's whole pipeline on its columns of the input, the weighted
 * sum of their probabilities (in member order, as the engine adds them), and its arg-max.
 * @param members the ensemble's members with their weights (results.models.Ensemble.members)
 * @returns the .onnx file's bytes
 */
export function exportEnsembleOnnx(members: readonly WeightedSavedModel[]): Uint8Array {
  if (members.length === 0) throw new Error('An ensemble needs at least one member.');
  const [first] = members;
  // The file takes the union of the members' columns; each member picks its own columns from it.
  const features = ensembleFeatures(members);
  const g = new GraphBuilder();
  let sum = '';
  members.forEach((m, i) => {
    const scope = g.scoped(`m${i}_${m.saved.family}_`);
    const own = m.saved.pipeline.features;
    const sameColumns = own.length === features.length && own.every((f, k) => f === features[k]);
    const input = sameColumns ? ONNX_INPUT : scope.node('Gather', [ONNX_INPUT, scope.int64(own.map((f) => features.indexOf(f)))], { axis: { int: 1 } });
    const outputs = modelNodes(scope, input, m.saved);
    const term = g.node('Mul', [g.double([m.weight], []), outputs.probabilities]);
    sum = sum === '' ? term : g.node('Add', [sum, term]);
  });
  const label = g.node('ArgMax', [sum], { axis: { int: 1 }, keepdims: { int: 0 } });
  return finish(g, { label, probabilities: sum }, { ...first.saved.pipeline, features }, 'Ensemble', {
    members: JSON.stringify(members.map((m) => ({ algorithm: m.saved.family, weight: m.weight }))),
  });
}
