import type { Matrix } from '../models/types.ts';
import type { Candidate } from './spaces.ts';

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

/** Validation results of one candidate (possibly scored on the most recent fold only). */
export interface ScoredCandidate {
  /** Position in the family's candidate list (part of its seeds). */
  index: number;
  candidate: Candidate;
  /** Whether the candidate is a hand-picked default or an explicit user configuration. */
  preferred: boolean;
  /** Folds scored: the same positions as the fold list; null where not scored. */
  foldPredictions: (Int32Array | null)[];
  foldProbabilities: (Float64Array | null)[];
  /** Macro-F1 per scored fold, in fold order (null where not scored). */
  foldScores: (number | null)[];
  /** Macro-F1 of the predictions pooled over every fold (null until every fold is scored). */
  pooled: number | null;
  hasProbabilities: boolean;
  fitSeconds: number;
  predictSeconds: number;
}
