import { zip, strToU8, type Zippable } from 'fflate';
import { indicatorName, resultIndicatorNames, type AutoMLResults, type ModelFile, type PredictionRow, type ResultRow, type RuleAlgorithm } from '@indicata/contracts';

/**
 * "Download models": one zip per finished job with every stored model (the ensemble's saved form included),
 * the results JSON, the predictions and the Resultados table as CSV (the spec's field names), and a README
 * on how to load each file.
 */

/** The zip's file name for a job: indicata-<job id>.zip. */
export function archiveFileName(jobId: string): string {
  return `indicata-${jobId}.zip`;
}

/** A CSV cell: semicolon-separated like the uploads; quoted when it holds a separator, quote or line break. */
function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  return /[;"\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function csv(header: readonly string[], rows: readonly (readonly unknown[])[]): string {
  return `${[header, ...rows].map((row) => row.map(csvCell).join(';')).join('\n')}\n`;
}

/** One model's predictions, with the results' own column names for place, region and time. */
export function predictionsCsv(results: AutoMLResults, rows: readonly PredictionRow[]): string {
  const { labels } = results;
  // The prediction set (class titles joined by "|"), when the results have sets: older results keep their columns.
  const sets = rows.some((r) => Array.isArray(r.set));
  const header = [labels.space, ...(labels.region ? [labels.region] : []), labels.time, 'actual', 'predicted', ...(sets ? ['set'] : []), 'actualIndex', 'predictedIndex', 'correct', 'actualValue', 'outlier', 'imputed'];
  return csv(
    header,
    rows.map((r) => [
      r.space,
      ...(labels.region ? [r.region] : []),
      r.time,
      r.actual,
      r.predicted,
      ...(sets ? [(r.set ?? []).join('|')] : []),
      r.actualIndex,
      r.predictedIndex,
      r.correct,
      r.actualValue,
      r.outlier,
      r.imputed,
    ]),
  );
}

const RESULTADOS_FIELDS = ['Algorithm', 'Category', 'TotalIntances', 'Accuracy', 'precision', 'recall', 'f1', 'MAE', 'MAPE', 'MSE', 'RMSE', 'KGE'] as const;

/** The spec's Resultados table (TotalIntances spelled as the spec spells it). */
export function resultadosCsv(rows: readonly ResultRow[]): string {
  return csv(RESULTADOS_FIELDS, rows.map((row) => RESULTADOS_FIELDS.map((field) => row[field])));
}

/**
 * The soft-voting ensemble's saved form. The engine saves no file of its own for it: it is its members'
 * saved models and these weights (probabilities averaged with the weights, then the most probable class).
 */
export function ensembleDefinition(results: AutoMLResults, files: readonly ModelFile[]): object | null {
  const ensemble = results.models?.Ensemble;
  if (!ensemble || !Array.isArray(ensemble.members)) return null;
  return {
    format: 'indicata-ensemble',
    version: 1,
    voting: 'soft',
    members: ensemble.members.map((member) => ({
      algorithm: member.algorithm,
      weight: member.weight,
      file: files.find((f) => f.family === member.algorithm) ? `models/model${member.algorithm}.json` : null,
    })),
    classes: (results.classes ?? []).map((c) => ({ index: c.index, title: c.title, min: c.min, max: c.max })),
    howToPredict:
      "Prepare the new rows for each member as predictWithSavedModel does, take each member's class probabilities (the engine classifier's predictProba), average them with these weights, and pick the class with the highest average.",
  };
}

/** What each rule's model file holds, in the README's words. */
const RULE_FILE_WORDS: Record<RuleAlgorithm, { what: string; tree: string }> = {
  Persistence: { what: 'the persistence rule (each place keeps its class of its latest earlier year; in this file a place without one gets the majority class, a guess the prediction API does not serve)', tree: 'split on the history column "previous known class"' },
  Majority: { what: 'the majority rule (always the most frequent training class)', tree: 'a single leaf' },
  Trend: { what: "the trend rule (the class of the value each place's latest yearly change projects for the year; in this file a place without an earlier value gets the majority class, a guess the prediction API does not serve)", tree: 'split on the history column "projected class"' },
};

/** A model file's line in the README: what the file holds. */
function fileLine(f: ModelFile): string {
  const rule = RULE_FILE_WORDS[f.family as RuleAlgorithm];
  if (rule) return `- \`models/${f.file}\`: ${rule.what} as a saved model: a fixed decision tree (\`pipeline.rule\`, ${rule.tree}), nothing fitted; it loads and predicts like any other model file.`;
  return `- \`models/${f.file}\`: the fitted ${f.family} model in the engine's versioned saved-model JSON (preprocessing, classes${f.family === 'ANN' ? ', and the tfjs topology and weights' : ''} inside).`;
}

/** The README's sentence on what was recommended and why. */
function chosenLine(results: AutoMLResults): string {
  const how =
    'chosen on validation folds that respect time, never on the test rows: the best model (the ensemble only when it beats its best member by more than one standard error), or the best of the persistence, majority and trend rules when no model beats it by more than one standard error';
  if (results.best === 'Persistence') return `Recommended: the persistence rule (each place keeps its class of its latest earlier year); no model improved on it (${how}).`;
  if (results.best === 'Majority') return `Recommended: the majority rule (the most frequent training class); no model improved on it (${how}).`;
  if (results.best === 'Trend') return `Recommended: the trend rule (the class of the value each place's latest yearly change projects for the year); no model improved on it (${how}).`;
  return `Chosen model: ${results.best} (${how}).`;
}

/**
 * The README's indicators: the files name them by column (a WHO job's by code), so each column is given with its name
 * (the names stored with the results; an upload's columns are names already).
 */
function indicatorLines(results: AutoMLResults): string[] {
  const names = resultIndicatorNames(results);
  const line = (column: string) => {
    const name = indicatorName(column, names);
    return name === column ? `\`${column}\`` : `\`${column}\`: ${name}`;
  };
  const used = Array.isArray(results.usedIndicators) ? results.usedIndicators.map((row) => row.indicatorAnalyzingName) : [];
  return [
    '## Indicators',
    '',
    'The files name each indicator by its column.',
    '',
    // Stored results of other versions may lack a part: what is missing is left out of the README, not a failed download.
    ...(typeof results.labels?.target === 'string' ? [`- Predicted: ${line(results.labels.target)}`] : []),
    ...(used.length > 0 ? ['- Inputs the run used:', ...used.map((column) => `  - ${line(column)}`)] : []),
    '',
  ];
}

function readme(jobName: string, results: AutoMLResults, files: readonly ModelFile[], withEnsemble: boolean, predictionFiles: string[]): string {
  const lines = [
    `# Indicata results: ${jobName}`,
    '',
    chosenLine(results),
    `Seed: ${results.seed}. The same data, configuration and seed give the same results.`,
    '',
    ...indicatorLines(results),
    '## Files',
    '',
    '- `results.json`: every table of the result page, in the format `indicata-results` version 1 (schema:',
    '  `packages/contracts/src/results.ts` of Indicata). Field names are the specification\'s (e.g. `TotalIntances`,',
    '  `indicatorAnalyzingName`, `missingDatasPercent`, `ig`, `rank_test_score`, `mean_test_score` = validation macro-F1).',
    '- `resultados.csv`: the Resultados table (one row per model and class, then `macro avg` and `weighted avg`).',
    ...predictionFiles.map((file) => `- \`${file}\`: that model's prediction for every test row (actual and predicted class, and the prediction set: the classes, joined by "|", that hold the true class with the run's nominal probability).`),
    ...files.map(fileLine),
    ...(withEnsemble ? ['- `models/ensemble.json`: the soft-voting ensemble: its members (files above) and their weights.'] : []),
    '',
    'The CSV files are UTF-8, semicolon-separated (the format Indicata reads), with a header row.',
    '',
    '## Loading the files',
    '',
    '- JSON: any JSON reader (Python `json.load`, R `jsonlite::fromJSON`, JavaScript `JSON.parse`).',
    '- CSV: Python `pandas.read_csv(path, sep=";")`, R `read.csv2(path)` or `read.delim(path, sep=";")`, a spreadsheet',
    '  (choose ";" as the separator).',
    '- A model: with Indicata\'s engine (Node 20+, from the repository):',
    '',
    '  ```ts',
    "  import { readFileSync } from 'node:fs';",
    "  import { predictWithSavedModel } from '@indicata/engine';",
    "  const saved = JSON.parse(readFileSync('models/modelRF.json', 'utf8'));",
    "  const predictions = await predictWithSavedModel(saved, rows); // rows: objects with the indicator columns",
    '  ```',
    '',
    '  The saved model records the input columns it needs, the missing-value fill, the bins and the scaler fitted',
    '  on the training rows, so raw rows go in as they are. A model trained with the target\'s history',
    '  (`pipeline.history` in its file) also reads the columns named there: the place\'s latest known target before',
    '  the row\'s year, its class index and the years since, and in newer models the change per year between the',
    '  place\'s two latest known values, the value it projects for the row\'s year and that value\'s class (the',
    '  prediction API looks them up in the job\'s data). The persistence rule reads only the class index column.',
    '  A model with `pipeline.carryForward` was trained with each missing indicator value first taken from the place\'s',
    '  latest earlier value of that indicator: fill such cells the same way before predicting (the prediction API',
    '  does, from the job\'s data); a cell left missing gets the training median or mean.',
    ...(withEnsemble
      ? [
          '- The ensemble: prepare the rows for each member as `predictWithSavedModel` does, take each member\'s class',
          '  probabilities (the engine classifier\'s `predictProba`), average them with the weights in `models/ensemble.json`,',
          '  then take the class with the highest average. Each member alone predicts with `predictWithSavedModel`.',
        ]
      : []),
    '',
  ];
  return lines.join('\n');
}

export interface ArchiveInput {
  jobName: string;
  results: AutoMLResults;
  /** Stored model files with their bytes (a missing one is left out). */
  models: { file: ModelFile; bytes: Uint8Array }[];
}

/**
 * Builds the zip (DEFLATE, off the event loop: fflate's async zip runs in worker threads in Node).
 * @returns the zip's bytes
 */
export function buildResultsArchive(input: ArchiveInput): Promise<Uint8Array> {
  const { results } = input;
  const entries: Zippable = {};
  const mtime = new Date('2000-01-01T00:00:00Z');
  entries['results.json'] = strToU8(JSON.stringify(results, null, 1));
  if (Array.isArray(results.resultados)) entries['resultados.csv'] = strToU8(resultadosCsv(results.resultados));
  const predictionFiles: string[] = [];
  for (const model of Object.values(results.models ?? {})) {
    if (!model || !Array.isArray(model.predictions)) continue;
    const file = `predictions/predictions${model.algorithm}.csv`;
    entries[file] = strToU8(predictionsCsv(results, model.predictions));
    predictionFiles.push(file);
  }
  for (const { file, bytes } of input.models) entries[`models/${file.file}`] = bytes;
  const ensemble = ensembleDefinition(
    results,
    input.models.map((m) => m.file),
  );
  if (ensemble) entries['models/ensemble.json'] = strToU8(JSON.stringify(ensemble, null, 2));
  entries['README.md'] = strToU8(readme(input.jobName, results, input.models.map((m) => m.file), !!ensemble, predictionFiles));
  return new Promise((resolve, reject) => {
    // A fixed time stamp: the same job gives the same bytes.
    zip(entries, { level: 6, mtime }, (error, data) => (error ? reject(error) : resolve(data)));
  });
}
