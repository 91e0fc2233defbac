import {
  PREDICT_LIMITS,
  PREDICT_MESSAGES,
  csvProblemMessage,
  formatMessage,
  readCsv,
  type AutoMLResults,
  type Explanation,
  type ModelFamily,
  type NotPredicted,
  type Prediction,
  type PredictRequest,
  type PredictResponse,
  type ResultAlgorithm,
  type RuleAlgorithm,
} from '@indicata/contracts';
import {
  carriedForRows,
  columnValues,
  ensembleFeatures,
  historyColumnNames,
  historyForRows,
  parseNumberCell,
  predictionSet,
  ruleFromRecord,
  ruleInputColumn,
  type ConformalRule,
  type PanelFrame,
  type PlaceYear,
  type SavedPipelineModel,
} from '@indicata/engine';
import type { AppContext } from '../../context.ts';
import { ApiError } from '../../http/errors.ts';
import { buildFrameForJob, JobDataError } from '../jobs/job-frame.ts';
import { findOwnJob } from '../jobs/service.ts';
import { predictInThread } from './predict-threads.ts';
import type { ExplainedPrediction } from './predict-tasks.ts';
import { loadSavedModel } from './saved-models.ts';

/**
 * The model a request asks for, resolved: one family's saved model, a rule's (persistence, majority or trend: a fixed tree
 * over a history column, saved like a family's), or the ensemble's members with weights.
 */
export interface ResolvedModel {
  algorithm: ResultAlgorithm;
  members: { saved: SavedPipelineModel; weight: number }[];
  pipeline: SavedPipelineModel['pipeline'];
  /**
   * Input columns of every member, the first member's order first (ensemble members may differ in inputs).
   */
  features: string[];
  /**
   * The target's history as the models were trained with it: the job's panel (its known targets) to look up
   * each row's place and year in; absent when no member uses the history.
   */
  history?: ResolvedHistory;
  /**
   * The job's panel, when the models were trained with carry-forward: a missing indicator cell of a row with a place
   * and year takes that place's latest earlier value in the panel, as in training (engine carry-forward.ts).
   */
  carry?: { frame: PanelFrame };
  /** The model's conformal rule as its job recorded it (absent in jobs run before prediction sets): each row's set. */
  conformal?: ConformalRule;
}

/** The target's history of a resolved model: the columns it reads, and the job's panel to read them from. */
export interface ResolvedHistory {
  /** The history columns the model reads (saved models before the trend columns read the first three). */
  columns: string[];
  /** Every history column, in the order historyForRows returns them. */
  all: string[];
  frame: PanelFrame;
  target: Float64Array;
  clamp: boolean;
  targetColumn: string;
}

/**
 * The history of a resolved model read from a panel.
 * @param saved the saved pipeline's history (its target name and the columns it reads)
 */
export function resolvedHistory(
  saved: NonNullable<SavedPipelineModel['pipeline']['history']>,
  frame: PanelFrame,
  target: Float64Array,
  targetColumn: string,
): ResolvedHistory {
  return { columns: saved.columns, all: historyColumnNames(saved.target), frame, target, clamp: saved.clamp ?? true, targetColumn };
}

/** The panel's target values by row (NaN throughout when the panel lacks the column). */
export function panelTargetValues(frame: PanelFrame, targetColumn: string): Float64Array {
  return frame.columns.find((c) => c.name === targetColumn)?.values ?? new Float64Array(frame.space.length).fill(Number.NaN);
}

/** The saved models the prediction API serves, in the order it lists them. */
const STORED_MODELS = ['DT', 'RF', 'KNN', 'SVM', 'ANN', 'Persistence', 'Majority', 'Trend'] as const satisfies readonly (ModelFamily | RuleAlgorithm)[];

/** Input rows as cells by column name, with the columns the input has. */
interface InputTable {
  columns: Set<string>;
  rows: Record<string, number | string | null>[];
}

function badRequest(message: string): ApiError {
  return new ApiError(400, 'invalid_argument', message);
}

function inputTable(body: PredictRequest): InputTable {
  if (body.rows) {
    const columns = new Set<string>();
    for (const row of body.rows) for (const key of Object.keys(row)) columns.add(key);
    return { columns, rows: body.rows };
  }
  const read = readCsv('rows.csv', body.csv ?? '');
  if (!read.ok) throw badRequest(formatMessage(PREDICT_MESSAGES.csvUnreadable, { problem: csvProblemMessage(read.problem) }));
  const { columns, rows } = read.table;
  if (rows.length > PREDICT_LIMITS.maxRows) throw ApiError.of(413, 'too_big');
  return { columns: new Set(columns), rows: rows.map((cells) => Object.fromEntries(columns.map((c, k) => [c, cells[k]]))) };
}

/**
 * The model of a finished job that a request names ('chosen' = the job's recommended model).
 * @param lookUpHistory whether to load the job's panel for models trained with the target's history (the
 *   prediction API does; the ONNX download does not need it)
 * @throws ApiError 404 (not the caller's job), 409 (not done), 400 (no such model in this job)
 */
export async function resolveJobModel(
  ctx: AppContext,
  userId: string,
  jobId: string,
  model: PredictRequest['model'],
  lookUpHistory = true,
): Promise<ResolvedModel & { results: AutoMLResults }> {
  const row = await findOwnJob(ctx, userId, jobId);
  if (!row) throw ApiError.of(404, 'not_found');
  if (row.status !== 'done' || !row.results) throw new ApiError(409, 'conflict', PREDICT_MESSAGES.jobNotDone);
  const results = row.results as AutoMLResults;
  const stored = new Set((row.modelFiles ?? []).map((m) => m.family));
  const members = results.models?.Ensemble?.members ?? [];
  const available: ResultAlgorithm[] = STORED_MODELS.filter((f) => stored.has(f));
  if (members.length > 0 && members.every((m) => stored.has(m.algorithm))) available.push('Ensemble');
  const algorithm = model === 'chosen' ? results.best : model;
  if (!available.includes(algorithm)) {
    throw badRequest(formatMessage(PREDICT_MESSAGES.modelNotAvailable, { model: algorithm, available: available.join(', ') || '-' }));
  }
  const load = async (family: ModelFamily | RuleAlgorithm) => {
    const saved = await loadSavedModel(ctx.storage, jobId, family);
    if (!saved) throw ApiError.of(404, 'not_found');
    if (!Array.isArray(saved.pipeline?.features) || !Array.isArray(saved.pipeline.classes)) {
      throw new ApiError(409, 'conflict', formatMessage(PREDICT_MESSAGES.modelUnreadable, { model: family }));
    }
    return saved;
  };
  const resolved =
    algorithm === 'Ensemble'
      ? await Promise.all(members.map(async (m) => ({ saved: await load(m.algorithm as ModelFamily), weight: m.weight })))
      : [{ saved: await load(algorithm), weight: 1 }];
  const features = ensembleFeatures(resolved);
  const withHistory = resolved.find((m) => m.saved.pipeline.history)?.saved.pipeline.history;
  const carries = resolved.some((m) => m.saved.pipeline.carryForward);
  let history: ResolvedModel['history'];
  let carry: ResolvedModel['carry'];
  if ((withHistory || carries) && lookUpHistory) {
    try {
      const { frame, targetColumn } = await buildFrameForJob(ctx, row);
      const target = panelTargetValues(frame, targetColumn);
      if (withHistory) history = resolvedHistory(withHistory, frame, target, targetColumn);
      if (carries) carry = { frame };
    } catch (error) {
      if (!(error instanceof JobDataError)) throw error;
      // Without the job's data the caller must give the history columns (the missing-column check names them), and
      // a missing cell takes the training fill value.
    }
  }
  const recorded = results.models?.[algorithm]?.conformal;
  const conformal = recorded ? ruleFromRecord(recorded) : undefined;
  return { algorithm, members: resolved, pipeline: resolved[0].saved.pipeline, features, history, carry, results, ...(conformal ? { conformal } : {}) };
}

/**
 * Each indicator's carry-forward value per row (by indicator name), read from the job's panel by the row's
 * place and year; an indicator the panel lacks is left out.
 */
function carriedFromPanel(frame: PanelFrame, indicators: string[], rows: PlaceYear[]): Map<string, Float64Array> {
  const present = indicators.filter((name) => frame.columns.some((c) => c.name === name));
  const values = carriedForRows({ space: frame.space, time: frame.time, columns: present.map((name) => columnValues(frame, name)) }, rows);
  return new Map(present.map((name, i) => [name, values[i]]));
}

/** An explanation whose contributions of inputs the row lacked say so (`filled`). */
function markFilled(explanation: Explanation, filled: ReadonlySet<string>): Explanation {
  if (filled.size === 0) return explanation;
  return { ...explanation, contributions: explanation.contributions.map((c) => (filled.has(c.feature) ? { ...c, filled: true } : c)) };
}

/**
 * Why persistence or trend does not predict a row: it names no place or year to look up, its place is not in the
 * job's data (a misspelt name, or codes where the data has names), or the place has no earlier target value.
 */
function ruleWithoutHistoryReason(model: ResolvedModel, at: { space: string | null; time: number | null }, labels: { space: string; time: string }): string {
  const rule = model.algorithm;
  if (at.space === null || at.time === null) return formatMessage(PREDICT_MESSAGES.ruleNeedsPlaceAndYear, { rule, space: labels.space, time: labels.time });
  const places = model.history ? placesOf(model.history.frame) : new Set<string>();
  if (!places.has(at.space)) return formatMessage(PREDICT_MESSAGES.ruleUnknownPlace, { rule, place: at.space.slice(0, 60), space: labels.space });
  return formatMessage(PREDICT_MESSAGES.ruleWithoutHistory, { rule });
}

/** The places of a job's panel, kept per panel frame (one look-up set for all the rows of a request and the next). */
const panelPlaces = new WeakMap<PanelFrame, Set<string>>();
function placesOf(frame: PanelFrame): Set<string> {
  let places = panelPlaces.get(frame);
  if (!places) panelPlaces.set(frame, (places = new Set(frame.space)));
  return places;
}

/** What predictRows may do differently from the prediction API's defaults. */
export interface PredictOptions {
  /** Contributions kept per explained row (PREDICT_LIMITS.explainTop by default). */
  explainTop?: number;
  /** Predict every row however many indicators it lacks (a test row, which the run predicted too). */
  anyMissing?: boolean;
}

/** Whether a resolved model's explanations are exact (TreeSHAP of a tree or forest) rather than sampled. */
export function exactlyExplained(model: ResolvedModel): boolean {
  const { saved } = model.members[0];
  return model.algorithm !== 'Ensemble' && (saved.family === 'DT' || saved.family === 'RF') && saved.pipeline.rule === undefined;
}

/**
 * Predicts rows with a resolved model: refuses input lacking a training column (with the list), reads numbers
 * (numeric text too; other text in an indicator column is refused), fills a missing indicator cell with its place's
 * latest earlier value in the job's panel when the model was trained that way (counted in `imputed`), leaves out rows
 * with more than PREDICT_LIMITS.maxMissingShare of the indicators still missing (with the reason), flags those
 * predicted with more than PREDICT_LIMITS.mostlyImputedShare missing before the filling, and predicts the
 * rest on a prediction thread (predict-threads.ts), so the event loop is free meanwhile.
 * @param model resolveJobModel's answer
 * @param body the validated request
 * @param labels the job's spatial and temporal column names (echoed per row when present)
 * @param options explanation length and whether rows missing most indicators are predicted anyway
 */
export async function predictRows(
  model: ResolvedModel,
  body: PredictRequest,
  labels: { space: string; time: string },
  options: PredictOptions = {},
): Promise<Omit<PredictResponse, 'jobId'>> {
  const { classes } = model.pipeline;
  const { features } = model;
  const table = inputTable(body);
  // History columns the caller leaves out are read from the job's panel by place and year.
  const fromPanel = new Set(model.history?.columns.filter((c) => !table.columns.has(c)) ?? []);
  // A rule (persistence, majority) reads no indicator: its indicator columns may be left out, and a row is never
  // refused nor counted as imputed for missing ones (the fixed tree never looks at them).
  const rule = model.members.length === 1 && model.members[0].saved.pipeline.rule !== undefined;
  const ruleReads = new Set(model.pipeline.history?.columns ?? []);
  const ignored = (name: string) => rule && !ruleReads.has(name);
  // The one column persistence or trend decides on; a row without it would only get the majority class.
  const ruleInput = rule ? ruleInputColumn(model.members[0].saved) : null;
  const absent = features.filter((f) => !table.columns.has(f) && !fromPanel.has(f) && !ignored(f));
  if (absent.length > 0) throw badRequest(formatMessage(PREDICT_MESSAGES.missingColumns, { columns: absent.join(', ') }));
  const historyColumns = new Set(model.history?.columns ?? []);
  const indicators = features.filter((f) => !historyColumns.has(f) && !ignored(f));
  const allowed = Math.floor(indicators.length * PREDICT_LIMITS.maxMissingShare);
  const mostlyImputedFrom = indicators.length * PREDICT_LIMITS.mostlyImputedShare;
  // Row-major cells of the rows to predict, `features.length` per row (moved to the prediction thread).
  const cells: number[] = [];
  const rowNumbers: number[] = [];
  // Per predicted row, the cells filled from the job's panel (counted as imputed with the ones the model fills).
  const carriedCounts: number[] = [];
  // Per predicted row, whether most of its indicators were missing before any filling (carried or model-filled).
  const mostlyImputed: boolean[] = [];
  // Per predicted row, the inputs it had no value of (filled from the panel or by the model): marked in explanations.
  const filledInputs: Set<string>[] = [];
  const notPredicted: NotPredicted[] = [];
  const place = (row: Record<string, number | string | null>) => {
    const space = row[labels.space];
    const time = row[labels.time];
    const year = typeof time === 'number' ? time : typeof time === 'string' ? Number(parseNumberCell(time)) : NaN;
    return { space: space === undefined || space === null ? null : String(space), time: Number.isFinite(year) ? year : null };
  };
  const looked = model.history && fromPanel.size > 0 ? historyForRows(model.history.frame, model.history.target, classes, model.history.clamp, table.rows.map(place)) : null;
  const carried = model.carry ? carriedFromPanel(model.carry.frame, indicators, table.rows.map(place)) : null;
  table.rows.forEach((row, r) => {
    const values: number[] = [];
    const filled = new Set<string>();
    let missing = 0;
    let carriedCells = 0;
    for (const name of features) {
      if (ignored(name)) {
        values.push(Number.NaN);
        continue;
      }
      if (fromPanel.has(name) && looked && model.history) {
        const value = looked[model.history.all.indexOf(name)][r];
        if (Number.isNaN(value)) filled.add(name);
        values.push(value);
        continue;
      }
      const cell = row[name];
      let value: number;
      if (cell === null || cell === undefined) value = NaN;
      else if (typeof cell === 'number') value = cell;
      else {
        const parsed = parseNumberCell(cell);
        if (parsed === undefined) throw badRequest(formatMessage(PREDICT_MESSAGES.notANumber, { row: r + 1, column: name, value: cell.slice(0, 40) }));
        value = parsed;
      }
      if (!Number.isFinite(value)) {
        filled.add(name);
        value = carried?.get(name)?.[r] ?? NaN;
        if (!Number.isNaN(value)) carriedCells += 1;
        else if (!historyColumns.has(name)) missing += 1;
      }
      values.push(value);
    }
    if (missing > allowed && !options.anyMissing) {
      notPredicted.push({ row: r, ...place(row), missing, reason: formatMessage(PREDICT_MESSAGES.tooManyMissing, { missing, total: indicators.length, allowed }) });
    } else if (ruleInput !== null && Number.isNaN(values[features.indexOf(ruleInput)]) && !options.anyMissing) {
      const at = place(row);
      notPredicted.push({ row: r, ...at, missing: 0, reason: ruleWithoutHistoryReason(model, at, labels) });
    } else {
      for (const value of values) cells.push(value);
      rowNumbers.push(r);
      carriedCounts.push(carriedCells);
      mostlyImputed.push(missing + carriedCells > mostlyImputedFrom);
      filledInputs.push(filled);
    }
  });
  if (body.explain === true && !exactlyExplained(model) && rowNumbers.length > PREDICT_LIMITS.explainSampledMaxRows) {
    throw badRequest(formatMessage(PREDICT_MESSAGES.tooManyToExplain, { model: model.algorithm, max: PREDICT_LIMITS.explainSampledMaxRows, rows: rowNumbers.length }));
  }
  let predicted: ExplainedPrediction[] = [];
  if (rowNumbers.length > 0) {
    predicted = await predictInThread({
      members: model.members,
      ensemble: model.algorithm === 'Ensemble',
      features,
      values: Float64Array.from(cells),
      explain: body.explain === true,
      ...(options.explainTop !== undefined ? { explainTop: options.explainTop } : {}),
    });
  }
  const predictions: Prediction[] = predicted.map((p, i) => ({
    row: rowNumbers[i],
    ...place(table.rows[rowNumbers[i]]),
    label: p.title,
    classIndex: p.index,
    probabilities: p.probabilities,
    ...(model.conformal ? { set: predictionSet(model.conformal, p.probabilities).map((k) => classes[k].title) } : {}),
    // A rule reads no indicator, and its history input is never filled (a row without it is not predicted).
    imputed: rule ? 0 : p.imputed + carriedCounts[i],
    mostlyImputed: mostlyImputed[i],
    ...(p.explanation ? { explanation: markFilled(p.explanation, filledInputs[i]) } : {}),
  }));
  return {
    model: model.algorithm,
    features,
    classes: classes.map((c, index) => ({ index, title: c.title, min: c.min, max: c.max })),
    predictions,
    notPredicted,
  };
}
