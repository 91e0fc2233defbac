/**
 * SVM as ai.onnx.ml SVMClassifier: libsvm's support vectors, coefficients (sv_coef, the same
 * (classes - 1) x SV layout), rho (negated: the operator adds it, libsvm subtracts it) and, for a
 * probability model, the Platt parameters probA/probB. onnxruntime follows libsvm: the label is the
 * one-vs-one vote, the probabilities are the pairwise sigmoids coupled by multiclass_probability. It
 * computes in float32, so a decision value within float32 rounding of 0 can vote the other way (the
 * tests count such rows). Without probability=true the engine's "probabilities" are the one-hot vote,
 * and so are the file's.
 */
import type { SavedModel } from '../../models/types.ts';
import type { SavedSvmState } from '../../models/svm/svm.ts';
import { parseModelText } from '../../models/svm/model-parse.ts';
import type { GraphBuilder} from './graph.ts';
import { DataType, ML_DOMAIN, oneHot } from './graph.ts';
import type { ModelOutputs } from './types.ts';

const KERNELS: Record<string, string> = { linear: 'LINEAR', poly: 'POLY', rbf: 'RBF', sigmoid: 'SIGMOID' };

/**
 * SVMClassifier nodes for a saved SVM.
 * @param g graph builder
 * @param x [N, F] double model input
 * @param saved the saved model (family SVM)
 */
export function svm(g: GraphBuilder, x: string, saved: SavedModel): ModelOutputs {
  const state = saved.state as SavedSvmState;
  const nClasses = saved.nClasses;
  const votes = (label: string) => oneHot(g, label, nClasses);
  if (!state.libsvmModel) {
    // Training saw one class: every row gets it.
    const rowsShape = g.node('Shape', [x], { end: { int: 1 } });
    const label = g.node('Expand', [g.int64([state.constantClass ?? 0], []), rowsShape]);
    return { label, probabilities: votes(label) };
  }
  const model = parseModelText(state.libsvmModel, saved.nFeatures);
  const kernel = KERNELS[model.kernel.type];
  if (!kernel) throw new Error(`An SVM with the ${model.kernel.type} kernel cannot be exported to ONNX: its input is a kernel matrix, not indicator values.`);
  const probability = saved.params.probability === true && model.probA !== null && model.probB !== null;
  const [label, scores] = g.nodeN(
    'SVMClassifier',
    [x],
    {
      classlabels_ints: { ints: Array.from(model.labels) },
      vectors_per_class: { ints: Array.from(model.nSV) },
      support_vectors: { floats: Array.from(model.sv) },
      coefficients: { floats: Array.from(model.svCoef) },
      rho: { floats: Array.from(model.rho, (r) => -r) },
      kernel_type: { string: kernel },
      kernel_params: { floats: [model.kernel.gamma, model.kernel.coef0, model.kernel.degree] },
      ...(probability ? { prob_a: { floats: Array.from(model.probA as Float64Array) }, prob_b: { floats: Array.from(model.probB as Float64Array) } } : {}),
      post_transform: { string: 'NONE' },
    },
    ['svm_label', 'svm_scores'],
    ML_DOMAIN,
  );
  if (!probability) return { label, probabilities: votes(label) };
  // The operator's probability columns follow libsvm's class order (classlabels_ints): a 0/1 matrix puts
  // each at its class index (a class absent from training gets probability 0).
  const k = model.nrClass;
  const placement = new Array<number>(k * nClasses).fill(0);
  model.labels.forEach((cls, j) => (placement[j * nClasses + cls] = 1));
  const probabilities = g.node('MatMul', [g.node('Cast', [scores], { to: { int: DataType.DOUBLE } }), g.double(placement, [k, nClasses], 'svm_placement')]);
  return { label, probabilities };
}
