/**
 * DT and RF as one ai.onnx.ml TreeEnsembleClassifier (opset 3, thresholds and leaf weights as float64
 * tensors so a float64 input is compared exactly as the engine compares it: x <= threshold goes left).
 * A forest's leaf weights are the tree's class probabilities times 1 / n_trees, summed over trees: the
 * mean the engine's predictProba returns.
 */
import type { SavedModel } from '../../models/types.ts';
import type { SavedTree } from '../../models/tree/flat-tree.ts';
import type { GraphBuilder} from './graph.ts';
import { DataType, ML_DOMAIN, tensor } from './graph.ts';
import type { ModelOutputs } from './types.ts';

/**
 * Tree ensemble nodes for a saved DT or RF.
 * @param g graph builder
 * @param x [N, F] double model input
 * @param saved the saved model (family DT or RF)
 */
export function treeEnsemble(g: GraphBuilder, x: string, saved: SavedModel): ModelOutputs {
  const state = saved.state as { tree?: SavedTree; trees?: SavedTree[] };
  const trees = saved.family === 'DT' ? [state.tree as SavedTree] : (state.trees as SavedTree[]);
  const k = saved.nClasses;
  const scale = saved.family === 'DT' ? 1 : 1 / trees.length;
  const nodeTree: number[] = [];
  const nodeId: number[] = [];
  const nodeFeature: number[] = [];
  const nodeMode: string[] = [];
  const nodeValue: number[] = [];
  const nodeTrue: number[] = [];
  const nodeFalse: number[] = [];
  const classTree: number[] = [];
  const classNode: number[] = [];
  const classId: number[] = [];
  const classWeight: number[] = [];
  trees.forEach((tree, t) => {
    tree.feature.forEach((feature, node) => {
      nodeTree.push(t);
      nodeId.push(node);
      const leaf = feature < 0;
      nodeFeature.push(leaf ? 0 : feature);
      nodeMode.push(leaf ? 'LEAF' : 'BRANCH_LEQ');
      nodeValue.push(leaf ? 0 : tree.threshold[node]);
      nodeTrue.push(leaf ? 0 : tree.left[node]);
      nodeFalse.push(leaf ? 0 : tree.right[node]);
      if (leaf) {
        // Every class gets a weight, zeros included: onnxruntime treats a two-class ensemble with weights for
        // one class only as a binary score.
        for (let c = 0; c < k; c++) {
          classTree.push(t);
          classNode.push(node);
          classId.push(c);
          classWeight.push(scale * tree.value[node * k + c]);
        }
      }
    });
  });
  const classes = Array.from({ length: k }, (_, c) => c);
  const [label, scores] = g.nodeN(
    'TreeEnsembleClassifier',
    [x],
    {
      nodes_treeids: { ints: nodeTree },
      nodes_nodeids: { ints: nodeId },
      nodes_featureids: { ints: nodeFeature },
      nodes_modes: { strings: nodeMode },
      nodes_values_as_tensor: { tensor: tensor('', DataType.DOUBLE, [nodeValue.length], nodeValue) },
      nodes_truenodeids: { ints: nodeTrue },
      nodes_falsenodeids: { ints: nodeFalse },
      class_treeids: { ints: classTree },
      class_nodeids: { ints: classNode },
      class_ids: { ints: classId },
      class_weights_as_tensor: { tensor: tensor('', DataType.DOUBLE, [classWeight.length], classWeight) },
      classlabels_int64s: { ints: classes },
      post_transform: { string: 'NONE' },
    },
    ['tree_label', 'tree_scores'],
    ML_DOMAIN,
  );
  return { label, probabilities: g.node('Cast', [scores], { to: { int: DataType.DOUBLE } }) };
}
