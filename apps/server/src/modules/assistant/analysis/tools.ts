import type { PanelFrame } from '@indicata/engine/data/frame';
import type { ToolSpec } from '../language-model.ts';
import { profileFrame, roundFact } from '../profile.ts';
import type { Scope } from './compute.ts';
import type { AnalysisColumn, AnalysisDataset } from './dataset.ts';
import { runPlan, type Outcome } from './run.ts';
import { partColumns } from './shapes.ts';
import { resolveColumn, rewrite, type Plan } from './understand.ts';
import { normalise, REGION_ALIASES } from './vocabulary.ts';

/**
 * The analyst's computations as tools a language model calls (OpenAI-compatible function tools, or the
 * prompted JSON protocol). Each tool runs the same code as the built-in analyst on the chosen data; the
 * results (numbers rounded to 4 significant digits) are the only numbers the model's answer may state.
 */

const indicator = { type: 'string', description: 'Indicator name, code or a few words of its label, e.g. "life expectancy" or "WHOSIS_000001".' };
const year = { type: 'integer', description: 'A year; omit for the latest year with data (or every year for a correlation).' };
const region = { type: 'string', description: 'A WHO region name (Africa, Americas, South-East Asia, Europe, Eastern Mediterranean, Western Pacific).' };
const place = { type: 'string', description: 'A country (or place) name.' };
const object = (properties: Record<string, unknown>, required: string[] = []) => ({ type: 'object', properties, required, additionalProperties: false });

export const ANALYSIS_TOOLS: ToolSpec[] = [
  { name: 'describe_data', description: 'The chosen data: its indicators (name, label, coverage, years, summary statistics), places, regions and years.', parameters: object({}) },
  {
    name: 'count_places',
    description: 'How many countries (places) have a value of an indicator (of any chosen indicator when none is named), in a year or in any year, per WHO region.',
    parameters: object({ indicator, year }),
  },
  {
    name: 'missing_values',
    description:
      "Missing values of every chosen indicator over the rows where the target has a value (all rows without a target), most missing first, or fewest first (order: fewest). Name the target as the indicator for the target's own gaps over every row.",
    parameters: object({ indicator, order: { type: 'string', enum: ['most', 'fewest'] } }),
  },
  { name: 'distribution', description: "An indicator's distribution over countries in one year: count, minimum, quartiles, median, maximum, mean, lowest and highest country.", parameters: object({ indicator, year, region, place }, ['indicator']) },
  { name: 'trend', description: 'An indicator per year: the mean over the countries with a value, for the world, a WHO region or one country.', parameters: object({ indicator, region, place }, ['indicator']) },
  {
    name: 'rank',
    description: 'WHO regions (or countries) ranked by the mean of an indicator in a year; by year: the years ranked by their mean (for the world, a region or a country).',
    parameters: object(
      { indicator, year, region, place, by: { type: 'string', enum: ['region', 'place', 'year'] }, order: { type: 'string', enum: ['top', 'bottom'] }, limit: { type: 'integer', description: 'How many to list (default: every region, ten countries).' } },
      ['indicator'],
    ),
  },
  { name: 'coverage_by_year', description: 'Years ranked by how many countries have a value of an indicator (of every chosen indicator together when none is named).', parameters: object({ indicator }) },
  {
    name: 'breakdown',
    description: 'The mean of an indicator for women, men and both sexes (by: sex) or urban, rural and total (by: residence) in one year, for the world, a WHO region or a country.',
    parameters: object({ indicator, by: { type: 'string', enum: ['sex', 'residence'] }, year, region, place }, ['indicator', 'by']),
  },
  { name: 'list_indicators', description: 'The chosen indicators with how many countries have values (in a year when given) and their first and last year.', parameters: object({ year }) },
  { name: 'correlation', description: 'Pearson and Spearman correlation of two indicators over the country-years where both have values (one year when given), and the number of pairs.', parameters: object({ a: indicator, b: indicator, year }, ['a', 'b']) },
  { name: 'related_to_target', description: 'Every chosen input with its Spearman and Pearson correlation with the target, strongest first.', parameters: object({}) },
  {
    name: 'compare_regions',
    description: 'The mean of an indicator in two WHO regions or two countries in one year (default: the latest year both have values).',
    parameters: object({ indicator, first: { type: 'string', description: 'A WHO region or a country.' }, second: { type: 'string', description: 'A WHO region or a country.' }, year }, ['indicator', 'first', 'second']),
  },
  {
    name: 'rank_change',
    description:
      'Countries (or WHO regions) ranked by how much an indicator rose (direction: increase) or fell (decrease) between two years (default: its first and last years with values), with both values.',
    parameters: object(
      { indicator, first_year: year, second_year: year, by: { type: 'string', enum: ['region', 'place'] }, direction: { type: 'string', enum: ['increase', 'decrease'] }, limit: { type: 'integer', description: 'How many to list (default: every region, ten countries).' } },
      ['indicator'],
    ),
  },
  { name: 'compare_years', description: 'The mean of an indicator in two years, for the world, a WHO region or a country.', parameters: object({ indicator, first_year: year, second_year: year, region, place }, ['indicator', 'first_year', 'second_year']) },
];

/** Rounds every number of a JSON-like value to 4 significant digits (what the model sees and may quote). */
export function roundDeep(value: unknown): unknown {
  if (typeof value === 'number') return Number.isInteger(value) ? value : roundFact(value);
  if (Array.isArray(value)) return value.map(roundDeep);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, roundDeep(v)]));
  return value;
}

class ToolInputError extends Error {
  constructor(
    message: string,
    readonly candidates: string[] = [],
  ) {
    super(message);
  }
}

/** How many to list: a positive whole number, at most 50, or null for the default. */
const limitOf = (value: unknown): number | null => (typeof value === 'number' && Number.isInteger(value) && value > 0 ? Math.min(value, 50) : null);

/** Whether a tool call named an optional indicator. */
const named = (text: unknown): boolean => typeof text === 'string' && text.trim() !== '';

function columnOf(dataset: AnalysisDataset, text: unknown): AnalysisColumn {
  if (typeof text !== 'string' || text.trim() === '') throw new ToolInputError('Name an indicator.');
  const exact = dataset.columns.find((c) => c.name.toLowerCase() === text.trim().toLowerCase() || c.label.toLowerCase() === text.trim().toLowerCase());
  if (exact) return exact;
  const found = resolveColumn(rewrite(text).split(' '), dataset.columns);
  if (!found) throw new ToolInputError(`No chosen indicator matches "${text}".`, dataset.columns.map((c) => `${c.name}: ${c.label}`));
  if ('candidates' in found) throw new ToolInputError(`Several indicators match "${text}"; call again with one of their codes.`, found.candidates.map((c) => `${c.name}: ${c.label}`));
  return found.column;
}

function scopeOf(dataset: AnalysisDataset, text: unknown): Scope | null {
  if (typeof text !== 'string' || text.trim() === '') return null;
  const wanted = normalise(text);
  for (const name of new Set((dataset.region ?? []).filter((r): r is string => !!r))) {
    if (normalise(name) === wanted || (REGION_ALIASES[name] ?? []).includes(wanted)) return { kind: 'region', name };
  }
  const place = [...new Set(dataset.space)].find((s) => normalise(s) === wanted);
  if (place) return { kind: 'place', name: place };
  throw new ToolInputError(`"${text}" is neither a WHO region nor a place of the chosen data.`);
}

const yearOf = (value: unknown): number | null => (typeof value === 'number' && Number.isInteger(value) ? value : typeof value === 'string' && /^\d{4}$/.test(value) ? Number(value) : null);

/** The plan of a tool call (the same plans the built-in analyst makes from a question). */
export function planOfToolCall(name: string, args: Record<string, unknown>, dataset: AnalysisDataset): Plan {
  const scope = (): Scope => scopeOf(dataset, args.place) ?? scopeOf(dataset, args.region) ?? { kind: 'world' };
  switch (name) {
    case 'count_places':
      return { kind: 'count', column: named(args.indicator) ? columnOf(dataset, args.indicator) : null, year: yearOf(args.year) };
    case 'missing_values':
      return { kind: 'missing', column: named(args.indicator) ? columnOf(dataset, args.indicator) : null, order: args.order === 'fewest' ? 'fewest' : 'most' };
    case 'distribution':
      return { kind: 'distribution', column: columnOf(dataset, args.indicator), year: yearOf(args.year), scope: scope() };
    case 'trend':
      return { kind: 'trend', column: columnOf(dataset, args.indicator), scope: scope() };
    case 'rank': {
      if (args.by === 'year') return { kind: 'trend', column: columnOf(dataset, args.indicator), scope: scope(), rankYears: args.order === 'bottom' ? 'bottom' : 'top' };
      const limit = limitOf(args.limit);
      return { kind: 'ranking', column: columnOf(dataset, args.indicator), year: yearOf(args.year), by: args.by === 'place' ? 'place' : 'region', order: args.order === 'bottom' ? 'bottom' : 'top', limit, listed: limit ?? 1 };
    }
    case 'rank_change': {
      const first = yearOf(args.first_year);
      const second = yearOf(args.second_year);
      const limit = limitOf(args.limit);
      const years: [number, number] | null = first !== null && second !== null && first !== second ? [first, second] : null;
      return { kind: 'change-ranking', column: columnOf(dataset, args.indicator), years, by: args.by === 'region' ? 'region' : 'place', direction: args.direction === 'decrease' ? 'decrease' : 'increase', limit, listed: limit ?? 1 };
    }
    case 'coverage_by_year':
      return { kind: 'coverage', column: named(args.indicator) ? columnOf(dataset, args.indicator) : null };
    case 'breakdown': {
      const column = columnOf(dataset, args.indicator);
      const type = args.by === 'residence' ? 'RESIDENCEAREATYPE' : 'SEX';
      const parts = partColumns(dataset, column, { type, values: null, words: [] });
      if (!parts) return { kind: 'no-breakdown', column, type };
      return { kind: 'breakdown', column, parts, year: yearOf(args.year), scope: scope() };
    }
    case 'list_indicators':
      return { kind: 'indicators', year: yearOf(args.year) };
    case 'correlation':
      return { kind: 'correlation', a: columnOf(dataset, args.a), b: columnOf(dataset, args.b), year: yearOf(args.year) };
    case 'related_to_target':
      return { kind: 'related' };
    case 'compare_regions': {
      const first = scopeOf(dataset, args.first);
      const second = scopeOf(dataset, args.second);
      if (!first || !second) throw new ToolInputError('Name two WHO regions or places.');
      return { kind: 'compare-regions', column: columnOf(dataset, args.indicator), scopes: [first, second], year: yearOf(args.year) };
    }
    case 'compare_years': {
      const [y1, y2] = [yearOf(args.first_year), yearOf(args.second_year)];
      if (y1 === null || y2 === null) throw new ToolInputError('Give two years.');
      return { kind: 'compare-years', column: columnOf(dataset, args.indicator), years: [y1, y2], scope: scope() };
    }
    default:
      throw new ToolInputError(`There is no tool "${name}". Tools: ${ANALYSIS_TOOLS.map((t) => t.name).join(', ')}.`);
  }
}

/** The data profile of the dataset (the describe_data tool). */
export function datasetProfile(dataset: AnalysisDataset) {
  const frame: PanelFrame = {
    spaceColumn: dataset.kind === 'who' ? 'country' : 'place',
    timeColumn: 'year',
    regionColumn: dataset.region ? 'WHO region' : undefined,
    space: dataset.space,
    time: dataset.time,
    region: dataset.region ?? undefined,
    columns: dataset.columns.map((c) => ({ name: c.name, values: c.values })),
  };
  const labels = Object.fromEntries(dataset.columns.map((c) => [c.name, c.label]));
  const { database: _database, ...profile } = profileFrame(frame, { database: '', kind: dataset.kind, labels, target: dataset.target });
  return profile;
}

function outcomeJson(outcome: Outcome): unknown {
  switch (outcome.kind) {
    case 'ambiguous':
      return { error: `Several indicators match "${outcome.words}".`, candidates: outcome.candidates.map((c) => `${c.name}: ${c.label}`) };
    case 'no-indicator':
      return { error: outcome.wanted === 'target' ? 'No target is chosen.' : `No chosen indicator matches "${outcome.wanted}".` };
    case 'no-data':
      return { error: `No values${outcome.column ? ` of ${outcome.column.label}` : ''}${outcome.year === null ? '' : ` in ${outcome.year}`}.` };
    case 'refuse':
      return { error: 'Not a computation on the chosen data.' };
    case 'no-breakdown':
      return { error: `${outcome.column.label} has no values ${outcome.type === 'SEX' ? 'by sex' : 'by area of residence'} in the chosen data.` };
    case 'missing':
      return outcome.result;
    default:
      return outcome.result;
  }
}

export interface ToolRun {
  /** The JSON the model receives. */
  output: unknown;
  /** The outcome, when the call computed something (for the answer's table or chart). */
  outcome: Outcome | null;
}

/**
 * Runs one tool call on the dataset. Bad arguments give an error object for the model, never a throw.
 * @param name tool name
 * @param argumentsText the arguments as JSON text
 * @param dataset the chosen data
 */
export function runToolCall(name: string, argumentsText: string, dataset: AnalysisDataset): ToolRun {
  let args: Record<string, unknown>;
  try {
    const parsed: unknown = argumentsText.trim() === '' ? {} : JSON.parse(argumentsText);
    args = parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
  } catch {
    return { output: { error: 'The arguments are not valid JSON.' }, outcome: null };
  }
  try {
    if (name === 'describe_data') return { output: roundDeep(datasetProfile(dataset)), outcome: null };
    const outcome = runPlan(planOfToolCall(name, args, dataset), dataset);
    return { output: roundDeep(outcomeJson(outcome)), outcome };
  } catch (error) {
    if (error instanceof ToolInputError) return { output: { error: error.message, ...(error.candidates.length ? { candidates: error.candidates } : {}) }, outcome: null };
    throw error;
  }
}
