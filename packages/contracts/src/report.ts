import { z } from 'zod';
import { ASSISTANT_PROVIDER_KINDS } from './questions.ts';

/**
 * The written report of a finished job. Tables and figures are rendered by the web from the results;
 * the report holds only the prose of each section, and says who wrote it.
 */
export const REPORT_SECTION_KEYS = [
  'results',
  'outliers',
  'correlation',
  'features',
  'confusion',
  'detailed',
  'hyperparameters',
  'limitations',
] as const;
export type ReportSectionKey = (typeof REPORT_SECTION_KEYS)[number];

export const REPORT_LOCALES = ['en', 'pt-BR'] as const;
export type ReportLocale = (typeof REPORT_LOCALES)[number];

/** Section titles: the spec's Portuguese names in pt-BR, their English names in en. */
export const REPORT_SECTION_TITLES: Record<ReportLocale, Record<ReportSectionKey, string>> = {
  en: {
    results: 'Results',
    outliers: 'Outliers',
    correlation: 'Correlation matrix',
    features: 'Features',
    confusion: 'Confusion matrices',
    detailed: 'Detailed results',
    hyperparameters: 'Hyperparameters',
    limitations: 'Limitations',
  },
  'pt-BR': {
    results: 'Resultados',
    outliers: 'Outliers',
    // Verbatim, as the design brief asks of the spec's Portuguese strings (spec section 3).
    correlation: 'Matrix de correlação',
    features: 'Features',
    confusion: 'Matrizes de Confusão',
    detailed: 'Detalhada dos resultados',
    hyperparameters: 'hiperparâmetros',
    limitations: 'Limitações',
  },
};

/** Why a section's prose came from the built-in analyst although a language model is configured. */
export const REPORT_FALLBACK_REASONS = [
  /** The prose stated a number the results do not hold. */
  'unverified-number',
  /** The language model did not answer in time. */
  'timeout',
  /** The language model could not be reached or answered with an error. */
  'unavailable',
  /** The answer did not follow the requested JSON schema, or the section was missing or empty. */
  'invalid-output',
] as const;
export type ReportFallbackReason = (typeof REPORT_FALLBACK_REASONS)[number];

export const reportSectionSchema = z.object({
  key: z.enum(REPORT_SECTION_KEYS),
  title: z.string(),
  /** Sanitised HTML prose (no scripts, handlers or external resources). */
  html: z.string(),
  /** Who wrote this section's prose. */
  provider: z.enum(ASSISTANT_PROVIDER_KINDS),
  /** Set when a configured language model was asked but the built-in analyst's text is shown instead. */
  fallbackReason: z.enum(REPORT_FALLBACK_REASONS).nullable(),
  /** The numbers of a language model's prose that matched no value of the results (for the reader and for audits). */
  unverifiedNumbers: z.array(z.string()).default([]),
});
export type ReportSection = z.infer<typeof reportSectionSchema>;

export const jobReportSchema = z.object({
  locale: z.enum(REPORT_LOCALES),
  /** ISO 8601 time the report was written. */
  generatedAt: z.string(),
  /** The configured provider: kind and a label a person can read (e.g. "gpt-4o-mini at api.openai.com"). */
  provider: z.object({ kind: z.enum(ASSISTANT_PROVIDER_KINDS), label: z.string() }),
  /** A sentence for the reader when the language model was down or slow, or null. */
  notice: z.string().nullable(),
  /** WHO jobs: where the data came from and its vintage, in the report's locale (WHO_VINTAGE_TEXT); absent otherwise. */
  dataSource: z.string().nullable().optional(),
  sections: z.array(reportSectionSchema),
});
export type JobReport = z.infer<typeof jobReportSchema>;
