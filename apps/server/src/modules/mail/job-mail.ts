import {
  baselineLabel,
  baselinesAtLeastAsGood,
  formatFixed,
  headlineComparisons,
  indicatorName,
  resultIndicatorNames,
  ruleSentences,
  horizonTieSentence,
  baselinesBesideModels,
  isRuleAlgorithm,
  recommendedIntervals,
  testLeadCaveat,
  verdictText,
  type AutoMLResults,
  type ReportLocale,
} from '@indicata/contracts';
import type { MailMessage } from './mailer.ts';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

export interface JobMailInput {
  to: string;
  jobName: string;
  /** Absolute link to the result detail. */
  link: string;
  status: 'done' | 'error';
  errorMessage?: string | null;
  /** One line per model: family and its test scores, best first. */
  scoreLines?: string[];
  /** The language the job was submitted in (default English). */
  locale?: ReportLocale;
}

/** The e-mail's words in each language. */
const TEXT = {
  en: {
    subjectDone: (name: string) => `Indicata: "${name}" is done`,
    subjectError: (name: string) => `Indicata: "${name}" stopped with an error`,
    done: (name: string) => `Your AutoML job "${name}" has finished.`,
    open: 'Open the results:',
    failed: (name: string) => `Your AutoML job "${name}" could not finish.`,
    reason: 'Reason:',
    unknown: 'unknown',
    details: 'Details:',
    caveat: 'The report is written by a language model or by the built-in analyst; consult an expert before applying it.',
    testScores: 'test macro-F1',
    accuracy: 'accuracy',
    chosen: 'chosen',
    chosenButBeaten: (names: string) => `chosen on validation, but the ${names} baseline did at least as well on the test rows`,
    plainly: (names: string, best: string) => `Plainly: the ${names} baseline scored at least as well as the chosen model ${best} on the test rows.`,
    plainlyRule: (names: string, rule: string) => `Plainly: the ${names} baseline scored at least as well as the recommended ${rule} rule on the test rows.`,
    /** A baseline inside a sentence ("the persistence baseline") and on its own line. */
    baselineInSentence: (name: 'majority' | 'persistence') => name as string,
    baselineLine: (name: 'majority' | 'persistence') => `Baseline ${name}`,
    scoresOf: (target: string) => `Scores on the test rows, predicting ${target}:`,
    none: 'n/a',
  },
  'pt-BR': {
    subjectDone: (name: string) => `Indicata: "${name}" terminou`,
    subjectError: (name: string) => `Indicata: "${name}" parou com um erro`,
    done: (name: string) => `Seu job de AutoML "${name}" terminou.`,
    open: 'Abra os resultados:',
    failed: (name: string) => `Seu job de AutoML "${name}" não pôde terminar.`,
    reason: 'Motivo:',
    unknown: 'desconhecido',
    details: 'Detalhes:',
    caveat: 'O relatório é escrito por um modelo de linguagem ou pelo analista embutido; consulte um especialista antes de aplicá-lo.',
    testScores: 'macro-F1 de teste',
    accuracy: 'acurácia',
    chosen: 'escolhido',
    chosenButBeaten: (names: string) => `escolhido na validação, mas a ${names} foi pelo menos tão boa nas linhas de teste`,
    plainly: (names: string, best: string) => `Em resumo: a ${names} teve resultado pelo menos tão bom quanto o modelo escolhido ${best} nas linhas de teste.`,
    plainlyRule: (names: string, rule: string) => `Em resumo: a ${names} teve resultado pelo menos tão bom quanto a regra ${rule} recomendada nas linhas de teste.`,
    // The baselines' Portuguese names, never the English keys inside a Portuguese sentence.
    baselineInSentence: (name: 'majority' | 'persistence') => baselineLabel(name, 'pt-BR').toLowerCase(),
    baselineLine: (name: 'majority' | 'persistence') => baselineLabel(name, 'pt-BR'),
    scoresOf: (target: string) => `Resultados nas linhas de teste, prevendo ${target}:`,
    none: 'n/d',
  },
} as const;

/** The e-mail that tells a job's owner it finished, with a short summary and a link to the results, in the job's language. */
export function jobFinishedMail(input: JobMailInput): MailMessage {
  const t = TEXT[input.locale ?? 'en'];
  const subject = input.status === 'done' ? t.subjectDone(input.jobName) : t.subjectError(input.jobName);
  const lines =
    input.status === 'done'
      ? [t.done(input.jobName), '', ...(input.scoreLines ?? []), '', `${t.open} ${input.link}`]
      : [t.failed(input.jobName), '', `${t.reason} ${input.errorMessage ?? t.unknown}`, '', `${t.details} ${input.link}`];
  lines.push('', t.caveat);
  const html = `<p>${lines.map((l) => escapeHtml(l)).join('<br>')}</p>`.replace(
    escapeHtml(input.link),
    `<a href="${escapeHtml(input.link)}">${escapeHtml(input.link)}</a>`,
  );
  return { to: input.to, subject, text: lines.join('\n'), html };
}

/**
 * Summary lines per model, then the baselines that are not among them: "DT (chosen): test macro-F1 0.8123, accuracy 85.00%", or in
 * Portuguese "DT (escolhido): macro-F1 de teste 0,8123, acurácia 85,00%", under a line that names the predicted
 * indicator (a WHO job's by its name, with its code).
 */
export function scoreLinesOf(results: AutoMLResults, locale: ReportLocale = 'en'): string[] {
  const t = TEXT[locale];
  const fixed = (x: number, digits: number) => formatFixed(x, digits, locale);
  const format = (name: string, test: { macroF1: number | null; accuracy: number | null }) =>
    `${name}: ${t.testScores} ${test.macroF1 === null ? t.none : fixed(test.macroF1, 4)}, ${t.accuracy} ${test.accuracy === null ? t.none : `${fixed(test.accuracy * 100, 2)}%`}`;
  const beaten = baselinesAtLeastAsGood(results);
  const names = beaten.map((b) => t.baselineInSentence(b.name)).join(locale === 'pt-BR' ? ' e ' : ' and ');
  // A model is never called "chosen" without the caveat when a simple rule did as well on the test rows.
  const chosenTag = beaten.length > 0 ? ` (${t.chosenButBeaten(names)})` : ` (${t.chosen})`;
  // A recommended rule first, in plain words ("The best rule here is to keep each country's class of its latest
  // year; no model improved on it."), with the validation figures behind it.
  const score = (x: number | null | undefined, digits = 3) => (typeof x === 'number' && Number.isFinite(x) ? fixed(x, Math.max(3, digits)) : t.none);
  const rule = ruleSentences(results, locale, score).map((sentence) => verdictText(sentence, locale));
  // Models level on validation whose tie the horizon broke: which one is recommended, and why.
  const tie = horizonTieSentence(results, score);
  // A test lead over a baseline that the recommendation's own interval does not clear may be chance: said, not hidden.
  const intervals = recommendedIntervals(results);
  const caveats = headlineComparisons(results)
    .map((comparison) => testLeadCaveat(comparison, baselineLabel(comparison.name, locale), intervals, score))
    .filter((sentence) => sentence !== null)
    .map((sentence) => verdictText(sentence, locale));
  const lines = [
    ...(rule.length > 0 ? [...rule, ''] : []),
    ...(tie ? [verdictText(tie, locale), ''] : []),
    ...(beaten.length > 0 ? [(isRuleAlgorithm(results.best) ? t.plainlyRule : t.plainly)(names, results.best), ''] : []),
    ...(caveats.length > 0 ? [...caveats, ''] : []),
  ];
  if (results.labels?.target) lines.push(t.scoresOf(indicatorName(results.labels.target, resultIndicatorNames(results), locale, { withCode: true })));
  lines.push(
    ...Object.values(results.models)
      .filter((m) => m !== undefined)
      .map((m) => format(`${m.algorithm}${m.algorithm === results.best ? chosenTag : ''}`, m.test)),
  );
  // A baseline the run also scored as a candidate (Persistence, Majority) already has its line above, same figures.
  for (const baseline of baselinesBesideModels(results)) lines.push(format(t.baselineLine(baseline.name), baseline.test));
  return lines;
}
