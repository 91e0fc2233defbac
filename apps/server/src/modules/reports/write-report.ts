import {
  describeWhoVintages,
  withIndicatorNames,
  WHO_VINTAGE_TEXT,
  REPORT_SECTION_KEYS,
  REPORT_SECTION_TITLES,
  type AutoMLResults,
  type JobReport,
  type ReportFallbackReason,
  type ReportLocale,
  type ReportSection,
  type ReportSectionKey,
} from '@indicata/contracts';
import type { Assistant } from '../assistant/assistant.ts';
import { LanguageModelError, parseJsonAnswer } from '../assistant/language-model.ts';
import { collectFacts, unsupportedNumbers } from '../assistant/number-check.ts';
import { reportSystemPrompt } from '../assistant/prompts.ts';
import { answerToSafeHtml, htmlToText } from '../assistant/sanitize.ts';
import { builtinSectionHtml } from './builtin-prose.ts';
import { sectionFacts } from './facts.ts';

export interface WriteReportContext {
  assistant: Assistant;
  /** Language of the prose and titles; 'en' by default. */
  locale?: ReportLocale;
  /** Aborts the language model call (the job is cancelled or shutting down); the analyst's text is used. */
  signal?: AbortSignal;
}

/** The JSON schema of the language model's answer: one prose string per section (structured output). */
export function reportJsonSchema(): Record<string, unknown> {
  return {
    type: 'object',
    properties: Object.fromEntries(REPORT_SECTION_KEYS.map((key) => [key, { type: 'string', description: `Prose of the ${REPORT_SECTION_TITLES.en[key]} section.` }])),
    required: [...REPORT_SECTION_KEYS],
    additionalProperties: false,
  };
}

const NOTICES: Record<ReportLocale, Record<'timeout' | 'unavailable' | 'invalid-output', string>> = {
  en: {
    timeout: 'The language model did not answer in time; the built-in analyst (not a language model) wrote this report from the results.',
    unavailable: 'The language model could not be reached; the built-in analyst (not a language model) wrote this report from the results.',
    'invalid-output': 'The language model did not return usable text; the built-in analyst (not a language model) wrote this report from the results.',
  },
  'pt-BR': {
    timeout: 'O modelo de linguagem não respondeu a tempo; o analista embutido (não é um modelo de linguagem) escreveu este relatório a partir dos resultados.',
    unavailable: 'O modelo de linguagem não pôde ser contactado; o analista embutido (não é um modelo de linguagem) escreveu este relatório a partir dos resultados.',
    'invalid-output': 'O modelo de linguagem não devolveu um texto utilizável; o analista embutido (não é um modelo de linguagem) escreveu este relatório a partir dos resultados.',
  },
};

const BUILTIN_NOTICE: Record<ReportLocale, string> = {
  en: 'Written by the built-in analyst from the results; it is not a language model.',
  'pt-BR': 'Escrito pelo analista embutido a partir dos resultados; não é um modelo de linguagem.',
};

function builtinSection(results: AutoMLResults, key: ReportSectionKey, locale: ReportLocale, fallbackReason: ReportFallbackReason | null, unverifiedNumbers: string[] = []): ReportSection {
  return { key, title: REPORT_SECTION_TITLES[locale][key], html: builtinSectionHtml(results, key, locale), provider: 'builtin', fallbackReason, unverifiedNumbers };
}

/** The report's fields other than its sections, in its language. */
function reportBase(results: AutoMLResults, locale: ReportLocale, provider: JobReport['provider']) {
  return {
    locale,
    generatedAt: new Date().toISOString(),
    provider,
    dataSource: results.whoVintages?.length ? `${WHO_VINTAGE_TEXT[locale].attribution}: ${describeWhoVintages(results.whoVintages, locale)}.` : null,
  };
}

/** The built-in analyst as a report's provider. */
export const BUILTIN_PROVIDER: JobReport['provider'] = { kind: 'builtin', label: 'built-in analyst' };

/**
 * The built-in analyst's report of a job's results in any language. It is computed from the results alone, so it is
 * also written on demand: in the reader's language when that differs from the job's, and beside a language model's
 * report, which stays in the language it was written in. Indicators are named by the names stored with the results.
 * @param stored the job's results
 * @param locale the language to write in
 * @param provider the configured provider the stored report names (the built-in analyst when written on demand)
 */
export function builtinReport(stored: AutoMLResults, locale: ReportLocale, provider: JobReport['provider'] = BUILTIN_PROVIDER): JobReport {
  const results = withIndicatorNames(stored, locale);
  return { ...reportBase(results, locale, provider), notice: BUILTIN_NOTICE[locale], sections: REPORT_SECTION_KEYS.map((key) => builtinSection(results, key, locale, null)) };
}

/**
 * Writes the report of a finished job: for every section the prose of the configured language model (one
 * structured-output call), checked number by number against the results; a section whose prose states a
 * number the results do not hold, or that is missing, is the built-in analyst's text instead, and says why.
 * Never throws for model problems: a down or slow model gives the built-in report with a notice, so the
 * job still ends `done`. Indicators are named by the names stored with the results (a WHO job's), in the facts the
 * model reads as in the built-in prose.
 * @param stored the job's results
 * @param ctx the assistant (ctx.assistant of the server), the locale, and an abort signal
 */
export async function writeReport(stored: AutoMLResults, ctx: WriteReportContext): Promise<JobReport> {
  const locale = ctx.locale ?? 'en';
  const results = withIndicatorNames(stored, locale);
  const provider = { kind: ctx.assistant.kind, label: ctx.assistant.label };
  const base = reportBase(results, locale, provider);
  const model = ctx.assistant.model;
  if (!model) return builtinReport(stored, locale, provider);

  const facts = Object.fromEntries(REPORT_SECTION_KEYS.map((key) => [key, sectionFacts(results, key)])) as Record<ReportSectionKey, Record<string, unknown>>;
  let prose: Record<string, unknown>;
  try {
    const text = await model.complete({
      messages: [
        { role: 'system', content: reportSystemPrompt(locale) },
        { role: 'user', content: `FACTS per section (JSON):\n${JSON.stringify(facts)}` },
      ],
      jsonSchema: { name: 'report_sections', schema: reportJsonSchema() },
      maxTokens: 1_600,
      signal: ctx.signal,
    });
    const parsed = parseJsonAnswer(text);
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new LanguageModelError('invalid-output', 'The report answer is not a JSON object.');
    prose = parsed as Record<string, unknown>;
  } catch (error) {
    const reason: 'timeout' | 'unavailable' | 'invalid-output' = error instanceof LanguageModelError ? error.reason : 'unavailable';
    return { ...base, notice: NOTICES[locale][reason], sections: REPORT_SECTION_KEYS.map((key) => builtinSection(results, key, locale, reason)) };
  }

  // Every number of the results (and the derived facts) may be quoted in any section.
  const allowed = collectFacts([facts, results.summary, results.resultados, results.classes, results.split, results.preprocessing, results.baselines, results.cvGap, results.choice ?? null, results.trust ?? null]);
  const sections = REPORT_SECTION_KEYS.map((key): ReportSection => {
    const text = prose[key];
    if (typeof text !== 'string' || text.trim() === '') return builtinSection(results, key, locale, 'invalid-output');
    const html = answerToSafeHtml(text);
    const plain = htmlToText(html);
    if (plain === '') return builtinSection(results, key, locale, 'invalid-output');
    const unverified = unsupportedNumbers(plain, allowed);
    if (unverified.length > 0) return builtinSection(results, key, locale, 'unverified-number', unverified);
    return { key, title: REPORT_SECTION_TITLES[locale][key], html, provider: model.kind, fallbackReason: null, unverifiedNumbers: [] };
  });
  return { ...base, notice: null, sections };
}
