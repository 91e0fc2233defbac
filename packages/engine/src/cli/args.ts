import { codeClasses, MESSAGES, MODEL_FAMILIES, DISCRETIZATION_METHODS, DEFAULT_DISCRETIZATION_METHOD, TARGET_HISTORY_MODES, type ModelFamily, type TargetHistoryMode } from '@indicata/contracts';
import { parseArgs } from 'node:util';
import type { EngineConfigInput } from '../pipeline/config.ts';

/** A bad command line or input file: reported in one line with exit code 2. */
export class UsageError extends Error {}

export const USAGE =
  'usage: automl --csv FILE --target COLUMN --time-column COL --space-column COL [--region-column COL] (--test-percent P | --test-year Y [--test-region R]) [--groups K --discretize equal-width|quantile|kmeans | --classes "title:min:max,..."] [--models DT,RF,KNN,SVM,ANN] [--budget SECONDS] [--seed N] [--workers N] [--preprocessing JSON] [--target-history off|auto|on] [--models-dir DIR] --out FILE';

function number(value: string | undefined, name: string, integer = false): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (value.trim() === '' || !Number.isFinite(n) || (integer && !Number.isInteger(n))) {
    throw new UsageError(`--${name} must be ${integer ? 'an integer' : 'a number'}, got "${value}"`);
  }
  return n;
}

/**
 * Parses the class list "title:min:max,title:min:max".
 * @param text the --classes value
 */
export function parseClasses(text: string): { title: string; min: number; max: number }[] {
  return text.split(',').map((part) => {
    const pieces = part.split(':');
    if (pieces.length !== 3 || pieces[0].trim() === '') throw new UsageError(`--classes entries are title:min:max, got "${part}"`);
    const min = number(pieces[1], 'classes min') as number;
    const max = number(pieces[2], 'classes max') as number;
    return { title: pieces[0].trim(), min, max };
  });
}

/**
 * The --classes value that keeps each code of a coded target as its own class (the inverse of parseClasses).
 * @param codes the target's codes, ascending (targetCodes)
 */
export function codesAsClassesArgument(codes: readonly number[]): string {
  return codeClasses(codes).map((c) => `${c.title}:${c.min}:${c.max}`).join(',');
}

/**
 * Turns command-line arguments into the CSV path, output path and engine configuration.
 * @param argv arguments after the script name
 */
export function parseCliArgs(argv: string[]): {
  csv: string;
  out: string;
  modelsDir: string | null;
  region: string | undefined;
  space: string;
  time: string;
  config: EngineConfigInput;
  /** Whether --groups, --discretize or --classes chose the target's classes (else the default quantile groups). */
  discretizationGiven: boolean;
} {
  let values: Record<string, string | undefined>;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        csv: { type: 'string' },
        target: { type: 'string' },
        'time-column': { type: 'string' },
        'space-column': { type: 'string' },
        'region-column': { type: 'string' },
        'test-percent': { type: 'string' },
        'test-year': { type: 'string' },
        'test-region': { type: 'string' },
        groups: { type: 'string' },
        discretize: { type: 'string' },
        classes: { type: 'string' },
        models: { type: 'string' },
        budget: { type: 'string' },
        seed: { type: 'string' },
        workers: { type: 'string' },
        'models-dir': { type: 'string' },
        preprocessing: { type: 'string' },
        'target-history': { type: 'string' },
        out: { type: 'string' },
      },
    }) as { values: Record<string, string | undefined> });
  } catch (error) {
    throw new UsageError((error as Error).message.split('\n')[0]);
  }
  for (const required of ['csv', 'target', 'time-column', 'space-column', 'out']) {
    if (!values[required]) throw new UsageError(`--${required} is required`);
  }
  const percent = number(values['test-percent'], 'test-percent');
  const year = number(values['test-year'], 'test-year');
  if (percent !== undefined && year !== undefined) throw new UsageError(MESSAGES.bothYearAndPercent);
  if (percent === undefined && year === undefined) throw new UsageError(MESSAGES.neitherYearNorPercent);
  if (percent !== undefined && (percent <= 0 || percent >= 100)) throw new UsageError('--test-percent must be between 0 and 100 (exclusive)');
  if (values['test-region'] && year === undefined) throw new UsageError('--test-region needs --test-year');
  if (values.classes && (values.groups || values.discretize)) throw new UsageError('use either --classes or --groups/--discretize, not both');
  const method = values.discretize ?? DEFAULT_DISCRETIZATION_METHOD;
  if (!(DISCRETIZATION_METHODS as readonly string[]).includes(method)) {
    throw new UsageError(`--discretize must be one of ${DISCRETIZATION_METHODS.join(', ')}`);
  }
  const groups = number(values.groups, 'groups', true) ?? 3;
  if (groups < 1 || groups > 100) throw new UsageError('--groups must be between 1 and 100');
  const families = (values.models ?? MODEL_FAMILIES.join(',')).split(',').map((m) => m.trim().toUpperCase());
  for (const f of families) {
    if (!(MODEL_FAMILIES as readonly string[]).includes(f)) throw new UsageError(`unknown model "${f}" (models: ${MODEL_FAMILIES.join(', ')})`);
  }
  const budget = number(values.budget, 'budget') ?? 60;
  if (budget <= 0) throw new UsageError('--budget must be positive');
  const seed = number(values.seed, 'seed', true) ?? 42;
  const workers = number(values.workers, 'workers', true);
  const targetHistory = values['target-history'] ?? 'auto';
  if (!(TARGET_HISTORY_MODES as readonly string[]).includes(targetHistory)) {
    throw new UsageError(`--target-history must be one of ${TARGET_HISTORY_MODES.join(', ')}`);
  }
  let preprocessing: EngineConfigInput['preprocessing'] | undefined;
  if (values.preprocessing) {
    try {
      preprocessing = JSON.parse(values.preprocessing) as EngineConfigInput['preprocessing'];
    } catch {
      throw new UsageError('--preprocessing must be JSON, e.g. \'{"balancing":"Oversampling","missingData":{"imputation":"mean"}}\'');
    }
  }
  const config: EngineConfigInput = {
    target: values.target as string,
    split: year !== undefined ? { mode: 'year', testYear: year, testRegion: values['test-region'] ?? null } : { mode: 'percent', testPercent: percent as number },
    targetDiscretization: values.classes
      ? { mode: 'manual', classes: parseClasses(values.classes) }
      : { mode: 'automatic', groups, method: method as (typeof DISCRETIZATION_METHODS)[number] },
    models: Object.fromEntries(families.map((f) => [f as ModelFamily, 'auto' as const])),
    budgetSeconds: budget,
    seed,
    targetHistory: targetHistory as TargetHistoryMode,
    ...(workers !== undefined ? { workers } : {}),
    ...(preprocessing !== undefined ? { preprocessing } : {}),
  };
  return {
    csv: values.csv as string,
    out: values.out as string,
    modelsDir: values['models-dir'] ?? null,
    region: values['region-column'],
    space: values['space-column'] as string,
    time: values['time-column'] as string,
    config,
    discretizationGiven: Boolean(values.classes || values.groups || values.discretize),
  };
}

