import type { SavedModel } from '../models/types.ts';
import type { ScalerState } from '../preprocess/scalers.ts';

/** A saved model plus what is needed to turn new raw rows into its inputs. */
export type SavedPipelineModel = SavedModel & {
  pipeline: {
    /** Raw feature columns in model input order (the history columns, when used, last). */
    features: string[];
    /** Value filling a missing cell of each feature. */
    fill: number[];
    /** Inner bin edges per feature when discretized (value -> 1-based bin), else null. */
    binEdges: (number[] | null)[];
    scaler: ScalerState | null;
    /** Class definitions (index order). */
    classes: { title: string; min: number; max: number }[];
    /**
     * The target's history columns among `features` (computed from the place's earlier target values), or
     * absent; `clamp` says whether a previous value outside every class falls into the first or last one.
     */
    history?: { target: string; columns: string[]; clamp?: boolean };
    /**
     * True when the model was trained with carry-forward (preprocess/carry-forward.ts): a missing indicator cell of a
     * row is to be filled with its place's latest earlier value of that indicator (carriedForRows) before `fill`
     * applies. Absent in models saved before it (fill only).
     */
    carryForward?: boolean;
    /**
     * Set on the saved form of a rule (rules.ts): the model is a fixed decision tree over the history column
     * "previous known class" (persistence) or "projected class" (trend), or a single leaf (majority), nothing fitted.
     */
    rule?: 'persistence' | 'majority' | 'trend';
    /**
     * A seeded sample of the training rows, filled and binned like the model's input but not scaled (the scaler
     * is part of what is explained): what "an input is unknown" is replaced by in the sampled per-row explanations
     * (explain/sampling-shap.ts). Absent in models saved before them (no sampled explanation then).
     */
    background?: ExplainBackground;
  };
};

/** The background rows of a saved model's explanations. */
export interface ExplainBackground {
  /**
   * Each row's place and time ("place\u0000time"): the members of an ensemble are explained over the rows they
   * share, so each member sees the same training rows in its own input form.
   */
  keys: string[];
  /** Row-major values, `features.length` per row. */
  values: number[];
}
