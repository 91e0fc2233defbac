import type { AssistantProviderKind, QuestionVisual, ReportLocale } from '@indicata/contracts';
import { analyseQuestion } from './analysis/analyst.ts';
import type { AnalysisDataset } from './analysis/dataset.ts';
import { describeOutcome } from './analysis/describe.ts';
import type { AssistantConfig } from './config.ts';
import { LanguageModelError, type LanguageModel } from './language-model.ts';
import { LocalGgufModel } from './local-model.ts';
import { collectFacts, unsupportedNumbers } from './number-check.ts';
import { OpenAICompatibleModel } from './openai-model.ts';
import { answerToSafeHtml, escapeHtml, htmlToText } from './sanitize.ts';
import { answerWithTools } from './tool-loop.ts';

export interface QuestionAnswer {
  /** Sanitised HTML. */
  html: string;
  provider: AssistantProviderKind;
  /** The chart that goes with the answer, or null. */
  visual: QuestionVisual | null;
}

export interface QuestionInput {
  question: string;
  /** The chosen data (indicators and target, or the upload's columns). */
  dataset: AnalysisDataset;
  locale?: ReportLocale;
  signal?: AbortSignal;
  /** Called with the answer so far while a model streams (not sanitised: for progress only). */
  onText?: (text: string) => void;
}

/**
 * Who answers questions and writes report prose. `model` is null for the built-in analyst; the report writer
 * uses it directly (structured output) and falls back to the analyst section by section.
 */
export interface Assistant {
  readonly kind: AssistantProviderKind;
  /** For people, e.g. "built-in analyst" or "gpt-4o-mini at api.openai.com". */
  readonly label: string;
  readonly model: LanguageModel | null;
  /**
   * Answers a question about the chosen data: the built-in analyst computes it; a language model calls the
   * analyst's computations as tools. A model's failure falls back to the built-in analyst (the answer says so);
   * never throws for model problems.
   */
  answerQuestion(input: QuestionInput): Promise<QuestionAnswer>;
  close(): Promise<void>;
}

const FALLBACK_NOTE: Record<ReportLocale, Record<LanguageModelError['reason'], string>> = {
  en: {
    timeout: 'The language model did not answer in time, so the built-in analyst answered instead.',
    unavailable: 'The language model could not be reached, so the built-in analyst answered instead.',
    'invalid-output': 'The language model gave no usable answer, so the built-in analyst answered instead.',
  },
  'pt-BR': {
    timeout: 'O modelo de linguagem não respondeu a tempo; o analista embutido respondeu no lugar dele.',
    unavailable: 'O modelo de linguagem não pôde ser contactado; o analista embutido respondeu no lugar dele.',
    'invalid-output': 'O modelo de linguagem não deu uma resposta utilizável; o analista embutido respondeu no lugar dele.',
  },
};

const UNVERIFIED_NOTE: Record<ReportLocale, (numbers: string[]) => string> = {
  en: (n) => `Check before use: these numbers are not in any computation on the data: ${n.join(', ')}.`,
  'pt-BR': (n) => `Verifique antes de usar: estes números não vêm de nenhum cálculo sobre os dados: ${n.join(', ')}.`,
};

class BuiltinAssistant implements Assistant {
  readonly kind = 'builtin' as const;
  readonly label = 'built-in analyst';
  readonly model = null;

  async answerQuestion(input: QuestionInput): Promise<QuestionAnswer> {
    const answer = analyseQuestion(input.question, input.dataset, input.locale ?? 'en');
    return { html: answerToSafeHtml(answer.html), provider: 'builtin', visual: answer.visual };
  }

  async close(): Promise<void> {}
}

class LanguageModelAssistant implements Assistant {
  readonly kind: AssistantProviderKind;
  readonly label: string;

  constructor(readonly model: LanguageModel) {
    this.kind = model.kind;
    this.label = model.label;
  }

  async answerQuestion(input: QuestionInput): Promise<QuestionAnswer> {
    const locale = input.locale ?? 'en';
    try {
      const answer = await answerWithTools(this.model, { question: input.question, dataset: input.dataset, locale, signal: input.signal });
      input.onText?.(answer.text);
      let html = answerToSafeHtml(answer.text);
      // Every number must come from a tool result (the question's own years are in those results too).
      const unverified = unsupportedNumbers(htmlToText(html), collectFacts(answer.results));
      if (unverified.length > 0) html += `<p><small>${escapeHtml(UNVERIFIED_NOTE[locale](unverified))}</small></p>`;
      const visual = answer.lastOutcome ? describeOutcome(answer.lastOutcome, input.dataset, locale).visual : null;
      return { html, provider: this.kind, visual };
    } catch (error) {
      if (!(error instanceof LanguageModelError)) throw error;
      const note = `<p><small>${escapeHtml(FALLBACK_NOTE[locale][error.reason])}</small></p>`;
      const fallback = analyseQuestion(input.question, input.dataset, locale);
      return { html: answerToSafeHtml(fallback.html + note), provider: 'builtin', visual: fallback.visual };
    }
  }

  close(): Promise<void> {
    return this.model.close();
  }
}

/** The built-in analyst (the default, and every language model's fallback). */
export function createBuiltinAssistant(): Assistant {
  return new BuiltinAssistant();
}

/** An assistant over a given language model (tests pass their own). */
export function createLanguageModelAssistant(model: LanguageModel): Assistant {
  return new LanguageModelAssistant(model);
}

/**
 * The assistant the configuration names. `local` loads the GGUF file now (node-llama-cpp is imported only
 * here); its errors name the setting to fix.
 */
export async function createAssistant(config: AssistantConfig): Promise<Assistant> {
  if (config.provider === 'openai') return new LanguageModelAssistant(new OpenAICompatibleModel(config));
  if (config.provider === 'local') return new LanguageModelAssistant(await LocalGgufModel.load(config));
  return new BuiltinAssistant();
}
