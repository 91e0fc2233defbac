import { baselinesAtLeastAsGood, type AutoMLResults } from '@indicata/contracts';
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
}

/** The e-mail that tells a job's owner it finished, with a short summary and a link to the results. */
export function jobFinishedMail(input: JobMailInput): MailMessage {
  const subject = input.status === 'done' ? `Indicata: "${input.jobName}" is done` : `Indicata: "${input.jobName}" stopped with an error`;
  const lines =
    input.status === 'done'
      ? [`Your AutoML job "${input.jobName}" has finished.`, '', ...(input.scoreLines ?? []), '', `Open the results: ${input.link}`]
      : [`Your AutoML job "${input.jobName}" could not finish.`, '', `Reason: ${input.errorMessage ?? 'unknown'}`, '', `Details: ${input.link}`];
  lines.push('', 'The report is written by a language model or by the built-in analyst; consult an expert before applying it.');
  const html = `<p>${lines.map((l) => escapeHtml(l)).join('<br>')}</p>`.replace(
    escapeHtml(input.link),
    `<a href="${escapeHtml(input.link)}">${escapeHtml(input.link)}</a>`,
  );
  return { to: input.to, subject, text: lines.join('\n'), html };
}

/** Summary lines "DT (chosen): test macro-F1 0.8123, accuracy 85.00%" per model, then the baselines. */
export function scoreLinesOf(results: AutoMLResults): string[] {
  const format = (name: string, test: { macroF1: number | null; accuracy: number | null }) =>
    `${name}: test macro-F1 ${test.macroF1 === null ? 'n/a' : test.macroF1.toFixed(4)}, accuracy ${test.accuracy === null ? 'n/a' : `${(test.accuracy * 100).toFixed(2)}%`}`;
  const beaten = baselinesAtLeastAsGood(results);
  // A model is never called "chosen" without the caveat when a simple rule did as well on the test rows.
  const chosenTag = beaten.length > 0 ? ` (chosen on validation, but the ${beaten.map((b) => b.name).join(' and ')} baseline did at least as well on the test rows)` : ' (chosen)';
  const lines =
    beaten.length > 0
      ? [`Plainly: the ${beaten.map((b) => b.name).join(' and ')} baseline scored at least as well as the chosen model ${results.best} on the test rows.`, '']
      : [];
  lines.push(
    ...Object.values(results.models)
      .filter((m) => m !== undefined)
      .map((m) => format(`${m.algorithm}${m.algorithm === results.best ? chosenTag : ''}`, m.test)),
  );
  for (const baseline of results.baselines) lines.push(format(`Baseline ${baseline.name}`, baseline.test));
  return lines;
}
