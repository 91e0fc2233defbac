import type { Matrix } from '../models/types.ts';

/**
 * Preprocessed data of one validation fold (features fit on the fold's training rows; balanced). The search
 * itself is halving.ts; the choice is select.ts.
 */
export interface FoldData {
  train: Matrix;
  y: Int32Array;
  validation: Matrix;
  yValidation: Int32Array;
  /** On large data: the fold's training rows before its search fits were given a sample of them (buildFoldData). */
  sampledFromTrainRows?: number;
  /** Frame rows of the validation predictions, in `yValidation` order (the rules read the panel by place and year). */
  validationRows?: number[];
  /** Most frequent class of the fold's training rows (before balancing): the majority rule's answer on this fold. */
  majority?: number;
}
