/** What each family's nodes hand to the rest of the graph. */
export interface ModelOutputs {
  /** int64 [N]: the predicted class index, as the engine's predict() decides it. */
  label: string;
  /** double [N, C]: the class probabilities, as the engine's predictProba() (one-hot for an SVM without probability). */
  probabilities: string;
}
