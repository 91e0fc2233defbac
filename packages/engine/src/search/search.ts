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
}
