import { toCsv, type Prediction, type PredictResponse } from '@indicata/contracts';
import { saveBlob } from '../../../lib/save-file.ts';
import { formatSet } from '../format.ts';

/** Column titles of the predictions CSV, given by the caller in the page's language. */
export interface PredictionCsvHeaders {
  space: string;
  time: string;
  predicted: string;
  /** The prediction-set column's title and the word joining its classes; null leaves the column out. */
  set?: { title: string; or: string } | null;
  probability: (title: string) => string;
  imputed: string;
  /** The "mostly imputed" and "extrapolated" columns' titles with the word marking a row; null leaves a column out. */
  mostlyImputed?: { title: string; yes: string } | null;
  extrapolated?: { title: string; yes: string } | null;
  /** The explanation column's title and each row's text; null leaves it out. */
  explanation?: { title: string; text: (p: Prediction) => string } | null;
  missing: string;
  reason: string;
}

/**
 * The predictions as a semicolon CSV: place, time, predicted class, its prediction set (when asked), one probability
 * column per class, the imputed count and, when asked, the mostly-imputed and extrapolated marks; then the rows that were not predicted, with their missing count and reason.
 */
export function predictionsCsv(result: Pick<PredictResponse, 'classes' | 'predictions' | 'notPredicted'>, headers: PredictionCsvHeaders): string {
  const set = headers.set ?? null;
  const flags = [headers.mostlyImputed, headers.extrapolated].filter((flag) => !!flag) as { title: string; yes: string }[];
  const flagged = (p: Prediction) => [
    ...(headers.mostlyImputed ? [p.mostlyImputed ? headers.mostlyImputed.yes : null] : []),
    ...(headers.extrapolated ? [p.extrapolated ? headers.extrapolated.yes : null] : []),
  ];
  const columns = [
    headers.space,
    headers.time,
    headers.predicted,
    ...(set ? [set.title] : []),
    ...result.classes.map((c) => headers.probability(c.title)),
    headers.imputed,
    ...flags.map((flag) => flag.title),
    ...(headers.explanation ? [headers.explanation.title] : []),
    headers.missing,
    headers.reason,
  ];
  const blanks = result.classes.map(() => null);
  const rows: (string | number | null)[][] = [
    ...result.predictions.map((p) => [p.space, p.time, p.label, ...(set ? [formatSet(p.set, set.or)] : []), ...p.probabilities.map((value) => Number(value.toFixed(6))), p.imputed, ...flagged(p), ...(headers.explanation ? [headers.explanation.text(p)] : []), null, null]),
    ...result.notPredicted.map((n) => [n.space, n.time, null, ...(set ? [null] : []), ...blanks, null, ...flags.map(() => null), ...(headers.explanation ? [null] : []), n.missing, n.reason]),
  ];
  return toCsv(columns, rows);
}

/** Saves text as a file through a temporary object URL (the data is already in the page). */
export function downloadText(fileName: string, text: string, type = 'text/csv;charset=utf-8'): void {
  saveBlob(fileName, new Blob([text], { type }));
}
