import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { decodeCsvBytes, targetCodes } from '@indicata/contracts';
import { parseAnyDelimiterCsv, frameFromTable } from '../data/csv.ts';
import { runAutoML } from '../pipeline/run.ts';
import { parseEngineConfig } from '../pipeline/config.ts';
import { codesAsClassesArgument, parseCliArgs, UsageError, USAGE } from './args.ts';
import { firstDifference, parseReplayArgs, REPLAY_USAGE } from './replay.ts';
import { useImportModuleForModelFactories } from '../compiled-loader.mjs';

// With --workers 0 the fits run in this thread, which may be compiled (no tsx behind it): the model factory, named
// by its source URL, is then loaded compiled or through tsx, as in a fit thread.
useImportModuleForModelFactories();

/**
 * Command line: npm run automl -- --csv FILE --target COLUMN --time-column year --space-column countryName
 *   [--region-column regionName] (--test-percent P | --test-year Y [--test-region R])
 *   [--groups K --discretize equal-width|quantile|kmeans | --classes "title:min:max,..."]
 *   [--models DT,RF,KNN,SVM,ANN] [--budget SECONDS] [--seed N] [--workers N] [--preprocessing JSON] [--target-history off|auto|on]
 *   [--models-dir DIR] --out results.json   (--preprocessing: EngineConfig.preprocessing, e.g. '{"balancing":"Oversampling"}')
 * or: npm run automl -- --replay results.json|bundle.json [--csv FILE] [--workers N] --out replayed.json (the same run again,
 *   exactly: the recorded fits with no clock; prints whether every value matches the recorded results).
 * Progress goes to stderr; bad arguments or files give a one-line error and exit code 2.
 */

async function main(argv: string[]): Promise<void> {
  if (argv.length === 0 || argv.includes('--help')) {
    process.stderr.write(`${USAGE}\n${REPLAY_USAGE}\n`);
    if (argv.length === 0) throw new UsageError('no arguments given');
    return;
  }
  if (argv.some((a) => a === '--replay' || a.startsWith('--replay='))) return replay(argv);
  const args = parseCliArgs(argv);
  // Configuration errors are reported before the file is read.
  parseEngineConfig(args.config);
  let bytes: Uint8Array;
  try {
    bytes = readFileSync(args.csv);
  } catch (error) {
    throw new UsageError(`cannot read ${args.csv}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
  // The product's one reader: the same decoding and rules as the upload validation, except that a comma-, tab- or
  // colon-separated file is read as such (a CsvFormatError becomes the one-line error below).
  const frame = frameFromTable(parseAnyDelimiterCsv(decodeCsvBytes(bytes)), { spaceColumn: args.space, timeColumn: args.time, regionColumn: args.region });
  const nonNumeric = Object.entries(frame.nonNumericCells ?? {});
  if (nonNumeric.length > 0) {
    process.stderr.write(`note: non-numeric cells read as missing: ${nonNumeric.map(([c, n]) => `${c} ${n}`).join(', ')}\n`);
  }
  if (frame.textColumns && frame.textColumns.length > 0) process.stderr.write(`note: text columns left out: ${frame.textColumns.join(', ')}\n`);
  const codes = args.discretizationGiven ? null : targetCodes(frame.columns.find((c) => c.name === args.config.target)?.values ?? []);
  if (codes) {
    process.stderr.write(
      `note: the target holds only the whole numbers ${codes.join(', ')}; it is cut into the default quantile groups. If these are classes already, keep each as its own: --classes "${codesAsClassesArgument(codes)}"\n`,
    );
  }
  const controller = new AbortController();
  process.once('SIGINT', () => controller.abort(new Error('interrupted')));
  const { results, models } = await runAutoML(frame, args.config, {
    signal: controller.signal,
    // The budget covers the whole command: it started when this process did, not when the search does.
    startedAt: performance.timeOrigin,
    onProgress: (fraction, message) => process.stderr.write(`[${(fraction * 100).toFixed(0).padStart(3)}%] ${message}\n`),
  });
  // Where the panel came from, so that `--replay` with this file alone can read it again.
  if (results.replay) results.replay.input = { csv: path.resolve(args.csv), timeColumn: args.time, spaceColumn: args.space, ...(args.region ? { regionColumn: args.region } : {}) };
  writeOutputs(args.out, args.modelsDir, results, models);
  const best = results.models[results.best];
  const persistence = results.baselines.find((b) => b.name === 'persistence');
  const against = persistence?.validation
    ? `; persistence: validation ${persistence.validation.macroF1.toFixed(4)}, test ${persistence.test.macroF1?.toFixed(4)}`
    : '';
  // The horizon check, when it ran: each model checked against the rule as far ahead as the test years reach.
  const horizon = results.choice?.horizon;
  const horizonLine = horizon
    ? `horizon: trained to ${horizon.trainedThrough}, scored on ${horizon.years[0]}-${horizon.years[horizon.years.length - 1]} against ${results.choice?.rules?.best.toLowerCase()} ${horizon.ruleMacroF1.toFixed(4)}: ${horizon.compared.map((c) => `${c.algorithm} ${c.modelMacroF1.toFixed(4)} (se ${c.standardError.toFixed(4)}, ${c.passed ? 'held' : 'failed'})`).join(', ')}\n`
    : '';
  // The yearly check, when it ran (one test year): each model against the rule on the validation years scored one by one.
  const yearly = results.choice?.yearly;
  const yearlyLine = yearly
    ? `year by year: ${yearly.years[0]}-${yearly.years[yearly.years.length - 1]}: ${yearly.compared.map((c) => `${c.algorithm} ${c.modelMacroF1.toFixed(4)} against ${c.ruleMacroF1.toFixed(4)} (se ${c.standardError.toFixed(4)}, ${c.passed ? 'held' : 'failed'})`).join(', ')}\n`
    : '';
  process.stderr.write(
    `best: ${results.best} (validation macro-F1 ${best?.validationMacroF1.toFixed(4)}, test macro-F1 ${best?.test.macroF1?.toFixed(4)}${against}); ${results.elapsedSeconds.toFixed(1)} s; results in ${args.out}\nwhy: ${results.bestReason}\n${horizonLine}${yearlyLine}`,
  );
}

function writeOutputs(out: string, modelsDir: string | null, results: unknown, models: Record<string, unknown>): void {
  writeFileSync(out, JSON.stringify(results, null, 2));
  if (modelsDir) {
    mkdirSync(modelsDir, { recursive: true });
    for (const [family, saved] of Object.entries(models)) writeFileSync(path.join(modelsDir, `model${family}.json`), JSON.stringify(saved));
  }
}

/** Replays a recorded run (a results file or a job's bundle) and says whether it matches, value for value. */
async function replay(argv: string[]): Promise<void> {
  const job = parseReplayArgs(argv);
  const started = performance.now();
  const { results, models } = await runAutoML(job.frame, job.config, {
    replay: job.record,
    onProgress: (fraction, message) => process.stderr.write(`[${(fraction * 100).toFixed(0).padStart(3)}%] ${message}\n`),
  });
  writeOutputs(job.out, job.modelsDir, results, models);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  if (!job.original) {
    process.stderr.write(`replayed in ${seconds} s: best ${results.best}; results in ${job.out} (the file held no results to compare with)\n`);
    return;
  }
  const difference = firstDifference(job.original, results);
  if ('compared' in difference) {
    process.stderr.write(`replayed in ${seconds} s: identical to the recorded run (${difference.compared} values compared, wall times left out); results in ${job.out}\n`);
    return;
  }
  throw new Error(`the replay differs from the recorded run at ${difference.path}: ${JSON.stringify(difference.left)} vs ${JSON.stringify(difference.right)}`);
}

/** One line describing an error (zod errors: the first issue with its path). */
function oneLine(error: unknown): string {
  const issues = (error as { issues?: { path: PropertyKey[]; message: string }[] }).issues;
  if (Array.isArray(issues) && issues.length > 0) {
    const first = issues[0];
    return `invalid configuration: ${first.path.map(String).join('.') || 'config'}: ${first.message}`;
  }
  const message = error instanceof Error ? error.message : String(error);
  return message.split('\n')[0];
}

main(process.argv.slice(2)).then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`error: ${oneLine(error)}\n`);
    process.exit(2);
  },
);
