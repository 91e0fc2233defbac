import {
  compareWithBaselines,
  formatFixed,
  leadInsideInterval,
  recommendedIntervals,
  smallTestCheck,
  testYearsOf,
  type AutoMLResults,
  type BaselineComparison,
  type BootstrapScores,
  type ModelResult,
  type ReportLocale,
  type ScoreFormat,
  type SmallTestCheck,
} from '@indicata/contracts';

/** What the verdict at the top of a result says, computed once from the results. */
export interface VerdictFigures {
  chosen: ModelResult;
  intervals: BootstrapScores | null;
  baselines: BaselineComparison[];
  testRows: number;
  years: number[];
  small: SmallTestCheck;
  budget: {
    budgetSeconds: number;
    elapsedSeconds: number;
    evaluated: number;
    planned: number;
    /** The deadline cut the search short for at least one family. */
    cut: boolean;
    /** Engine detail when the results carry it (budgetUse). */
    use: NonNullable<AutoMLResults['budgetUse']> | null;
  };
}

/**
 * The verdict's figures, or null when the chosen model is not in the results. Older results without the
 * newer optional fields (budgetUse, baselinesAtLeastAsGood) fall back to what every result has.
 */
export function verdictFigures(results: AutoMLResults): VerdictFigures | null {
  const chosen = results.models?.[results.best];
  if (!chosen) return null;
  const predictions = Array.isArray(chosen.predictions) ? chosen.predictions : [];
  const classes = Array.isArray(results.classes) ? results.classes : [];
  const testRows = typeof chosen.test?.TotalIntances === 'number' ? chosen.test.TotalIntances : predictions.length;
  const models = Object.values(results.models ?? {}).filter((m): m is ModelResult => !!m && m.algorithm !== 'Ensemble');
  const evaluated = models.reduce((sum, m) => sum + (m.search?.evaluated ?? 0), 0);
  const planned = models.reduce((sum, m) => sum + (m.search?.planned ?? 0), 0);
  return {
    chosen,
    intervals: recommendedIntervals(results),
    baselines: compareWithBaselines(results),
    testRows,
    years: testYearsOf(chosen),
    small: smallTestCheck(testRows, classes),
    budget: {
      budgetSeconds: results.budgetUse?.budgetSeconds ?? results.budgetSeconds,
      elapsedSeconds: results.budgetUse?.totalSeconds ?? results.elapsedSeconds,
      evaluated: results.budgetUse?.candidatesEvaluated ?? evaluated,
      planned: results.budgetUse?.candidatesPlanned ?? planned,
      cut: models.some((m) => m.search?.budgetBound) || (results.budgetUse?.stopped.length ?? 0) > 0,
      use: results.budgetUse ?? null,
    },
  };
}

/**
 * A baseline's line in the verdict: which sentence, with which figures. A beaten baseline whose score lies inside
 * the chosen model's interval is beaten only narrowly, and the sentence says so. Both scores get a third decimal
 * when two would print them alike (0.730 against 0.732 would read "0.73" twice).
 * @param baseline the baseline and whether the chosen model beats it
 * @param chosenScore the chosen model's test macro-F1
 * @param intervals the chosen model's bootstrap intervals, when it has test rows
 * @param format how the scores are written (the reader's decimal mark: scoreFormat)
 * @returns the locale key under verdict. and the values it fills in (without the baseline's name; level in percent)
 */
export function baselineSentence(
  baseline: BaselineComparison,
  chosenScore: number | null | undefined,
  intervals: BootstrapScores | null,
  format: ScoreFormat = formatScore,
): { key: 'beats' | 'beatsNarrowly' | 'doesNotBeat'; values: { score: string; chosen: string; level: number } } {
  const score = baseline.test?.macroF1;
  const digits = typeof score === 'number' && typeof chosenScore === 'number' && score !== chosenScore && format(score) === format(chosenScore) ? 3 : 2;
  const values = { score: format(score, digits), chosen: format(chosenScore, digits), level: Math.round((intervals?.level ?? 0) * 100) };
  if (!baseline.beaten) return { key: 'doesNotBeat', values };
  return { key: leadInsideInterval(score, intervals) ? 'beatsNarrowly' : 'beats', values };
}

/**
 * A score for the verdict's sentences in the reader's language: two decimals (the tables keep four), or as many as
 * asked; a dash for nothing. The built-in report writes them the same way.
 */
export function scoreFormat(locale: ReportLocale): ScoreFormat {
  return (value, digits = 2) => {
    if (typeof value !== 'number' || !Number.isFinite(value)) return '—';
    // A score short of perfect is never shown as 1.00 (nor one above nothing as 0.00): a digit more, up to four.
    let shown = digits;
    while (shown < 4 && ((value < 1 && Number(value.toFixed(shown)) >= 1) || (value > 0 && Number(value.toFixed(shown)) <= 0))) shown++;
    return formatFixed(value, shown, locale);
  };
}

/** Seconds for a sentence in the reader's language: whole seconds from 10 s up, one decimal below. */
export function secondsFormat(locale: ReportLocale): (value: number | null | undefined) => string {
  return (value) => {
    if (typeof value !== 'number' || !Number.isFinite(value)) return '—';
    return value >= 10 ? String(Math.round(value)) : formatFixed(value, 1, locale);
  };
}

/** scoreFormat in English. */
export const formatScore: ScoreFormat = scoreFormat('en');

/** secondsFormat in English. */
export const formatSeconds = secondsFormat('en');

/**
 * A chart label cut at spaces into lines of at most `maxChars` characters, at most `maxLines` of them; a word longer
 * than a line is cut, and a label that needs more lines ends in an ellipsis (the chart keeps the whole label as its
 * tooltip). So a long name ("Referência de persistência") wraps instead of running off the chart's left edge.
 */
export function wrapLabel(label: string, maxChars: number, maxLines: number): { lines: string[]; cut: boolean } {
  const lines: string[] = [];
  let current = '';
  for (const word of label.split(/\s+/).filter((w) => w !== '')) {
    const joined = current === '' ? word : `${current} ${word}`;
    if (joined.length <= maxChars) current = joined;
    else {
      if (current !== '') lines.push(current);
      current = word;
      while (current.length > maxChars) {
        lines.push(current.slice(0, maxChars));
        current = current.slice(maxChars);
      }
    }
  }
  if (current !== '') lines.push(current);
  if (lines.length <= maxLines) return { lines, cut: false };
  const kept = lines.slice(0, maxLines);
  const last = kept[maxLines - 1] ?? '';
  kept[maxLines - 1] = `${last.slice(0, Math.max(0, maxChars - 1))}…`;
  return { lines: kept, cut: true };
}
