/** Public API of the AutoML engine. */
export type { PanelFrame } from './data/frame.ts';
export { columnValues, frameRowCount } from './data/frame.ts';
export { parseSemicolonCsv, frameFromTable, parseNumberCell, CsvFormatError, type CsvTable, type FrameColumns } from './data/csv.ts';
export { assignClass, previewTargetClasses, type TargetClasses, type TargetClassPreview } from './preprocess/target-classes.ts';
export {
  engineConfigSchema,
  parseEngineConfig,
  type EngineConfig,
  type EngineConfigInput,
  type TargetDiscretization,
  type SplitConfig,
  type PreprocessingConfig,
  type AttributeDiscretization,
  type ModelChoice,
  DEFAULT_MAX_MISSING_PERCENT,
} from './pipeline/config.ts';
export { missingPercentOf, removedForMissing } from './preprocess/features.ts';
export { carriedForward, carriedForRows } from './preprocess/carry-forward.ts';
export { historyColumnNames, historyForRows, type PlaceYear } from './pipeline/target-history.ts';
export { runAutoML, type RunOptions, type RunOutput, type ProgressCallback, type SavedPipelineModel } from './pipeline/run.ts';
export { predictWithSavedModel, type RowPrediction } from './pipeline/predict.ts';
export type { Matrix, Classifier, SavedModel } from './models/types.ts';
export * from './models/index.ts';
export {
  predictRowsWithProbabilities,
  predictEnsembleRows,
  ensembleFeatures,
  rawMatrix,
  pipelineInput,
  filledInput,
  type RawRow,
  type ProbabilityPrediction,
  type WeightedSavedModel,
} from './predict/predict-rows.ts';
export { explainRows, explainable, type Contribution, type RowContributions } from './predict/explain-rows.ts';
export { backgroundOrder, EXPLAIN_BACKGROUND_ROWS } from './explain/background.ts';
export { exportOnnx, exportEnsembleOnnx, ONNX_INPUT, ONNX_OUTPUTS } from './export/onnx/export.ts';
export { predictionSet, ruleFromRecord, type ConformalMethod, type ConformalRule } from './trust/conformal.ts';
export { ruleInputColumn } from './pipeline/rules.ts';
