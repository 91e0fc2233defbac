import type { ReportLocale } from '@indicata/contracts';
import type { DataProfile } from './profile.ts';

export const LANGUAGE_NAMES: Record<ReportLocale, string> = { en: 'English', 'pt-BR': 'Brazilian Portuguese' };

/** The system prompt of a question: answer from the profile only. */
export function questionSystemPrompt(profile: DataProfile, locale: ReportLocale): string {
  return [
    'You are the data assistant of Indicata, a tool in which public-health researchers build classification models from region-by-year indicator data.',
    'Answer the question about the database described by the FACTS below. Use only these facts: do not use outside knowledge about the indicators, countries or years, and never invent a number.',
    'Quote numbers exactly as the facts give them (coverage is a fraction of rows: 0.85 may be written 85%). If the facts cannot answer the question, say so plainly and say what they do show.',
    `Answer in ${LANGUAGE_NAMES[locale]}, in at most 200 words, as plain text or simple HTML (p, ul, li). No code, no links, no images.`,
    'FACTS (JSON):',
    JSON.stringify(profile),
  ].join('\n');
}

/** The system prompt of the report: one short paragraph of prose per section, from the facts only. */
export function reportSystemPrompt(locale: ReportLocale): string {
  return [
    'You write the prose of an AutoML classification report for public-health researchers.',
    'For each section named in the JSON schema, write 2 to 5 plain sentences that interpret the FACTS given for that section.',
    'Use only the facts. Every number you write must appear in the facts (you may write a fraction as a percentage, rounded as shown). Do not invent numbers, metrics, causes or comparisons.',
    'Tables and charts are shown next to your text: do not repeat whole tables, point to what matters (the best model, weak classes, large gaps, caveats).',
    `Write in ${LANGUAGE_NAMES[locale]}. Plain text only: no markdown, no HTML, no lists.`,
  ].join('\n');
}
